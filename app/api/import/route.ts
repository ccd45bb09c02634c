import type { NextRequest } from "next/server";
import { json, queryObject, route } from "../_lib/handler";
import { AppError } from "@/lib/errors";
import { importMemoriesAsync } from "@/lib/export";

/**
 * `POST /api/import?format=markdown|json[&dryRun=true]` with the export file as the body (any
 * content type). Whole exports can be large: the history body limit applies.
 */
export const POST = route(async ({ req, ctx }) => {
  const text = await readText(req, ctx.config.server.historyBodyLimitBytes);
  return json(await importMemoriesAsync(ctx, queryObject(req) as never, text));
});

async function readText(req: NextRequest, limit: number): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  const tooLarge = () => new AppError("payload_too_large", `body is larger than the limit of ${limit} bytes (server.historyBodyLimitBytes)`, { limit });
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const text = await req.text();
  if (Buffer.byteLength(text) > limit) throw tooLarge();
  if (!text.trim()) throw new AppError("bad_request", "body: the export file is empty");
  return text;
}
