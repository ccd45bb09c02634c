import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { applyEdits, modify, parse, type ParseError } from "jsonc-parser";
import { AGENTS, type Agent, HOOK_EVENTS, type HookEvent } from "../../lib/contracts/agents";
import { AGENT_HOOK_HEADER, agentHookKey, agentHookPath } from "../../lib/security/agent-hook-key";
import { dialledAddress } from "../../lib/security/server-proof";
import { trimEnd } from "../../lib/trim-end";
import { installMcp, type InstallMcpResult, type McpClient } from "./install-mcp";

/**
 * `recollect install-agent claude-code|codex`: Recollect's lifecycle hooks in the agent's hooks
 * file (Claude Code: `~/.claude/settings.json`; Codex: `~/.codex/hooks.json`) and its MCP server
 * entry (install-mcp), keeping everything else in those files. Idempotent: a second run changes
 * nothing; `--uninstall` removes only what is Recollect's (hooks whose command runs agents/hook.mjs).
 */
export { AGENTS, type Agent };

export const HOOK_SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "agents", "hook.mjs");

/** The agent's own limit per hook, in seconds (the script keeps its own, shorter deadlines). */
const TIMEOUT_SECONDS: Record<HookEvent, number> = { SessionStart: 10, UserPromptSubmit: 5, PreCompact: 60, Stop: 15 };

export interface InstallAgentOptions {
  agent: Agent;
  url: string;
  dataDir: string;
  tokenPath: string;
  uninstall?: boolean;
  env?: Record<string, string | undefined>;
}

export interface InstallAgentResult {
  agent: Agent;
  hooks: { file: string; action: InstallMcpResult["action"] };
  mcp: InstallMcpResult;
}

export function hooksFile(agent: Agent, env: Record<string, string | undefined> = process.env): string {
  return agent === "codex" ? path.join(codexHome(env), "hooks.json") : path.join(claudeConfigDir(env), "settings.json");
}

const homeOf = (env: Record<string, string | undefined>) => env.HOME || os.homedir();
const claudeConfigDir = (env: Record<string, string | undefined>) => env.CLAUDE_CONFIG_DIR || path.join(homeOf(env), ".claude");
const codexHome = (env: Record<string, string | undefined>) => env.CODEX_HOME || path.join(homeOf(env), ".codex");

/** Where an agent keeps its transcripts: the one folder the server reads them from for a keyed hook. */
export const transcriptRoot = (agent: Agent, env: Record<string, string | undefined>) =>
  agent === "codex" ? path.join(codexHome(env), "sessions") : path.join(claudeConfigDir(env), "projects");

/**
 * Claude Code posts these events itself (HTTP hooks: no process per prompt); it takes only command
 * hooks at SessionStart, and Codex takes only command hooks. A command hook is `curl` where it is
 * installed (a few ms), else Node.js with agents/hook.mjs (a process start: ~130 ms here).
 */
const HTTP_EVENTS: ReadonlySet<HookEvent> = new Set(["UserPromptSubmit", "PreCompact", "Stop"]);

/** How long `curl` waits per event, in seconds (below the agent's own limit; the hook script keeps the same). */
const CURL_SECONDS: Record<HookEvent, number> = { SessionStart: 3, UserPromptSubmit: 2, PreCompact: 20, Stop: 5 };

/** A keyed hook's target (lib/security/agent-hook-key.ts): the agent's hook path with `?root=`, and the key. */
export function keyedHook(agent: Agent, url: string, token: string, env: Record<string, string | undefined>) {
  const root = transcriptRoot(agent, env);
  return {
    url: `${trimEnd(url, "/")}${agentHookPath(agent)}?root=${encodeURIComponent(root)}`,
    headers: { [AGENT_HOOK_HEADER]: agentHookKey(token, dialledAddress(url), agent, root) },
  };
}

/** The file `curl` reads the key header from: never on a command line (any user can read /proc/<pid>/cmdline). */
export const keyHeaderFile = (dataDir: string, agent: Agent) => path.join(dataDir, "agents", `${agent}-hook.header`);

