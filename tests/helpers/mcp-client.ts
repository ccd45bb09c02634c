import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The official MCP SDK client connected to a test server's /mcp with its token. */
export async function connectMcp(url: string, token: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "recollect-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}`, ...headers } },
  });
  await client.connect(transport);
  return client;
}

/** A tool call's text and structured result (`{ result }`, or `{ error }` on a tool error). */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const res = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = res.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
  const structured = res.structuredContent as { result?: any; error?: { message: string } } | undefined;
  return { text, isError: res.isError === true, result: structured?.result, raw: res };
}

/** Every tool the `memory` server offers. */
export const ALL_TOOLS = [
  "archive_memory",
  "bootstrap",
  "bulk_archive",
  "claim_item",
  "consolidate",
  "delete_memory",
  "distill",
  "edit_memory",
  "enrich_entity",
  "export_memories",
  "get_active_sessions",
  "get_boot_context",
  "get_context",
  "get_linked_memories",
  "import_memories",
  "ingest_file",
  "log_session",
  "recall",
  "release_item",
  "remember",
  "resolve_blocker",
  "search_history",
  "session_end",
  "session_heartbeat",
  "session_start",
  "status",
  "unresolve_blocker",
].sort();
