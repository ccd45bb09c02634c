import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { applyEdits, modify, parse, type ParseError } from "jsonc-parser";

/**
 * Adds (or removes) the Recollect plugin entry in an `opencode.json`, keeping the file's comments
 * and formatting. Idempotent: an existing entry for this plugin is updated, never duplicated.
 *
 *   npx tsx scripts/install-plugin.ts [--global | --project <dir> | --config <file>] [--opencode 1|2] [--option key=value ...] [--uninstall]
 *
 * OpenCode 1 reads `plugin` (and the TUI's `tui.json`); OpenCode 2 reads `plugins` (object form)
 * and local plugins in `.opencode/plugins/`. The generation is detected from the installed binary
 * unless `--opencode` names it.
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
  /** The OpenCode generation to install for (default: the one installed, detectOpencode()). */
  opencode?: OpencodeGeneration;
}

export type OpencodeGeneration = 1 | 2;

export interface InstallResult {
  file: string;
  changed: boolean;
  action: "added" | "updated" | "unchanged" | "removed" | "absent";
  /** The same for the TUI plugin's entry in `tui.json(c)` of the same directory. */
  tui?: Omit<InstallResult, "tui" | "opencode" | "removedOther">;
  /** The generation installed for. */
  opencode?: OpencodeGeneration;
  /** Entries of the other generation's shape removed so OpenCode does not load the module twice. */
  removedOther?: string[];
}

/**
 * The generation of the OpenCode on PATH: `opencode --version` (2.x is OpenCode 2; its beta was
 * `opencode2`), else 1, the generation on the npm registry (`opencode-ai`). `OPENCODE_BIN` names
 * the binary to ask.
 */
export function detectOpencode(env: Record<string, string | undefined> = process.env): {
  generation: OpencodeGeneration;
  version: string | null;
  bin: string | null;
} {
  for (const bin of [env.OPENCODE_BIN, "opencode", "opencode2"].filter((b): b is string => !!b)) {
    const res = spawnSync(bin, ["--version"], { encoding: "utf8", timeout: 5000, env: { ...process.env, ...env } });
    const version = res.status === 0 ? /(\d+)\.\d+\.\d+\S*/.exec(res.stdout ?? "")?.[0] : undefined;
    if (version) return { generation: version.startsWith("2.") || bin.endsWith("opencode2") ? 2 : 1, version, bin };
  }
  return { generation: 1, version: null, bin: null };
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
  const spec = specOf(entry);
  if (typeof spec !== "string") return false;
  const p = spec.startsWith("file://") ? new URL(spec).pathname : spec;
  return p === ours || /(^|\/)recollect(\/|-[^/]*\/)?plugin\/index\.ts$/.test(p) || p === PACKAGE_NAME || p.startsWith(`${PACKAGE_NAME}@`);
}

/** The spec of a plugin entry: a string, V1's `[spec, options]`, or V2's `{ package, options }`. */
export function specOf(entry: unknown): unknown {
  if (Array.isArray(entry)) return entry[0];
  if (entry && typeof entry === "object" && "package" in entry) return (entry as { package: unknown }).package;
  return entry;
}

/** `tui.json(c)` in the directory of an OpenCode config file (an existing .jsonc wins). */
export function tuiFileFor(configFile: string): string {
  const jsonc = path.join(path.dirname(configFile), "tui.jsonc");
  return fs.existsSync(jsonc) ? jsonc : path.join(path.dirname(configFile), "tui.json");
}

/** Whether a `tui.json` entry is ours: any path to recollect's plugin/tui.tsx. */
export function isRecollectTuiEntry(entry: unknown, ours: string = TUI_PLUGIN_PATH): boolean {
  const spec = specOf(entry);
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
  const v1 = editPluginList(file, PLUGIN_PATH, (e) => isRecollectEntry(e), opts);
  // Whichever generation it was installed for: OpenCode 2's `plugins` entries, a project's local
  // plugin directory and `cli.json` entries go too, so no config points at a removed package.
  const removedOther: string[] = [];
  if (removeEntries(file, "plugins", (e) => isRecollectEntry(e))) removedOther.push(`${file} (plugins)`);
  if ("project" in target && fs.existsSync(localPluginDir(target.project))) {
    fs.rmSync(localPluginDir(target.project), { recursive: true, force: true });
    removedOther.push(localPluginDir(target.project));
  }
  const cli = cliConfigFile(env);
  if (!("project" in target) && removeEntries(cli, "plugins", (e) => isRecollectTuiEntry(e) || isRecollectEntry(e))) removedOther.push(`${cli} (plugins)`);
  const changed = v1.changed || removedOther.length > 0;
  return {
    ...v1,
    changed,
    action: changed ? "removed" : v1.action,
    removedOther,
    tui: editPluginList(tuiFileFor(file), TUI_PLUGIN_PATH, (e) => isRecollectTuiEntry(e), opts),
  };
}

