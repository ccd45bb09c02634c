import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Ctx } from "../ctx";

/** What a tool runs with besides its arguments. */
export interface ToolEnv {
  ctx: Ctx;
  /**
   * The caller's directory, the default project of the tools: the directory `recollect mcp --directory`
   * names, else the client's first root (MCP `roots/list`), else the directory `recollect mcp` runs in.
   */
  directory?: string;
  /** Runs another tool by name, as a `tools/call` would (call_tool's way to the rest of the set). */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Every tool with a one-line signature, for call_tool's listing. */
  catalog(): ToolSummary[];
}

export interface ToolSummary {
  name: string;
  /** `claim_item(session_id, item, note?, ttl_seconds?, project?)` */
  signature: string;
  description: string;
}

/**
 * One MCP tool: its name, a short description, the arguments it takes (zod, validated before `run`)
 * and the lib verb it calls. `argAliases` maps another server's argument names
 * (opencode-semantic-memory's, docs/mcp.md) onto this tool's: accepted on call, never listed in the
 * lean or full list.
 */
export interface McpTool<S extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  description: string;
  input: S;
  annotations?: ToolAnnotations;
  argAliases?: Record<string, keyof S & string>;
  /** Arguments the lean list leaves out (rarely needed, or another server's): accepted on call, listed in full. */
  unlisted?: (keyof S & string)[];
  /** Turns another server's argument values into this tool's (categories, link kinds) before validation. */
  adaptValues?(args: Record<string, unknown>): Record<string, unknown>;
  run(args: z.output<z.ZodObject<S>>, env: ToolEnv): CallToolResult | Promise<CallToolResult>;
}

/** A declared tool with its arguments' schema built once (every call is validated against it). */
export type DefinedTool = McpTool & { schema: z.ZodObject<z.ZodRawShape> };

/** Declares a tool, its `run` typed by its arguments. */
export const defineTool = <S extends z.ZodRawShape>(tool: McpTool<S>): DefinedTool => ({ ...tool, schema: z.object(tool.input) }) as unknown as DefinedTool;
