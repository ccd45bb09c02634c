import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ParseError, parse as parseJsonc } from "jsonc-parser";
import { trimEnd } from "../lib/trim-end";

/**
 * The plugin's settings: the `opencode.json` entry's options win over the environment, which wins
 * over the Recollect user config file (server.host / server.port) and the defaults.
 */
export interface Settings {
  url: string;
  dataDir: string;
  /** Per-turn calls (stable block, recall, resume): a few hundred ms. */
  turnTimeoutMs: number;
  /** The compression call carries the whole history. */
  compressTimeoutMs: number;
  /** Tool calls the model makes explicitly. */
  toolTimeoutMs: number;
  /** Compaction (checkpoint capture) happens rarely and may take longer. */
  compactTimeoutMs: number;
  /** Consecutive failures that open the circuit, and how long it stays open. */
  breakerFailures: number;
  breakerCooldownMs: number;
  autoStart: boolean;
  /** Command that starts the server (default: `recollect start` of this checkout). */
  startCommand: string[];
  appDir: string;
  stable: boolean;
  /**
   * A stable block fetched less than this long ago is reused without asking the server (pinned
   * memories change rarely; an agent's tool loop runs a turn every few seconds). The plugin's own
   * memory writes refresh it at the next turn.
   */
  stableRefreshMs: number;
  recall: boolean;
  resume: boolean;
  compress: boolean;
  extract: boolean;
  /** Appends each hook call's duration to this file (JSON lines). */
  traceFile?: string;
  /** Register the slash commands and the bundled agents (plugin/commands, plugin/agents). */
  commands: boolean;
  agents: boolean;
  /** `provider/model` of the session `memory_plan_execute` starts, and of the auditor. */
  executionModel?: string;
  auditorModel?: string;
}

export const DEFAULT_PORT = 7731;
export const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

type Env = Record<string, string | undefined>;
type Options = Record<string, unknown>;

const num = (v: unknown): number | undefined => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : typeof v === "number" ? v : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};
const bool = (v: unknown): boolean | undefined => (typeof v === "boolean" ? v : typeof v === "string" && v !== "" ? /^(1|true|yes|on)$/i.test(v) : undefined);
const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

export function dataDirFrom(env: Env): string {
  if (env.RECOLLECT_DATA_DIR) return path.resolve(env.RECOLLECT_DATA_DIR);
  return path.join(env.XDG_DATA_HOME || path.join(os.homedir(), ".local", "share"), "recollect");
}

/** A port the server would accept (an integer from 1 to 65535); anything else leaves its default. */
const port = (v: unknown): number | undefined => {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) && n >= 1 && n <= 65535 ? n : undefined;
};

/**
 * `server.host` / `server.port` of the user's Recollect config, read as the server reads it
 * (lib/config.ts): the file named by `RECOLLECT_CONFIG`, then the user file, the later winning; a
 * file with any error is ignored, and so is a value the server would refuse.
 */
function userServerConfig(env: Env): { host?: string; port?: number } {
  const files = [path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config"), "recollect", "config.jsonc")];
  if (env.RECOLLECT_CONFIG) files.unshift(path.resolve(env.RECOLLECT_CONFIG));
  const out: { host?: string; port?: number } = {};
  for (const file of files) {
    try {
      const errors: ParseError[] = [];
      const parsed = parseJsonc(fs.readFileSync(file, "utf8"), errors, { allowTrailingComma: true }) as { server?: { host?: unknown; port?: unknown } } | null;
      if (errors.length || typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) continue;
      out.host = str(parsed.server?.host) ?? out.host;
      out.port = port(parsed.server?.port) ?? out.port;
    } catch {
      // No such file, or unreadable: the server skips it too.
    }
  }
  return out;
}

export function serverUrl(options: Options, env: Env): string {
  const explicit = str(options.url) ?? str(env.RECOLLECT_URL);
  if (explicit) return trimEnd(explicit, "/");
  const file = userServerConfig(env);
  // The server's own variables first, then their short aliases (lib/config.ts ENV_ALIASES).
  let host = str(env.RECOLLECT_SERVER_HOST) ?? str(env.RECOLLECT_HOST) ?? file.host ?? "127.0.0.1";
  const p = port(env.RECOLLECT_SERVER_PORT) ?? port(env.RECOLLECT_PORT) ?? file.port ?? DEFAULT_PORT;
  if (host.includes(":") && !host.startsWith("[")) host = `[${host}]`;
  return `http://${host}:${p}`;
}

/**
 * `recollect start` of this checkout (pid file and log in the data dir, so `recollect stop` and
 * `status` know the server); `npm start`'s script when the CLI is absent.
 */
function defaultStartCommand(): string[] {
  const cli = path.join(APP_DIR, "cli", "recollect.mjs");
  if (fs.existsSync(cli)) return ["node", cli, "start"];
  return ["node", path.join(APP_DIR, "node_modules", "tsx", "dist", "cli.mjs"), path.join(APP_DIR, "scripts", "start.ts")];
}

export function resolveSettings(options: Options = {}, env: Env = process.env): Settings {
  const turn = num(options.timeoutMs) ?? num(env.RECOLLECT_PLUGIN_TIMEOUT_MS) ?? 300;
  const startCommand = Array.isArray(options.startCommand)
    ? options.startCommand.map(String)
    : (str(env.RECOLLECT_START_COMMAND)?.split(/\s+/) ?? defaultStartCommand());
  const flag = (key: string, envKey: string, dflt: boolean) => bool(options[key]) ?? bool(env[envKey]) ?? dflt;
  return {
    url: serverUrl(options, env),
    dataDir: str(options.dataDir) ? path.resolve(str(options.dataDir)!) : dataDirFrom(env),
    turnTimeoutMs: turn,
    compressTimeoutMs: num(options.compressTimeoutMs) ?? num(env.RECOLLECT_PLUGIN_COMPRESS_TIMEOUT_MS) ?? Math.max(turn, 1500),
    toolTimeoutMs: num(options.toolTimeoutMs) ?? 5000,
    compactTimeoutMs: num(options.compactTimeoutMs) ?? 20_000,
    breakerFailures: num(options.breakerFailures) ?? 3,
    breakerCooldownMs: num(options.breakerCooldownMs) ?? num(env.RECOLLECT_PLUGIN_COOLDOWN_MS) ?? 30_000,
    autoStart: flag("autoStart", "RECOLLECT_AUTOSTART", true),
    startCommand,
    appDir: APP_DIR,
    stable: flag("stable", "RECOLLECT_PLUGIN_STABLE", true),
    stableRefreshMs: num(options.stableRefreshMs) ?? num(env.RECOLLECT_PLUGIN_STABLE_REFRESH_MS) ?? 10_000,
    recall: flag("recall", "RECOLLECT_PLUGIN_RECALL", true),
    resume: flag("resume", "RECOLLECT_PLUGIN_RESUME", true),
    compress: flag("compress", "RECOLLECT_PLUGIN_COMPRESS", true),
    extract: flag("extract", "RECOLLECT_PLUGIN_EXTRACT", true),
    traceFile: str(options.traceFile) ?? str(env.RECOLLECT_PLUGIN_TRACE),
    commands: flag("commands", "RECOLLECT_PLUGIN_COMMANDS", true),
    agents: flag("agents", "RECOLLECT_PLUGIN_AGENTS", true),
    executionModel: str(options.executionModel),
    auditorModel: str(options.auditorModel),
  };
}