/** The server plugin in `opencode.json(c)`, and the TUI plugin in `tui.json(c)` beside it. */
export function installPlugin(opts: InstallOptions = {}): InstallResult {
  const opencode = opts.opencode ?? detectOpencode(opts.env ?? process.env).generation;
  if (opencode === 2) return installPluginV2(opts);
  const file = configFileFor(opts.target, opts.env ?? process.env);
  const entryPath = opts.entry ?? PLUGIN_PATH;
  const result = editPluginList(file, entryPath, (e) => isRecollectEntry(e, entryPath), opts);
  const tuiEntry = opts.entry ? path.join(path.dirname(opts.entry), "tui.tsx") : TUI_PLUGIN_PATH;
  const removedOther = removeEntries(file, "plugins", (e) => isRecollectEntry(e, entryPath)) ? [`${file} (plugins)`] : [];
  const target = opts.target ?? { global: true };
  if ("project" in target && !opts.uninstall && fs.existsSync(localPluginDir(target.project))) {
    fs.rmSync(localPluginDir(target.project), { recursive: true, force: true });
    removedOther.push(localPluginDir(target.project));
  }
  return { ...result, opencode: 1, removedOther, tui: editPluginList(tuiFileFor(file), tuiEntry, (e) => isRecollectTuiEntry(e, tuiEntry), opts) };
}

/** OpenCode 2's global CLI config (`$XDG_CONFIG_HOME/opencode/cli.json`). */
export function cliConfigFile(env: Record<string, string | undefined> = process.env): string {
  return path.join(env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), ".config"), "opencode", "cli.json");
}

/** The local plugin directory OpenCode 2 discovers in a project (`.opencode/plugins/<name>/index.ts` + `tui.ts`). */
export const localPluginDir = (project: string) => path.join(path.resolve(project), ".opencode", "plugins", "recollect");

/**
 * OpenCode 2: a global or named config gets a `plugins` entry in the object form (`{ "package":
 * <plugin/index.ts>, "options": {...} }`); a project gets a local plugin in
 * `.opencode/plugins/recollect/` (index.ts and tui.ts re-exporting this installation's entries,
 * with the options). The CLI part (sidebar, palette) needs no `cli.json` entry: OpenCode 2's CLI
 * loads the TUI entry of every server plugin that has one (plugin/tui.tsx beside index.ts). What
 * would load the module a second time is removed: a V1 `plugin` entry of Recollect in the same
 * config, Recollect's V1 `tui.json` entry (OpenCode 2 migrates tui.json into cli.json) and a
 * Recollect entry in `cli.json`.
 */
function installPluginV2(opts: InstallOptions): InstallResult {
  const env = opts.env ?? process.env;
  const entryPath = opts.entry ?? PLUGIN_PATH;
  const tuiEntry = opts.entry ? path.join(path.dirname(opts.entry), "tui.tsx") : TUI_PLUGIN_PATH;
  const target = opts.target ?? { global: true };
  const configFile = configFileFor("project" in target ? { project: target.project } : target, env);
  const removedOther: string[] = [];
  const drop = (file: string, key: string, isOurs: (e: unknown) => boolean) => {
    if (removeEntries(file, key, isOurs)) removedOther.push(`${file} (${key})`);
  };
  let result: Omit<InstallResult, "tui">;
  if ("project" in target) {
    result = writeLocalPlugin(localPluginDir(target.project), entryPath, tuiEntry, opts);
    drop(configFile, "plugins", (e) => isRecollectEntry(e, entryPath));
  } else {
    result = editPluginList(configFile, entryPath, (e) => isRecollectEntry(e, entryPath), opts, "plugins");
  }
  drop(configFile, "plugin", (e) => isRecollectEntry(e, entryPath));
  drop(tuiFileFor(configFile), "plugin", (e) => isRecollectTuiEntry(e, tuiEntry));
  drop(cliConfigFile(env), "plugins", (e) => isRecollectTuiEntry(e, tuiEntry) || isRecollectEntry(e, entryPath));
  return { ...result, opencode: 2, removedOther };
}

