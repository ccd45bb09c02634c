import crypto from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { processSingleton } from "@/lib/process-singleton";
import type { Ctx } from "@/lib/ctx";
import { createMcpServer } from "@/lib/mcp/server";
import type { ToolCaller } from "@/lib/mcp/caller";

interface McpSession {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  lastUsed: number;
}

/** One MCP server and transport per client session (`Mcp-Session-Id`), kept by this process. */
const sessions = processSingleton("mcpSessions", () => new Map<string, McpSession>());

export const SESSION_HEADER = "mcp-session-id";

/**
 * Routes a request to its session's transport; a request without a session id starts one (the
 * transport answers anything but `initialize` with 400). Beyond `maxSessions` the least recently
 * used session is closed.
 */
export async function handleMcpRequest(req: Request, ctx: Ctx, caller: ToolCaller, bodyLimit: number): Promise<Response> {
  const id = req.headers.get(SESSION_HEADER);
  if (id) {
    const session = sessions.get(id);
    if (!session) return jsonRpcError(404, "unknown or closed MCP session: initialize again");
    session.lastUsed = Date.now();
    return session.transport.handleRequest(req);
  }
  if (req.method !== "POST") return jsonRpcError(400, `${SESSION_HEADER}: missing (initialize with a POST first)`);

  evictBeyond(ctx.config.mcp.maxSessions - 1);
  const server = createMcpServer(ctx, caller);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    // Answers as a stream (SSE): a tool call may ask the client for its roots (roots/list) on the
    // stream of that call before it answers; a plain JSON answer has no way to carry that request.
    enableJsonResponse: false,
    maxRequestBodySize: bodyLimit,
    onsessioninitialized: (sid) => {
      sessions.set(sid, { transport, server, lastUsed: Date.now() });
    },
    onsessionclosed: (sid) => {
      sessions.delete(sid);
    },
  });
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
  };
  await server.connect(transport);
  const res = await transport.handleRequest(req);
  // An initialize that failed leaves no session behind.
  if (!transport.sessionId) await server.close();
  return res;
}

function evictBeyond(max: number) {
  if (sessions.size <= max) return;
  const byAge = [...sessions.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed);
  for (const [sid, s] of byAge.slice(0, sessions.size - max)) {
    sessions.delete(sid);
    void s.server.close();
  }
}

function jsonRpcError(status: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status });
}
