import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { applyEdits, modify, parse, type ParseError } from "jsonc-parser";

/**
 * Adds (or removes) the Recollect plugin entry in an `opencode.json`, keeping the file's comments
 * and formatting. Idempotent: an existing entry for this plugin is updated, never duplicated.
 *
 *   npx tsx scripts/install-plugin.ts [--global | --project <dir> | --config <file>] [--option key=value ...] [--uninstall]
 */
export const PLUGIN_PATH = path.resolve(import.meta.dirname, "..", "plugin", "index.ts");
/** The TUI plugin (sidebar, palette search, toasts), listed in `tui.json` beside the config. */
export const TUI_PLUGIN_PATH = path.resolve(import.meta.dirname, "..", "plugin", "tui.tsx");
/** The npm package: OpenCode installs a plugin named in `plugin` from npm; its main entry is plugin/index.ts. */
export const PACKAGE_NAME = "recollect";

export interface InstallOptions {
  /** `global` (the user's OpenCode config dir, default) or a project directory. */
  target?: { global: true } | { project: string } | { config: string };
  /** Plugin options written as `[path, options]`; omitted: a plain string entry. */
  options?: Record<string, unknown>;
  uninstall?: boolean;
  env?: Record<string, string | undefined>;
  /** Entry to write (default: this checkout's plugin/index.ts). */
  entry?: string;
}

export interface InstallResult {
  file: string;
  changed: boolean;
  action: "added" | "updated" | "unchanged" | "removed" | "absent";
  /** The same for the TUI plugin's entry in `tui.json(c)` of the same directory. */
  tui?: Omit<InstallResult, "tui">;
}

/** Where OpenCode reads the config for a target: an existing opencode.jsonc wins over .json. */
export function configFileFor(target: InstallOptions["target"] = { global: true }, env: Record<string, string | undefined> = process.env): string {
  if ("config" in target) return path.resolve(target.config);
  const dir = "project" in target ? path.resolve(target.project) : path.join(env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), ".config"), "opencode");
  const jsonc = path.join(dir, "opencode.jsonc");
  return fs.existsSync(jsonc) ? jsonc : path.join(dir, "opencode.json");
}

/** Whether a `plugin` entry is ours: this path, a file URL of it, or any path to recollect's plugin/index.ts. */
export function isRecollectEntry(entry: unknown, ours: string = PLUGIN_PATH): boolean {
  const spec = Array.isArray(entry) ? entry[0] : entry;
  if (typeof spec !== "string") return false;
  const p = spec.startsWith("file://") ? new URL(spec).pathname : spec;
  return p === ours || /(^|\/)recollect(\/|-[^/]*\/)?plugin\/index\.ts$/.test(p) || p === PACKAGE_NAME || p.startsWith(`${PACKAGE_NAME}@`);
}

/** `tui.json(c)` in the directory of an OpenCode config file (an existing .jsonc wins). */
export function tuiFileFor(configFile: string): string {
  const jsonc = path.join(path.dirname(configFile), "tui.jsonc");
  return fs.existsSync(jsonc) ? jsonc : path.join(path.dirname(configFile), "tui.json");
}

/** Whether a `tui.json` entry is ours: any path to recollect's plugin/tui.tsx. */
export function isRecollectTuiEntry(entry: unknown, ours: string = TUI_PLUGIN_PATH): boolean {
  const spec = Array.isArray(entry) ? entry[0] : entry;
  if (typeof spec !== "string") return false;
  const p = spec.startsWith("file://") ? new URL(spec).pathname : spec;
  return p === ours || /(^|\/)recollect(\/|-[^/]*\/)?plugin\/tui\.tsx?$/.test(p);
}

/**
 * Removes every Recollect entry (this installation's, another checkout's, the package name) from
 * `opencode.json(c)` and `tui.json(c)`, keeping the rest of both files and their comments: what
 * `recollect uninstall` does before the package goes, so OpenCode is not left pointing at deleted files.
 */
export function uninstallPlugin(target: InstallOptions["target"] = { global: true }, env: Record<string, string | undefined> = process.env): InstallResult {
  const file = configFileFor(target, env);
  const opts: InstallOptions = { target, env, uninstall: true };
  return {
    ...editPluginList(file, PLUGIN_PATH, (e) => isRecollectEntry(e), opts),
    tui: editPluginList(tuiFileFor(file), TUI_PLUGIN_PATH, (e) => isRecollectTuiEntry(e), opts),
  };
}

