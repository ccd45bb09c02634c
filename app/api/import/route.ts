import type { NextRequest } from "next/server";
import { json, parseQuery, route } from "../_lib/handler";
import { readBodyText } from "../_lib/read-json";
import { importQuery } from "@/lib/contracts/export";
import { AppError } from "@/lib/errors";
import { importMemoriesAsync } from "@/lib/export";

/**
 * `POST /api/import?format=markdown|json[&dryRun=true]` with the export file as the body (any
 * content type). A Markdown file may also come as one JSON string with `Content-Type:
 * application/json`: the browser sends it so, since its writes must be JSON (CSRF).
 * Whole exports can be large: the history body limit applies.
 */
export const POST = route(async ({ req, ctx }) => {
  const query = parseQuery(req, importQuery);
  const text = await readText(req, ctx.config.server.historyBodyLimitBytes);
  const isJsonBody = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase() === "application/json";
  return json(await importMemoriesAsync(ctx, query, query.format === "markdown" && isJsonBody ? markdownFromJsonString(text) : text));
});

function markdownFromJsonString(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AppError("bad_request", `body: not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== "string" || !parsed.trim()) throw new AppError("bad_request", "body: a Markdown export sent as JSON must be one non-empty JSON string");
  return parsed;
}

async function readText(req: NextRequest, limit: number): Promise<string> {
  const text = await readBodyText(req, limit, "server.historyBodyLimitBytes");
  if (!text.trim()) throw new AppError("bad_request", "body: the export file is empty");
  return text;
}
