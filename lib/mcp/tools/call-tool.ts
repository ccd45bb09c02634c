import { z } from "zod";
import { badRequest } from "../../errors";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const callTool = defineTool({
  name: "call_tool",
  description: "Run any other memory tool: sessions, claims, history, links, blockers, export, consolidate, status... No `tool`: lists them with their args.",
  input: {
    tool: z.string().min(1).max(100).optional(),
    args: z.record(z.string(), z.unknown()).optional(),
  },
  run: async (a, env) => {
    if (!a.tool) {
      const tools = env.catalog();
      return toolResult(tools.map((t) => `${t.signature}: ${t.description}`).join("\n"), { tools });
    }
    if (a.tool === "call_tool") throw badRequest("tool: call the tool itself, not call_tool", { field: "tool" });
    return env.call(a.tool, a.args ?? {});
  },
});
