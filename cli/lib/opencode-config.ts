import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import { isRecollectEntry, PLUGIN_PATH, specOf } from "../../scripts/install-plugin";

/** Where OpenCode would load the Recollect plugin from, if anywhere (opencode.json or a plugin dir). */
export interface PluginLocation {
  found: boolean;
  where: string | null;
  searched: string[];
  /** The generation whose shape the entry has: 1 (`plugin`, a plugin file), 2 (`plugins`, a plugin directory in `plugins/`). */
  shape?: 1 | 2;
}

/**
 * `ours` is this checkout's plugin/index.ts (what `recollect install-plugin` writes), found whatever
 * the checkout's directory is called; any other entry naming recollect counts too.
 */
export function findRecollectPlugin(projectDir: string, env: Record<string, string | undefined> = process.env, ours = PLUGIN_PATH): PluginLocation {
  const home = env.HOME || os.homedir();
  const configHome = env.XDG_CONFIG_HOME || path.join(home, ".config");
  const globalDir = path.join(configHome, "opencode");
  const configDirs = [globalDir, path.join(projectDir, ".opencode"), ...(env.OPENCODE_CONFIG_DIR ? [env.OPENCODE_CONFIG_DIR] : [])];
  const files = [
    ...(env.OPENCODE_CONFIG ? [env.OPENCODE_CONFIG] : []),
    ...["opencode.json", "opencode.jsonc", "config.json"].map((f) => path.join(globalDir, f)),
    ...["opencode.json", "opencode.jsonc"].map((f) => path.join(projectDir, f)),
    ...["opencode.json", "opencode.jsonc"].map((f) => path.join(projectDir, ".opencode", f)),
  ];
  const searched: string[] = [];
  for (const file of files) {
    searched.push(file);
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const config = parseJsonc(text, [], { allowTrailingComma: true }) as { plugin?: unknown; plugins?: unknown } | undefined;
    for (const [key, shape] of [
      ["plugin", 1],
      ["plugins", 2],
    ] as const) {
      const entries = Array.isArray(config?.[key]) ? (config[key] as unknown[]) : [];
      const hit = entries.find((e) => isRecollectEntry(e, ours) || /recollect/i.test(String(specOf(e))));
      if (hit) return { found: true, where: `${file} (${key} entry ${JSON.stringify(specOf(hit))})`, searched, shape };
    }
  }
  for (const dir of configDirs) {
    for (const sub of ["plugin", "plugins"]) {
      const d = path.join(dir, sub);
      searched.push(d);
      let names: string[] = [];
      try {
        names = fs.readdirSync(d);
      } catch {
        continue;
      }
      const hit = names.find((n) => /recollect/i.test(n) && /\.(ts|js|mjs)$/.test(n));
      if (hit) return { found: true, where: path.join(d, hit), searched, shape: 1 };
      // OpenCode 2's local plugin layout: a directory with index.ts (and tui.ts).
      const dirHit = names.find((n) => /recollect/i.test(n) && fs.existsSync(path.join(d, n, "index.ts")));
      if (dirHit) return { found: true, where: path.join(d, dirHit, "index.ts"), searched, shape: 2 };
    }
  }
  return { found: false, where: null, searched };
}