/** The local plugin files: rewritten only when they differ, removed on uninstall. */
function writeLocalPlugin(dir: string, entryPath: string, tuiEntry: string, opts: InstallOptions): Omit<InstallResult, "tui"> {
  const index = path.join(dir, "index.ts");
  if (opts.uninstall) {
    if (!fs.existsSync(dir)) return { file: index, changed: false, action: "absent" };
    fs.rmSync(dir, { recursive: true, force: true });
    return { file: index, changed: true, action: "removed" };
  }
  const options = opts.options && Object.keys(opts.options).length ? opts.options : undefined;
  const header = "// Written by `recollect install-plugin --opencode 2`: OpenCode 2 loads this local plugin. Re-run it to change; --uninstall removes it.\n";
  const files: Record<string, string> = {
    "index.ts": options
      ? `${header}import recollect from ${JSON.stringify(entryPath)};\n\nconst options = ${JSON.stringify(options)};\n\nexport default {\n  ...recollect,\n  setup: (ctx: { options?: Record<string, unknown> }) =>\n    recollect.setup(new Proxy(ctx, { get: (t, k) => (k === "options" ? { ...options, ...t.options } : Reflect.get(t, k)) }) as never),\n};\n`
      : `${header}export { default } from ${JSON.stringify(entryPath)};\n`,
    "tui.ts": `${header}export { default } from ${JSON.stringify(tuiEntry)};\n`,
  };
  const existed = fs.existsSync(index);
  let changed = false;
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === content) continue;
    const tmp = `${file}.recollect-${process.pid}.tmp`;
    fs.writeFileSync(tmp, content);
    fs.renameSync(tmp, file);
    changed = true;
  }
  return { file: index, changed, action: !existed ? "added" : changed ? "updated" : "unchanged" };
}

/** Removes every entry `isOurs` matches from a list key of a JSON(C) file, keeping the rest; true when something was removed. */
function removeEntries(file: string, key: string, isOurs: (entry: unknown) => boolean): boolean {
  if (!fs.existsSync(file)) return false;
  const text = fs.readFileSync(file, "utf8");
  const errors: ParseError[] = [];
  const config = parse(text, errors, { allowTrailingComma: true }) as Record<string, unknown> | undefined;
  if (errors.length || !config || typeof config !== "object" || !Array.isArray(config[key])) return false;
  const list = config[key] as unknown[];
  const next = list.filter((e) => !isOurs(e));
  if (next.length === list.length) return false;
  const out = applyEdits(text, modify(text, [key], next, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } }));
  const tmp = `${file}.recollect-${process.pid}.tmp`;
  fs.writeFileSync(tmp, out);
  fs.renameSync(tmp, file);
  return true;
}

function editPluginList(
  file: string,
  entryPath: string,
  isOurs: (entry: unknown) => boolean,
  opts: InstallOptions,
  key: "plugin" | "plugins" = "plugin",
): Omit<InstallResult, "tui"> {
  const exists = fs.existsSync(file);
  const text = exists ? fs.readFileSync(file, "utf8") : "";
  const errors: ParseError[] = [];
  const config = (text.trim() ? parse(text, errors, { allowTrailingComma: true }) : {}) as Record<string, unknown> | undefined;
  if (errors.length || typeof config !== "object" || config === null || Array.isArray(config)) {
    throw new Error(`${file}: not a valid JSON(C) object; fix it or pass --config`);
  }
  const plugins = Array.isArray(config[key]) ? [...(config[key] as unknown[])] : [];
  const index = plugins.findIndex(isOurs);
  const options = opts.options && Object.keys(opts.options).length ? opts.options : undefined;
  // OpenCode 2 (`plugins`): the object form; OpenCode 1 (`plugin`): a string or a [spec, options] pair.
  const wanted: unknown = key === "plugins" ? { package: entryPath, ...(options ? { options } : {}) } : options ? [entryPath, options] : entryPath;

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
  const edits = modify(base, [key], next, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } });
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
    else if (a === "--opencode") {
      const g = value();
      if (g !== "1" && g !== "2") throw new Error("--opencode takes 1 or 2");
      opts.opencode = Number(g) as OpencodeGeneration;
    } else if (a === "--option") {
      const [k, ...rest] = value().split("=");
      const raw = rest.join("=");
      if (!k || !raw) throw new Error("--option takes key=value (e.g. url=http://127.0.0.1:7731)");
      options[k] = raw === "true" ? true : raw === "false" ? false : /^\d+$/.test(raw) ? Number(raw) : raw;
    } else if (a === "--help" || a === "-h") {
      console.log("usage: install-plugin [--global | --project <dir> | --config <file>] [--opencode 1|2] [--option key=value ...] [--uninstall]");
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
    console.log(`${verb} ${result.file} (OpenCode ${result.opencode})`);
    for (const other of result.removedOther ?? []) console.log(`Removed the other generation's entry: ${other}`);
    if (result.tui) console.log(`TUI plugin (${result.tui.action}): ${result.tui.file}`);
    if (result.action === "added" || result.action === "updated")
      console.log("Restart OpenCode to load it. The plugin starts the Recollect server if it is not running.");
  } catch (error) {
    console.error(`install-plugin: ${(error as Error).message}`);
    process.exit(1);
  }
}
