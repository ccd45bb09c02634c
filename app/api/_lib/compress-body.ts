import type { CompressResult } from "@/lib/contracts/compress";
import type { RecallContextDto } from "@/lib/contracts/context";
import { runAll, runSliced, type Steps } from "@/lib/slices";
import { readJsonBody } from "./read-json";

/** The compress route's body: `readJsonBody` (chunk-by-chunk decoding; same limits and errors). */
export const readHistoryJson = readJsonBody;

/** The compress answer: the result, the delta exchange's `base`/`keep`, the turn's `recall`, whether its record was `recorded`, what the route `accepts`. */
type EncodedAnswer = CompressResult & { base?: string; keep?: number; recall?: RecallContextDto; recorded?: boolean; accepts?: readonly string[] };

const NON_ASCII = /[^\x00-\x7f]/;
const NON_ASCII_ALL = /[^\x00-\x7f]/g;
const escapeUnit = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** JSON of `value` (or `raw` JSON text) with every non-ASCII UTF-16 unit escaped, as bytes. */
function asciiJson(value: unknown, raw = false): Buffer {
  let s = raw ? (value as string) : JSON.stringify(value);
  if (NON_ASCII.test(s)) s = s.replace(NON_ASCII_ALL, escapeUnit);
  return Buffer.from(s, "latin1");
}

/**
 * Writing: plain ASCII JSON, one buffer per message, joined once. The few messages with other
 * characters have them written as `\uXXXX` escapes (the same JSON value), so every buffer is a byte
 * copy of a one-byte string and the client decodes and parses an ASCII answer on its fast path too.
 * `Response.json` would stringify the whole answer and then re-encode it with TextEncoder, all of it
 * on the slow path as soon as one character is not ASCII. The server encodes in slices
 * (`encodeCompressResultSliced`): an answer of 100,000 messages took over a second.
 */
export function encodeCompressResult(result: EncodedAnswer): Uint8Array<ArrayBuffer> {
  return runAll(encodeSteps(result));
}

export function encodeCompressResultSliced(result: EncodedAnswer): Promise<Uint8Array<ArrayBuffer>> {
  return runSliced(encodeSteps(result));
}

function* encodeSteps(result: EncodedAnswer): Steps<Uint8Array<ArrayBuffer>> {
  const parts: Buffer[] = [Buffer.from('{"messages":[', "latin1")];
  const comma = Buffer.from(",", "latin1");
  for (let i = 0; i < result.messages.length; i++) {
    if (i) parts.push(comma);
    parts.push(asciiJson(result.messages[i]));
    yield;
  }
  let base = `${result.base === undefined ? "" : `,"base":${JSON.stringify(result.base)}`}${result.keep === undefined ? "" : `,"keep":${result.keep}`}`;
  if (result.recall !== undefined) base += `,"recall":${JSON.stringify(result.recall)}`;
  if (result.recorded !== undefined) base += `,"recorded":${result.recorded}`;
  if (result.accepts !== undefined) base += `,"accepts":${JSON.stringify(result.accepts)}`;
  parts.push(asciiJson(`],"stats":${JSON.stringify(result.stats)},"nudges":${JSON.stringify(result.nudges)}${base}}`, true));
  const out = Buffer.concat(parts);
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}
