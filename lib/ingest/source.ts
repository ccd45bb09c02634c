import os from "node:os";
import path from "node:path";
import type { Env } from "../paths";

/** Where OpenCode keeps its database: `OPENCODE_DB`, else `$XDG_DATA_HOME/opencode/opencode.db`. */
export function defaultOpencodeDb(env: Env = process.env): string {
  if (env.OPENCODE_DB) return path.resolve(env.OPENCODE_DB);
  const base = env.XDG_DATA_HOME || path.join(env.HOME || os.homedir(), ".local", "share");
  return path.join(base, "opencode", "opencode.db");
}
