import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Ctx } from "../ctx";
import { VERSION } from "../version";
import { callerDirectory, type ToolCaller } from "./caller";
import { runTool } from "./dispatch";
import { registerResources } from "./resources";
import type { ToolEnv } from "./tool";
import { listedTools, toolCatalog } from "./tool-list";

/**
 * The MCP server of one client session. Named `memory`, so clients show the tools as
 * `memory_recall`, `memory_remember`, ... Every tool is a thin adapter over lib verbs
 * (lib/mcp/tools/, one a file). Tools are served by our own list and call handlers rather than the
 * SDK's registerTool: the list shows a lean set while every tool (and every alias of
 * opencode-semantic-memory's names) stays callable.
 */
export function createMcpServer(ctx: Ctx, caller: ToolCaller = {}): McpServer {
  const server = new McpServer(
    { name: "memory", version: VERSION },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        "Recollect: the user's long-term memory shared by every coding agent. Call get_boot_context at the start, recall before working on a topic, remember decisions, constraints and gotchas as you learn them; call_tool reaches every other tool.",
    },
  );
  const directoryOf = callerDirectory(server.server, caller);
  const list = caller.toolList ?? ctx.config.mcp.toolList;
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools(list) }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const env: ToolEnv = {
      ctx,
      directory: await directoryOf(extra.requestId),
      call: (name, args) => runTool(name, args, env),
      catalog: toolCatalog,
    };
    return runTool(request.params.name, request.params.arguments ?? {}, env);
  });
  registerResources(server, ctx, directoryOf);
  return server;
}
