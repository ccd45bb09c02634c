import type { CompressResult } from "@/lib/contracts/compress";
import type { RecallContextDto } from "@/lib/contracts/context";
import { rememberBody } from "@/lib/http/direct-routes";
import { runAll, runSliced, type Steps } from "@/lib/slices";
import { readJsonBody } from "./read-json";

/** The compress route's body: `readJsonBody` (chunk-by-chunk decoding; same limits and errors). */
export const readHistoryJson = readJsonBody;

/** The compress answer: the result, the delta exchange's `base`/`keep`, the turn's `recall`, whether its record was `recorded` (and its `recordBase`, or `recordResend`), what the route `accepts`. */
type EncodedAnswer = CompressResult & {
  base?: string;
  keep?: number;
  recall?: RecallContextDto;
  recorded?: boolean;
  recordBase?: string;
  recordResend?: true;
  accepts?: readonly string[];
};

const NON_ASCII = /[^\x00-\x7f]/;
const NON_ASCII_ALL = /[^\x00-\x7f]/g;
const escapeUnit = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** JSON text of `value` (or `raw` JSON text) with every non-ASCII UTF-16 unit escaped. */
function asciiJson(value: unknown, raw = false): string {
  const s = raw ? (value as string) : JSON.stringify(value);
  return NON_ASCII.test(s) ? s.replace(NON_ASCII_ALL, escapeUnit) : s;
}

/** Bytes of answer text per chunk: one `Buffer.from` of a short string, never one of the whole answer. */
export const ANSWER_CHUNK_CHARS = 256 * 1024;

/**
 * Writing: plain ASCII JSON in chunks of about ANSWER_CHUNK_CHARS. The few messages with other
 * characters have them written as `\uXXXX` escapes (the same JSON value), so every chunk is a byte
 * copy of a one-byte string and the client decodes and parses an ASCII answer on its fast path too.
 * `Response.json` would stringify the whole answer and then re-encode it with TextEncoder, all of it
 * on the slow path as soon as one character is not ASCII. The server encodes one message a step
 * (`compressAnswerResponse`) and streams the chunks: joining a 57 MB answer into one buffer (one
 * small buffer per message, then `Buffer.concat`), which `new Response` and the writer each copied
 * again, held the event loop 400-1,300 ms at the end of a big compress (issue #37).
 */
export function encodeCompressResult(result: EncodedAnswer): Uint8Array<ArrayBuffer> {
  const out = Buffer.concat(runAll(encodeSteps(result)));
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

/**
 * The answer as a streamed 200 (`content-length` set): the chunks are encoded in slices before
 * the head is sent (an error is still a 4xx/5xx), then handed to the writer one at a time.
 */
export async function compressAnswerResponse(result: EncodedAnswer, headers: Record<string, string>): Promise<Response> {
  const chunks = await runSliced(encodeSteps(result));
  let length = 0;
  for (const chunk of chunks) length += chunk.byteLength;
  let next = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (next < chunks.length) {
          const chunk = chunks[next];
          chunks[next++] = EMPTY; // written: its memory can go
          controller.enqueue(chunk);
        } else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = new Response(body, { status: 200, headers: { ...headers, "content-length": String(length) } });
  // An answer of one chunk (a turn's, with the delta exchange: a few KB) is written by the
  // production server's front gate in one piece, its stream never read (lib/http/direct-routes.ts).
  return chunks.length === 1 ? rememberBody(response, chunks[0]) : response;
}

const EMPTY = new Uint8Array(0);

function* encodeSteps(result: EncodedAnswer): Steps<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  let text = '{"messages":[';
  const flush = () => {
    const bytes = Buffer.from(text, "latin1");
    chunks.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    text = "";
  };
  for (let i = 0; i < result.messages.length; i++) {
    if (i) text += ",";
    text += asciiJson(result.messages[i]);
    if (text.length >= ANSWER_CHUNK_CHARS) flush();
    yield;
  }
  let base = `${result.base === undefined ? "" : `,"base":${JSON.stringify(result.base)}`}${result.keep === undefined ? "" : `,"keep":${result.keep}`}`;
  if (result.recall !== undefined) base += `,"recall":${JSON.stringify(result.recall)}`;
  if (result.recorded !== undefined) base += `,"recorded":${result.recorded}`;
  if (result.recordBase !== undefined) base += `,"recordBase":${JSON.stringify(result.recordBase)}`;
  if (result.recordResend) base += `,"recordResend":true`;
  if (result.accepts !== undefined) base += `,"accepts":${JSON.stringify(result.accepts)}`;
  text += asciiJson(`],"stats":${JSON.stringify(result.stats)},"nudges":${JSON.stringify(result.nudges)}${base}}`, true);
  flush();
  return chunks;
}
