import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { countTokens } from "../token-count";
import { OSM_TOOLS } from "./compat";
import { findTool, LEAN_TOOLS, TOOLS } from "./registry";
import type { McpTool, ToolSummary } from "./tool";
import type { McpToolList } from "../vocabulary";

/**
 * Which tools `tools/list` shows (every tool stays callable by name whatever the list):
 * - `lean` (default): the few an agent needs every turn, call_tool for the rest;
 * - `full`: every tool;
 * - `osm`: opencode-semantic-memory's tool and argument names, for prompts written for it.
 */
export type ToolList = McpToolList;

export function listedTools(list: ToolList): Tool[] {
  if (list === "full") return TOOLS.map((t) => definition(t));
  if (list === "lean") return LEAN_TOOLS.map((name) => definition(findTool(name)!, name, {}, new Set(findTool(name)!.unlisted)));
  return [...OSM_TOOLS.map((name) => definition(findTool(name)!, name, osmNames(findTool(name)!))), definition(findTool("call_tool")!)];
}

/** call_tool's listing: every tool but itself, one line each. */
export function toolCatalog(): ToolSummary[] {
  return TOOLS.filter((t) => t.name !== "call_tool").map((t) => ({
    name: t.name,
    signature: `${t.name}(${Object.entries(t.input)
      .map(([k, s]) => (z.safeParse(s, undefined).success ? `${k}?` : k))
      .join(", ")})`,
    description: t.description,
  }));
}

/** A tool as `tools/list` shows it: its JSON Schema without what validation enforces anyway (bounds), to keep it short. */
function definition(tool: McpTool, name = tool.name, rename: Record<string, string> = {}, leftOut = new Set<string>()): Tool {
  const shape = Object.fromEntries(
    Object.entries(tool.input)
      .filter(([k]) => !leftOut.has(k))
      .map(([k, s]) => [rename[k] ?? k, s]),
  );
  const schema = compact(z.toJSONSchema(z.object(shape), { io: "input", unrepresentable: "any" })) as Tool["inputSchema"];
  return { name, description: tool.description, inputSchema: schema, ...(tool.annotations ? { annotations: tool.annotations } : {}) };
}

/** The tool's arguments under opencode-semantic-memory's names (its argAliases reversed; `project` stays). */
function osmNames(tool: McpTool): Record<string, string> {
  const rename: Record<string, string> = {};
  for (const [alias, own] of Object.entries(tool.argAliases ?? {})) if (alias !== "working_directory" && !rename[own]) rename[own] = alias;
  return rename;
}

const DROPPED = new Set(["$schema", "minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems", "propertyNames", "additionalProperties"]);

function compact(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compact);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !DROPPED.has(k))
      .map(([k, v]) => [k, k === "properties" ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, compact(s)])) : compact(v)]),
  );
}

/**
 * What a tool list costs a model on every request: the tokens (o200k, lib/token-count.ts) of each
 * definition's name, description and input schema as JSON, the parts a client passes on to the model.
 */
export function definitionTokens(tools: readonly Pick<Tool, "name" | "description" | "inputSchema">[]): number {
  return tools.reduce((sum, t) => sum + countTokens(JSON.stringify({ name: t.name, description: t.description, parameters: t.inputSchema })), 0);
}
