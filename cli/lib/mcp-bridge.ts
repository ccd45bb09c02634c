import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { provingFetch } from "./server-process";

/**
 * Joins a stdio MCP client to the server's Streamable HTTP endpoint, message for message: every
 * tool runs in the server, so a stdio client sees the same memory as every other agent. The
 * working directory goes with each request (the default project of the tools).
 */
export async function bridgeStdioToHttp(options: {
  url: string;
  token: string;
  directory: string;
  /** The user named the directory: it wins over the client's roots. */
  directoryPinned?: boolean;
  /** Which tools tools/list shows (docs/mcp.md): the server's `mcp.toolList` when not given. */
  tools?: string;
}): Promise<void> {
  const url = new URL(`${options.url}/mcp`);
  if (options.tools) url.searchParams.set("tools", options.tools);
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, "x-recollect-directory": options.directory };
  if (options.directoryPinned) headers["x-recollect-directory-pinned"] = "true";
  const http = new StreamableHTTPClientTransport(url, {
    requestInit: { headers },
    // The server proves it knows the token again after a minute or a lost connection (docs/security.md).
    fetch: provingFetch(options.url, options.token),
  });
  const stdio = new StdioServerTransport();
  let closed = false;
  const done = new Promise<void>((resolve) => {
    const close = () => {
      if (closed) return;
      closed = true;
      void http.close().catch(() => {});
      void stdio.close().catch(() => {});
      resolve();
    };
    stdio.onclose = close;
    http.onclose = close;
    process.stdin.on("end", close);
  });

  stdio.onmessage = (message: JSONRPCMessage) => {
    http.send(message).catch((error: Error) => {
      // The server went away mid-session: answer the request instead of leaving the client waiting.
      if ("id" in message && "method" in message) {
        void stdio.send({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: `Recollect server: ${error.message}` } });
      }
    });
  };
  http.onmessage = (message: JSONRPCMessage) => void stdio.send(message);
  http.onerror = (error) => process.stderr.write(`recollect mcp: ${error.message}\n`);
  stdio.onerror = (error) => process.stderr.write(`recollect mcp: ${error.message}\n`);

  await http.start();
  await stdio.start();
  await done;
}
