import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { notFound } from "../errors";
import { findTool } from "./registry";
import { guarded, toolError } from "./result";
import type { McpTool, ToolEnv } from "./tool";

/** Arguments that hold memory ids: opencode-semantic-memory's ids are numbers, ours are text. */
const ID_ARGS = new Set(["id", "memory_id", "ids", "memory_ids", "from", "to", "source_memory_id", "target_memory_id"]);

/**
 * A `tools/call` (or call_tool's call): the tool by its name or alias, its arguments renamed from
 * their aliases, validated (a tool error naming the field), then run; any failure is a tool error.
 */
export async function runTool(name: string, raw: Record<string, unknown>, env: ToolEnv): Promise<CallToolResult> {
  const tool = findTool(name);
  if (!tool) return toolError(notFound(`tool: no tool "${name}" (call_tool without arguments lists them)`, { field: "tool" }));
  const parsed = tool.schema.safeParse(normalizeArgs(tool, raw));
  if (!parsed.success) return toolError(parsed.error);
  return guarded(() => tool.run(parsed.data, env));
}

function normalizeArgs(tool: McpTool, raw: Record<string, unknown>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const name = tool.argAliases?.[key] ?? key;
    // The tool's own name wins over an alias given beside it.
    if (name !== key && name in raw) continue;
    args[name] = ID_ARGS.has(key) ? idsAsText(value) : value;
  }
  return tool.adaptValues ? tool.adaptValues(args) : args;
}

const idsAsText = (value: unknown): unknown =>
  typeof value === "number" ? String(value) : Array.isArray(value) ? value.map((v) => (typeof v === "number" ? String(v) : v)) : value;