/** The `curl` command of a hook: the event on stdin, the answer on stdout, nothing and exit 0 on any failure. */
export function curlCommand(agent: Agent, event: HookEvent, url: string, dataDir: string, env: Record<string, string | undefined>): string {
  const target = keyedHook(agent, url, "", env).url;
  return `curl -sf -m ${CURL_SECONDS[event]} -H @${quote(keyHeaderFile(dataDir, agent))} -H 'content-type: application/json' --data-binary @- ${quote(target)} || true`;
}

/** Whether `curl` is on the agent's PATH. */
export function hasCurl(env: Record<string, string | undefined>): boolean {
  return (env.PATH ?? "").split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, "curl"), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function readToken(tokenPath: string): string | undefined {
  try {
    return fs.readFileSync(tokenPath, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** The shell command a hook runs without a key: this Node.js, the hook script, the agent, where the server is. */
export function hookCommand(agent: Agent, url: string, dataDir: string): string {
  return [quote(process.execPath), quote(HOOK_SCRIPT), agent, "--url", quote(url), "--data-dir", quote(dataDir)].join(" ");
}

/** A hook is Recollect's when it runs agents/hook.mjs (from any install) or posts to Recollect's hook path. */
export const isRecollectHook = (h: Handler) =>
  (typeof h.command === "string" && (/agents\/hook\.mjs/.test(h.command) || /\/api\/agents\/hook\/[a-z-]+\?root=/.test(h.command))) ||
  (h.type === "http" && typeof h.url === "string" && /\/api\/agents\/hook\/[a-z-]+\?root=/.test(h.url));

type Handler = { type?: string; command?: unknown; url?: unknown; headers?: Record<string, string>; timeout?: number };
type Group = { matcher?: string; hooks?: Handler[] };

export function installAgent(opts: InstallAgentOptions): InstallAgentResult {
  const file = hooksFile(opts.agent, opts.env);
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const errors: ParseError[] = [];
  const config = (text.trim() ? parse(text, errors, { allowTrailingComma: true }) : {}) as Record<string, unknown>;
  if (errors.length || typeof config !== "object" || config === null || Array.isArray(config))
    throw new Error(`${file}: not a valid JSON object; fix it first`);
  const hooks = (config.hooks ?? {}) as Record<string, Group[] | undefined>;

  // Without a token yet (a server never started), every hook runs the hook script; install again later for keyed hooks.
  const plan = hookPlan(opts);
  let next = text.trim() ? text : "{}\n";
  let changed = false;
  let had = false;
  const fmt = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } };
  for (const event of HOOK_EVENTS) {
    const groups = Array.isArray(hooks[event]) ? (hooks[event] as Group[]) : [];
    const others = groups.filter((g) => !(g.hooks ?? []).some(isRecollectHook));
    had ||= others.length !== groups.length;
    const ours: Group = { hooks: [plan(event)] };
    const wanted = opts.uninstall ? others : [...others, ours];
    if (JSON.stringify(wanted) === JSON.stringify(groups)) continue;
    changed = true;
    next = applyEdits(next, modify(next, ["hooks", event], wanted.length ? wanted : undefined, fmt));
  }
  // An emptied `hooks` object goes too (uninstall leaves the file as it was before install).
  if (opts.uninstall && changed) {
    const after = parse(next, [], { allowTrailingComma: true }) as Record<string, unknown>;
    if (after.hooks && typeof after.hooks === "object" && Object.keys(after.hooks).length === 0)
      next = applyEdits(next, modify(next, ["hooks"], undefined, fmt));
  }
  let action: InstallMcpResult["action"];
  if (opts.uninstall) action = changed ? "removed" : "absent";
  else action = !changed ? "unchanged" : had ? "updated" : "added";
  if (changed) writeWhole(file, next.endsWith("\n") ? next : `${next}\n`);
  writeKeyHeader(opts);

  const client: McpClient = opts.agent === "codex" ? "codex" : "claude";
  const mcp = installMcp({ client, url: opts.url, tokenPath: opts.tokenPath, uninstall: opts.uninstall, env: opts.env });
  return { agent: opts.agent, hooks: { file, action }, mcp };
}

/** Each event's hook as an install writes it now: HTTP (Claude Code), `curl` with the key, or the hook script. */
function hookPlan(opts: Pick<InstallAgentOptions, "agent" | "url" | "dataDir" | "tokenPath" | "env">): (event: HookEvent) => Handler {
  const env = opts.env ?? process.env;
  const token = readToken(opts.tokenPath);
  const curl = hasCurl(env);
  return (event) => {
    const timeout = TIMEOUT_SECONDS[event];
    if (token && opts.agent === "claude-code" && HTTP_EVENTS.has(event)) return { type: "http", ...keyedHook(opts.agent, opts.url, token, env), timeout };
    if (token && curl) return { type: "command", command: curlCommand(opts.agent, event, opts.url, opts.dataDir, env), timeout };
    return { type: "command", command: hookCommand(opts.agent, opts.url, opts.dataDir), timeout };
  };
}

/** The key header `curl` sends (mode 0600 in the data dir), written with the hooks and removed with them. */
function writeKeyHeader(opts: InstallAgentOptions) {
  const file = keyHeaderFile(opts.dataDir, opts.agent);
  const token = readToken(opts.tokenPath);
  if (opts.uninstall || !token) return fs.rmSync(file, { force: true });
  const { headers } = keyedHook(opts.agent, opts.url, token, opts.env ?? process.env);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeWhole(file, `${AGENT_HOOK_HEADER}: ${headers[AGENT_HOOK_HEADER]}\n`, 0o600);
}

/**
 * What `recollect doctor` says of an agent: not installed, installed, or installed for another
 * server, data dir or token (an HTTP hook's key is bound to all three: a rotated token needs a new install).
 */
export function agentStatus(agent: Agent, url: string, dataDir: string, env: Record<string, string | undefined> = process.env, tokenPath?: string) {
  const file = hooksFile(agent, env);
  let config: Record<string, unknown> | undefined;
  try {
    config = parse(fs.readFileSync(file, "utf8"), [], { allowTrailingComma: true }) as Record<string, unknown>;
  } catch {
    return { file, installed: false as const };
  }
  const hooks = (config?.hooks ?? {}) as Record<string, Group[] | undefined>;
  const ours = HOOK_EVENTS.flatMap((event) =>
    (Array.isArray(hooks[event]) ? (hooks[event] as Group[]) : []).flatMap((g) => (g.hooks ?? []).filter(isRecollectHook).map((h) => ({ event, h }))),
  );
  if (!ours.length) return { file, installed: false as const };
  const events = HOOK_EVENTS.filter((e) => ours.some((o) => o.event === e));
  const plan = hookPlan({ agent, url, dataDir, tokenPath: tokenPath ?? path.join(dataDir, "token"), env });
  const token = readToken(tokenPath ?? path.join(dataDir, "token"));
  const header = (() => {
    try {
      return fs.readFileSync(keyHeaderFile(dataDir, agent), "utf8");
    } catch {
      return "";
    }
  })();
  const keyCurrent = !token || header === `${AGENT_HOOK_HEADER}: ${keyedHook(agent, url, token, env).headers[AGENT_HOOK_HEADER]}\n`;
  const current = ours.every(({ event, h }) => {
    const want = plan(event);
    const usesHeader = typeof h.command === "string" && h.command.includes(keyHeaderFile(dataDir, agent));
    return (
      h.type === want.type &&
      h.command === want.command &&
      h.url === want.url &&
      JSON.stringify(h.headers) === JSON.stringify(want.headers) &&
      (!usesHeader || keyCurrent)
    );
  });
  return { file, installed: true as const, events, current };
}

/** Nothing half-written: a whole new file renamed over the old one, its mode kept. */
function writeWhole(file: string, text: string, mode?: number) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.recollect-${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, { mode: mode ?? (fs.existsSync(file) ? fs.statSync(file).mode & 0o777 : 0o600) });
  fs.renameSync(tmp, file);
}
