import { StringDecoder } from "node:string_decoder";
import type { CompressResult } from "../api/compress";
import { AppError } from "../errors";

/**
 * The compress route's body handling, where a 200K-token history costs most of the call's time.
 *
 * Reading: each chunk is decoded as it arrives (a StringDecoder keeps a character split between two
 * chunks whole). Chunks that are plain ASCII take V8's fast path; decoding the whole body at once
 * takes the slow UTF-8 path for all of it as soon as one character in it is not ASCII (a single "…"
 * is enough), several milliseconds on a megabyte. Same limits and errors as `readJson`: over
 * `limit` bytes -> 413, empty or not JSON -> 400.
 */
export async function readHistoryJson(req: Request, limit: number): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const decoder = new StringDecoder("utf8");
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
        throw tooLarge(limit);
      }
      text += decoder.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    }
  }
  text += decoder.end();
  if (!text.trim()) throw new AppError("bad_request", "body: a JSON body is required");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError("bad_request", `body: not valid JSON (${(error as Error).message})`);
  }
}

const NON_ASCII = /[^\x00-\x7f]/;
const NON_ASCII_ALL = /[^\x00-\x7f]/g;
const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** JSON of `value` (or `raw` JSON text) with every non-ASCII UTF-16 unit escaped, as bytes. */
function asciiJson(value: unknown, raw = false): Buffer {
  let s = raw ? (value as string) : JSON.stringify(value);
  if (NON_ASCII.test(s)) s = s.replace(NON_ASCII_ALL, escape);
  return Buffer.from(s, "latin1");
}

const tooLarge = (limit: number) =>
  new AppError("payload_too_large", `body is larger than the limit of ${limit} bytes (server.bodyLimitBytes)`, { limit });

/**
 * Writing: plain ASCII JSON, one buffer per message, joined once. The few messages with other
 * characters have them written as `\uXXXX` escapes (the same JSON value), so every buffer is a byte
 * copy of a one-byte string and the client decodes and parses an ASCII answer on its fast path too.
 * `Response.json` would stringify the whole answer and then re-encode it with TextEncoder, all of it
 * on the slow path as soon as one character is not ASCII.
 */
export function encodeCompressResult(result: CompressResult): Uint8Array<ArrayBuffer> {
  const parts: Buffer[] = [Buffer.from('{"messages":[', "latin1")];
  const comma = Buffer.from(",", "latin1");
  result.messages.forEach((m, i) => {
    if (i) parts.push(comma);
    parts.push(asciiJson(m));
  });
  parts.push(asciiJson(`],"stats":${JSON.stringify(result.stats)},"nudges":${JSON.stringify(result.nudges)}}`, true));
  const out = Buffer.concat(parts);
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}
