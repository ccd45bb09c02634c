import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { pathToFileURL } from "node:url";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { type CallToolResult, ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Ctx } from "../../lib/ctx";
import type { ToolCaller } from "../../lib/mcp/caller";
import { createMcpServer } from "../../lib/mcp/server";

/** The official MCP SDK client connected to a test server's /mcp with its token. */
export async function connectMcp(url: string, token: string, headers: Record<string, string> = {}, options: { tools?: string } = {}): Promise<Client> {
  const client = new Client({ name: "recollect-test", version: "1.0.0" });
  const endpoint = new URL(`${url}/mcp`);
  if (options.tools) endpoint.searchParams.set("tools", options.tools);
  const transport = new StreamableHTTPClientTransport(endpoint, {
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

/** What tools/list shows by default (the lean list). */
export const LEAN_TOOLS = ["recall", "remember", "get_boot_context", "get_context", "edit_memory", "archive_memory", "call_tool"].sort();

/** Every tool the `memory` server offers (the full list). */
export const ALL_TOOLS = [
  "archive_memory",
  "call_tool",
  "get_memory",
  "link_memories",
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

/**
 * The official SDK client joined to a `memory` server in this process (no HTTP): for tests of the
 * tools themselves. `roots`: the client declares the roots capability and answers roots/list with them.
 */
export async function connectInProcess(ctx: Ctx, caller: ToolCaller = {}, options: { roots?: string[] } = {}) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(ctx, caller);
  await server.connect(serverSide);
  const client = new Client({ name: "recollect-test", version: "1.0.0" }, { capabilities: options.roots ? { roots: { listChanged: true } } : {} });
  let rootsAsked = 0;
  if (options.roots) {
    const roots = options.roots;
    client.setRequestHandler(ListRootsRequestSchema, () => {
      rootsAsked++;
      return { roots: roots.map((dir) => ({ uri: pathToFileURL(dir).href, name: "project" })) };
    });
  }
  await client.connect(clientSide);
  return {
    client,
    rootsAsked: () => rootsAsked,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