/** The server plugin in `opencode.json(c)`, and the TUI plugin in `tui.json(c)` beside it. */
export function installPlugin(opts: InstallOptions = {}): InstallResult {
  const file = configFileFor(opts.target, opts.env ?? process.env);
  const entryPath = opts.entry ?? PLUGIN_PATH;
  const result = editPluginList(file, entryPath, (e) => isRecollectEntry(e, entryPath), opts);
  const tuiEntry = opts.entry ? path.join(path.dirname(opts.entry), "tui.tsx") : TUI_PLUGIN_PATH;
  return { ...result, tui: editPluginList(tuiFileFor(file), tuiEntry, (e) => isRecollectTuiEntry(e, tuiEntry), opts) };
}

function editPluginList(file: string, entryPath: string, isOurs: (entry: unknown) => boolean, opts: InstallOptions): Omit<InstallResult, "tui"> {
  const exists = fs.existsSync(file);
  const text = exists ? fs.readFileSync(file, "utf8") : "";
  const errors: ParseError[] = [];
  const config = (text.trim() ? parse(text, errors, { allowTrailingComma: true }) : {}) as Record<string, unknown> | undefined;
  if (errors.length || typeof config !== "object" || config === null || Array.isArray(config)) {
    throw new Error(`${file}: not a valid JSON(C) object; fix it or pass --config`);
  }
  const plugins = Array.isArray(config.plugin) ? [...(config.plugin as unknown[])] : [];
  const index = plugins.findIndex(isOurs);
  const wanted: unknown = opts.options && Object.keys(opts.options).length ? [entryPath, opts.options] : entryPath;

  let next: unknown[] | undefined;
  let action: InstallResult["action"];
  if (opts.uninstall) {
    if (index < 0) return { file, changed: false, action: "absent" };
    // Every entry of ours goes (a path and a name from two installs); an emptied list goes too.
    next = plugins.filter((p) => !isOurs(p));
    if (next.length === 0) next = undefined;
    action = "removed";
  } else if (index < 0) {
    next = [...plugins, wanted];
    action = "added";
  } else {
    if (JSON.stringify(plugins[index]) === JSON.stringify(wanted)) return { file, changed: false, action: "unchanged" };
    next = plugins.map((p, i) => (i === index ? wanted : p));
    action = "updated";
  }

  const schema = path.basename(file).startsWith("tui.") ? "https://opencode.ai/tui.json" : "https://opencode.ai/config.json";
  const base = text.trim() ? text : `{\n  "$schema": "${schema}"\n}\n`;
  const edits = modify(base, ["plugin"], next, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } });
  const out = applyEdits(base, edits);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Write then rename: a crash never leaves a half-written config.
  const tmp = `${file}.recollect-${process.pid}.tmp`;
  fs.writeFileSync(tmp, out.endsWith("\n") ? out : out + "\n");
  fs.renameSync(tmp, file);
  return { file, changed: true, action };
}

function parseArgs(argv: string[]): InstallOptions {
  const opts: InstallOptions = { target: { global: true } };
  const options: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--global") opts.target = { global: true };
    else if (a === "--project") opts.target = { project: value() };
    else if (a === "--config") opts.target = { config: value() };
    else if (a === "--uninstall") opts.uninstall = true;
    else if (a === "--option") {
      const [k, ...rest] = value().split("=");
      const raw = rest.join("=");
      if (!k || !raw) throw new Error("--option takes key=value (e.g. url=http://127.0.0.1:7731)");
      options[k] = raw === "true" ? true : raw === "false" ? false : /^\d+$/.test(raw) ? Number(raw) : raw;
    } else if (a === "--help" || a === "-h") {
      console.log("usage: install-plugin [--global | --project <dir> | --config <file>] [--option key=value ...] [--uninstall]");
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (Object.keys(options).length) opts.options = options;
  return opts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const result = installPlugin(parseArgs(process.argv.slice(2)));
    const verb = {
      added: "Added the Recollect plugin to",
      updated: "Updated the Recollect plugin entry in",
      unchanged: "Already installed in",
      removed: "Removed the Recollect plugin from",
      absent: "Not installed in",
    }[result.action];
    console.log(`${verb} ${result.file}`);
    if (result.tui) console.log(`TUI plugin (${result.tui.action}): ${result.tui.file}`);
    if (result.action === "added" || result.action === "updated")
      console.log("Restart OpenCode to load it. The plugin starts the Recollect server if it is not running.");
  } catch (error) {
    console.error(`install-plugin: ${(error as Error).message}`);
    process.exit(1);
  }
}
