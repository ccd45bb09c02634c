import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { applyEdits, modify, parse, type ParseError } from "jsonc-parser";
import { AGENTS, type Agent, HOOK_EVENTS, type HookEvent } from "../../lib/contracts/agents";
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
  const home = env.HOME || os.homedir();
  return agent === "codex"
    ? path.join(env.CODEX_HOME || path.join(home, ".codex"), "hooks.json")
    : path.join(env.CLAUDE_CONFIG_DIR || path.join(home, ".claude"), "settings.json");
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** The shell command a hook runs: this Node.js, the hook script, the agent, where the server is. */
export function hookCommand(agent: Agent, url: string, dataDir: string): string {
  return [quote(process.execPath), quote(HOOK_SCRIPT), agent, "--url", quote(url), "--data-dir", quote(dataDir)].join(" ");
}

/** A hook command is Recollect's when it runs agents/hook.mjs (from any install). */
export const isRecollectHook = (command: unknown) => typeof command === "string" && /agents\/hook\.mjs/.test(command);

type Handler = { type?: string; command?: unknown; timeout?: number };
type Group = { matcher?: string; hooks?: Handler[] };

export function installAgent(opts: InstallAgentOptions): InstallAgentResult {
  const file = hooksFile(opts.agent, opts.env);
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const errors: ParseError[] = [];
  const config = (text.trim() ? parse(text, errors, { allowTrailingComma: true }) : {}) as Record<string, unknown>;
  if (errors.length || typeof config !== "object" || config === null || Array.isArray(config))
    throw new Error(`${file}: not a valid JSON object; fix it first`);
  const hooks = (config.hooks ?? {}) as Record<string, Group[] | undefined>;

  let next = text.trim() ? text : "{}\n";
  let changed = false;
  let had = false;
  const fmt = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } };
  for (const event of HOOK_EVENTS) {
    const groups = Array.isArray(hooks[event]) ? (hooks[event] as Group[]) : [];
    const others = groups.filter((g) => !(g.hooks ?? []).some((h) => isRecollectHook(h.command)));
    had ||= others.length !== groups.length;
    const ours: Group = { hooks: [{ type: "command", command: hookCommand(opts.agent, opts.url, opts.dataDir), timeout: TIMEOUT_SECONDS[event] }] };
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

  const client: McpClient = opts.agent === "codex" ? "codex" : "claude";
  const mcp = installMcp({ client, url: opts.url, tokenPath: opts.tokenPath, uninstall: opts.uninstall, env: opts.env });
  return { agent: opts.agent, hooks: { file, action }, mcp };
}

/** What `recollect doctor` says of an agent: not installed, installed, or installed for another server or data dir. */
export function agentStatus(agent: Agent, url: string, dataDir: string, env: Record<string, string | undefined> = process.env) {
  const file = hooksFile(agent, env);
  let config: Record<string, unknown> | undefined;
  try {
    config = parse(fs.readFileSync(file, "utf8"), [], { allowTrailingComma: true }) as Record<string, unknown>;
  } catch {
    return { file, installed: false as const };
  }
  const hooks = (config?.hooks ?? {}) as Record<string, Group[] | undefined>;
  const commands = HOOK_EVENTS.flatMap((e) => (Array.isArray(hooks[e]) ? (hooks[e] as Group[]) : []).flatMap((g) => (g.hooks ?? []).map((h) => h.command)));
  const ours = commands.filter(isRecollectHook) as string[];
  if (!ours.length) return { file, installed: false as const };
  const events = HOOK_EVENTS.filter((e) => (hooks[e] ?? []).some((g) => (g.hooks ?? []).some((h) => isRecollectHook(h.command))));
  const current = ours.every((c) => c === hookCommand(agent, url, dataDir));
  return { file, installed: true as const, events, current };
}

/** Nothing half-written: a whole new file renamed over the old one, its mode kept. */
function writeWhole(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.recollect-${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, { mode: fs.existsSync(file) ? fs.statSync(file).mode & 0o777 : 0o600 });
  fs.renameSync(tmp, file);
}
