export type Env = Record<string, string | undefined>;

import os from "node:os";
import path from "node:path";

/** `$XDG_DATA_HOME/recollect`, else `~/.local/share/recollect`; `RECOLLECT_DATA_DIR` wins. */
export function dataDir(env: Env = process.env): string {
  if (env.RECOLLECT_DATA_DIR) return path.resolve(env.RECOLLECT_DATA_DIR);
  const base = env.XDG_DATA_HOME || path.join(os.homedir(), ".local", "share");
  return path.join(base, "recollect");
}

/** `$XDG_CONFIG_HOME/recollect`, else `~/.config/recollect`. */
export function configDir(env: Env = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return path.join(base, "recollect");
}

export const databaseFile = (dir: string) => path.join(dir, "recollect.db");
export const tokenFile = (dir: string) => path.join(dir, "token");

/** The app's own files (migrations, models). Next.js and the CLI both run from the checkout root. */
export function appRoot(env: Env = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.RECOLLECT_APP_DIR || process.cwd());
}
