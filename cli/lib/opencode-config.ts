import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import { isRecollectEntry, PLUGIN_PATH } from "../../scripts/install-plugin";

/** Where OpenCode would load the Recollect plugin from, if anywhere (opencode.json or a plugin dir). */
export interface PluginLocation {
  found: boolean;
  where: string | null;
  searched: string[];
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
    const config = parseJsonc(text, [], { allowTrailingComma: true }) as { plugin?: unknown } | undefined;
    const entries = Array.isArray(config?.plugin) ? config.plugin : [];
    const hit = entries.find((e) => isRecollectEntry(e, ours) || /recollect/i.test(Array.isArray(e) ? String(e[0]) : String(e)));
    if (hit) return { found: true, where: `${file} (plugin entry ${JSON.stringify(Array.isArray(hit) ? hit[0] : hit)})`, searched };
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
      if (hit) return { found: true, where: path.join(d, hit), searched };
    }
  }
  return { found: false, where: null, searched };
}
