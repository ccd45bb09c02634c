import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpServer } from "../../lib/mcp/server";
import { definitionTokens } from "../../lib/mcp/tool-list";
import { MCP_TOOL_LISTS } from "../../lib/vocabulary";
import { benchCtx, table, tempDir, writeResult } from "../search/common";

/**
 * What the `memory` server's tool definitions cost a model on every request, per tool list
 * (docs/mcp.md): tools and tokens (o200k) of the names, descriptions and input schemas that
 * tools/list returns, read with the official SDK client. Target (issue 40): the default list
 * <= 1,000 tokens. The real OpenCode client's request is measured by e2e/opencode/mcp.spec.ts.
 *
 *   npx tsx bench/mcp/tool-tokens.ts
 */
const ctx = benchCtx({}, tempDir("recollect-bench-mcp-tokens-"));
const rows = [];
for (const list of MCP_TOOL_LISTS) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(ctx, { toolList: list });
  await server.connect(serverSide);
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  rows.push({ list, tools: tools.length, tokens: definitionTokens(tools), chars: JSON.stringify(tools).length });
  await client.close();
  await server.close();
}
ctx.close();
console.log(table(rows));
writeResult("mcp-tool-tokens", { rows });
