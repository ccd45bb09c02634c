import type { ToolContext as V1ToolContext, ToolDefinition } from "@opencode-ai/plugin";
import { tool } from "../tool";
import type { ToolContext, ToolInfo, ToolResult } from "./api";

/**
 * A V1 tool as an OpenCode 2 Promise tool: the same description, its zod arguments as one zod
 * object (zod 4 is a Standard Schema, which V2 accepts as `input`), the same `execute` with the
 * V1 context built from the V2 one. The text the V1 tool returned is the V2 result's `content`.
 */
export function toolV2(name: string, def: ToolDefinition, directory: string): ToolInfo {
  const input = tool.schema.object(def.args);
  return {
    name,
    description: def.description,
    input,
    execute: async (args: never, ctx: ToolContext): Promise<ToolResult> => {
      const v1: V1ToolContext = {
        sessionID: ctx.sessionID,
        messageID: ctx.messageID,
        agent: ctx.agent,
        directory,
        worktree: directory,
        abort: ctx.signal,
        metadata: () => {},
        ask: async () => {},
      } as unknown as V1ToolContext;
      const out = (await def.execute(args as never, v1)) as unknown;
      if (typeof out === "string") return { content: out };
      const o = (out ?? {}) as { output?: string; metadata?: Record<string, unknown> };
      return { content: typeof o.output === "string" ? o.output : "", ...(o.metadata ? { metadata: o.metadata } : {}) };
    },
  };
}
