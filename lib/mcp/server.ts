import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Ctx } from "../ctx";
import { VERSION } from "../version";
import type { ToolCaller } from "./project";
import { registerResources } from "./resources";
import { registerAdminTools } from "./tools/admin";
import { registerContextTools } from "./tools/context";
import { registerConsolidationTools } from "./tools/consolidation";
import { registerMemoryTools } from "./tools/memories";
import { registerOnboardingTools } from "./tools/onboarding";
import { registerSessionTools } from "./tools/sessions";

/**
 * The MCP server of one client session. Named `memory`, so clients show the tools as
 * `memory_recall`, `memory_remember`, ... Every tool is a thin adapter over a lib verb.
 */
export function createMcpServer(ctx: Ctx, caller: ToolCaller = {}): McpServer {
  const server = new McpServer(
    { name: "memory", version: VERSION },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        "Recollect: the user's long-term memory shared by every coding agent. Call get_boot_context at the start, recall before working on a topic, remember decisions, constraints and gotchas as you learn them.",
    },
  );
  registerMemoryTools(server, ctx, caller);
  registerContextTools(server, ctx, caller);
  registerSessionTools(server, ctx, caller);
  registerAdminTools(server, ctx, caller);
  registerConsolidationTools(server, ctx, caller);
  registerOnboardingTools(server, ctx, caller);
  registerResources(server, ctx, caller);
  return server;
}
