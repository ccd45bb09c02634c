import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { applyEdits, modify, parse, type ParseError } from "jsonc-parser";
import { configFileFor } from "../../scripts/install-plugin";

/**
 * `recollect install-mcp --client <name>`: writes the `memory` MCP server entry into the config
 * file of a client whose config is plain JSON or TOML, keeping the rest of the file. No token is
 * written: OpenCode reads it from the data dir at start (`{file:...}`), the others run
 * `recollect mcp` (stdio), which reads it itself.
 */
export const MCP_CLIENTS = ["opencode", "claude", "cursor", "codex"] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "recollect.mjs");

export interface InstallMcpOptions {
  client: McpClient;
  /** The server's URL and data dir (OpenCode's remote entry). */
  url: string;
  tokenPath: string;
  config?: string;
  uninstall?: boolean;
  env?: Record<string, string | undefined>;
}

export interface InstallMcpResult {
  client: McpClient;
  file: string;
  action: "added" | "updated" | "unchanged" | "removed" | "absent";
}

/** The stdio command: this checkout's `recollect mcp`, run by this Node.js. */
export const stdioCommand = () => ({ command: process.execPath, args: [BIN, "mcp"] });

export function mcpConfigFile(client: McpClient, env: Record<string, string | undefined> = process.env): string {
  const home = env.HOME || os.homedir();
  switch (client) {
    case "opencode":
      return configFileFor({ global: true }, env);
    case "claude":
      return path.join(home, ".claude.json");
    case "cursor":
      return path.join(home, ".cursor", "mcp.json");
    case "codex":
      return path.join(env.CODEX_HOME || path.join(home, ".codex"), "config.toml");
  }
}

export function mcpEntry(client: McpClient, url: string, tokenPath: string): Record<string, unknown> {
  if (client === "opencode") {
    return { type: "remote", url: `${url}/mcp`, enabled: true, headers: { Authorization: `Bearer {file:${tokenPath}}` } };
  }
  const { command, args } = stdioCommand();
  return client === "claude" ? { type: "stdio", command, args } : { command, args };
}

export function installMcp(opts: InstallMcpOptions): InstallMcpResult {
  const file = opts.config ? path.resolve(opts.config) : mcpConfigFile(opts.client, opts.env);
  const entry = mcpEntry(opts.client, opts.url, opts.tokenPath);
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const result =
    opts.client === "codex"
      ? editToml(text, entry, opts.uninstall)
      : editJson(file, text, opts.client === "opencode" ? ["mcp", "memory"] : ["mcpServers", "memory"], entry, opts.uninstall);
  if (result.text !== undefined) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Nothing half-written: a whole new file renamed over the old one.
    const tmp = `${file}.recollect-${process.pid}.tmp`;
    fs.writeFileSync(tmp, result.text, { mode: fs.existsSync(file) ? fs.statSync(file).mode & 0o777 : 0o600 });
    fs.renameSync(tmp, file);
  }
  return { client: opts.client, file, action: result.action };
}

/**
 * The `memory` entry a client's config holds now, as text (its JSON, or the TOML table), when
 * there is one. `recollect uninstall` removes it only when it is Recollect's: "memory" is also
 * the name of other MCP servers.
 */
export function currentMcpEntry(client: McpClient, env: Record<string, string | undefined> = process.env): { file: string; text: string } | undefined {
  const file = mcpConfigFile(client, env);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  if (client === "codex") {
    const match = /^\[mcp_servers\.memory\]\s*$/m.exec(text);
    if (!match) return undefined;
    const rest = text.slice(match.index + match[0].length);
    const next = /^\[/m.exec(rest);
    return { file, text: rest.slice(0, next ? next.index : rest.length) };
  }
  const config = parse(text, [], { allowTrailingComma: true }) as Record<string, Record<string, unknown> | undefined> | undefined;
  const entry = config?.[client === "opencode" ? "mcp" : "mcpServers"]?.memory;
  return entry === undefined ? undefined : { file, text: JSON.stringify(entry) };
}

/** Whether an entry's text is Recollect's: its `recollect mcp` command, or this data dir's token (OpenCode's remote entry). */
export const isRecollectMcpEntry = (text: string, tokenPath: string) => /recollect/i.test(text) || text.includes(JSON.stringify(tokenPath).slice(1, -1));

type Edit = { action: InstallMcpResult["action"]; text?: string };

function editJson(file: string, text: string, keyPath: string[], entry: Record<string, unknown>, uninstall?: boolean): Edit {
  const errors: ParseError[] = [];
  const config = (text.trim() ? parse(text, errors, { allowTrailingComma: true }) : {}) as Record<string, unknown>;
  if (errors.length || typeof config !== "object" || config === null || Array.isArray(config))
    throw new Error(`${file}: not a valid JSON object; fix it or pass --config`);
  const current = (config[keyPath[0]] as Record<string, unknown> | undefined)?.[keyPath[1]];
  const base = text.trim() ? text : "{}\n";
  const fmt = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } };
  if (uninstall) {
    if (current === undefined) return { action: "absent" };
    return { action: "removed", text: withNewline(applyEdits(base, modify(base, keyPath, undefined, fmt))) };
  }
  if (JSON.stringify(current) === JSON.stringify(entry)) return { action: "unchanged" };
  return { action: current === undefined ? "added" : "updated", text: withNewline(applyEdits(base, modify(base, keyPath, entry, fmt))) };
}

/** Codex's config.toml: the `[mcp_servers.memory]` table, replaced as a whole or appended. */
function editToml(text: string, entry: Record<string, unknown>, uninstall?: boolean): Edit {
  const header = /^\[mcp_servers\.memory\]\s*$/m;
  const match = header.exec(text);
  let start = -1;
  let end = -1;
  if (match) {
    start = match.index;
    const next = /^\[/m.exec(text.slice(start + match[0].length));
    end = next ? start + match[0].length + next.index : text.length;
  }
  const block = `[mcp_servers.memory]\ncommand = ${JSON.stringify(entry.command)}\nargs = [${(entry.args as string[]).map((a) => JSON.stringify(a)).join(", ")}]\n`;
  if (uninstall) {
    if (start < 0) return { action: "absent" };
    return { action: "removed", text: (text.slice(0, start) + text.slice(end)).replace(/\n{3,}/g, "\n\n") };
  }
  if (start >= 0) {
    const current = text.slice(start, end).trimEnd() + "\n";
    if (current === block) return { action: "unchanged" };
    return { action: "updated", text: text.slice(0, start) + block + (end < text.length ? "\n" : "") + text.slice(end) };
  }
  const sep = text && !text.endsWith("\n\n") ? (text.endsWith("\n") ? "\n" : "\n\n") : "";
  return { action: "added", text: text + sep + block };
}

const withNewline = (s: string) => (s.endsWith("\n") ? s : s + "\n");
