import { StringDecoder } from "node:string_decoder";
import { AppError } from "@/lib/errors";
import { asBodyLimit, type BodyLimit } from "@/lib/http/body-limits";
import { givenBody } from "@/lib/http/direct-routes";
import { findTooDeep, MAX_JSON_DEPTH, type TooDeep } from "@/lib/http/json-depth";
import { parseJsonSliced, SLICED_JSON_CHARS } from "@/lib/http/json-sliced";
import { yieldToLoop } from "@/lib/slices";

/**
 * Reads a JSON request body: over `limit` bytes -> 413 naming the limit and what sets it (before parsing), empty or not JSON -> 400,
 * nested deeper than MAX_JSON_DEPTH -> 400 naming the path (validators and redaction recurse).
 * Each chunk is decoded as it arrives (a StringDecoder keeps a character split between two chunks
 * whole): chunks that are plain ASCII take V8's fast path, while decoding the whole body at once
 * takes the slow UTF-8 path for all of it as soon as one character is not ASCII (a single "…" is
 * enough), several milliseconds on the megabyte of a long session history. A body of
 * SLICED_JSON_CHARS or more is parsed in slices (lib/http/json-sliced.ts): one JSON.parse of a
 * 40 MB history held the event loop, `/api/health` with it, for seconds.
 */
export async function readJsonBody(req: Request, limit: number | BodyLimit): Promise<unknown> {
  const { bytes, setting } = asBodyLimit(limit);
  const text = await readBodyText(req, bytes, setting);
  if (!text.trim()) throw new AppError("bad_request", "body: a JSON body is required");
  // A body read chunk by chunk is a rope of strings, copied into one by its first use (the trim
  // above): 57 MB took 20-40 ms of the main thread. That copy ends its turn; the parse's first
  // slice starts the next (issue #37).
  if (text.length >= SLICED_JSON_CHARS) await yieldToLoop();
  let value: unknown;
  let tooDeep: TooDeep | null = null;
  try {
    if (text.length >= SLICED_JSON_CHARS) {
      const parsed = await parseJsonSliced(text, MAX_JSON_DEPTH);
      if ("tooDeep" in parsed) tooDeep = parsed.tooDeep;
      else value = parsed.value;
    } else {
      // V8's JSON.parse does not recurse on the call stack: any depth parses, then is measured.
      value = JSON.parse(text);
      tooDeep = findTooDeep(value, MAX_JSON_DEPTH);
    }
  } catch (error) {
    throw new AppError("bad_request", `body: not valid JSON (${(error as Error).message})`);
  }
  if (tooDeep) throw new AppError("bad_request", tooDeep.message, { path: tooDeep.path, maxDepth: MAX_JSON_DEPTH });
  return value;
}

/**
 * A request body as text, read as it streams in: past `limit` bytes (declared or counted, so a
 * chunked body without a length too) it stops reading and throws 413, before the rest is buffered.
 * `setting`: what sets the limit, named in the error.
 */
export async function readBodyText(req: Request, limit: number, setting = "server.bodyLimitBytes"): Promise<string> {
  const tooLarge = () => new AppError("payload_too_large", `body is larger than the limit of ${limit} bytes (${setting})`, { limit });
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const decoder = new StringDecoder("utf8");
  // A small body the production server's front gate read whole (lib/http/direct-routes.ts).
  const given = givenBody(req);
  if (given instanceof Error) throw given;
  if (given !== undefined) {
    if (given.byteLength > limit) throw tooLarge();
    return decoder.write(given) + decoder.end();
  }
  let text = "";
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw tooLarge();
      }
      text += decoder.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    }
  }
  return text + decoder.end();
}
