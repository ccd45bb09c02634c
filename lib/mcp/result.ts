import { ZodError } from "zod";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "../errors";
import { logger } from "../logging/logger";

/**
 * What a tool returns: readable text for the model, the same data as `structuredContent` for
 * programs (and tests) that compare it with the HTTP API.
 */
export function toolResult(text: string, data?: unknown): CallToolResult {
  const result: CallToolResult = { content: [{ type: "text", text }] };
  if (data !== undefined) result.structuredContent = { result: data } as Record<string, unknown>;
  return result;
}

/**
 * A failed call as an MCP tool error the model can act on: `<field>: <message>` for bad
 * arguments, `conflict: ...` naming the holder for a claim, `not_found: ...`. No stack leaves.
 */
export function toolError(error: unknown): CallToolResult {
  let text: string;
  let details: unknown = null;
  if (error instanceof AppError) {
    const field = fieldOf(error.details);
    text = `${error.code}: ${field && !error.message.startsWith(field) ? `${field}: ` : ""}${error.message}`;
    details = error.details ?? null;
  } else if (error instanceof ZodError) {
    const first = error.issues[0];
    text = `bad_request: ${first?.path.length ? first.path.join(".") : "arguments"}: ${first?.message ?? "invalid"}`;
    details = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  } else {
    // The logger redacts its fields.
    logger.error("mcp tool failed", { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    text = "internal: the tool failed (see the server log)";
  }
  return { content: [{ type: "text", text }], structuredContent: { error: { message: text, details } }, isError: true };
}

function fieldOf(details: unknown): string | undefined {
  const field = (details as { field?: unknown } | null | undefined)?.field;
  return typeof field === "string" ? field : undefined;
}

/** Runs a tool body, turning any failure into a tool error. */
export async function guarded(run: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    return toolError(error);
  }
}
