import type { CompressResult } from "@/lib/contracts/compress";
import type { RecallContextDto } from "@/lib/contracts/context";
import { runSliced, SLICE_MS, type Steps, yieldToLoop } from "@/lib/slices";
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
  const chunks: Uint8Array[] = [];
  for (const chunk of chunkSteps(result)) if (chunk) chunks.push(chunk);
  const out = Buffer.concat(chunks);
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

/**
 * The answer as a streamed 200 with its `content-length`. Before the head, only its length is
 * computed (in slices; an error there is still a 4xx/5xx); each chunk is encoded when the writer
 * asks for it (`pull`), in slices too, so at most one chunk of the answer is held at a time: the
 * whole 57 MB answer encoded up front was 57 MB more to collect at the end of a big compress
 * (issue #37). A client that goes away cancels the stream, and the encoding stops there.
 */
export async function compressAnswerResponse(result: EncodedAnswer, headers: Record<string, string>): Promise<Response> {
  const length = await runSliced(lengthSteps(result));
  const steps = chunkSteps(result);
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await nextChunk(steps);
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
      cancel() {
        steps.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers: { ...headers, "content-length": String(length) } });
}

/** Steps of `chunkSteps` until its next chunk (undefined at the end), a turn of the event loop every SLICE_MS. */
async function nextChunk(steps: ChunkSteps): Promise<Uint8Array | undefined> {
  let started = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return undefined;
    if (step.value) return step.value;
    if (performance.now() - started >= SLICE_MS) {
      await yieldToLoop();
      started = performance.now();
    }
  }
}

/** Yields `undefined` after each message and a chunk whenever one is full (and the last one). */
type ChunkSteps = Generator<Uint8Array | undefined, void, void>;

/** The answer's text: its opening, then each message's ASCII JSON (`messageText`), then `tail`. */
const HEAD = '{"messages":[';
const messageText = (result: EncodedAnswer, i: number) => (i ? "," : "") + asciiJson(result.messages[i]);

function* chunkSteps(result: EncodedAnswer): ChunkSteps {
  let text = HEAD;
  const chunk = () => {
    const bytes = Buffer.from(text, "latin1");
    text = "";
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  for (let i = 0; i < result.messages.length; i++) {
    text += messageText(result, i);
    yield text.length >= ANSWER_CHUNK_CHARS ? chunk() : undefined;
  }
  text += tail(result);
  yield chunk();
}

/** The answer's length in bytes: the characters `chunkSteps` writes (all ASCII: a byte each), a message a step. */
function* lengthSteps(result: EncodedAnswer): Steps<number> {
  let length = HEAD.length;
  for (let i = 0; i < result.messages.length; i++) {
    length += messageText(result, i).length;
    yield;
  }
  return length + tail(result).length;
}

/** What follows the messages: stats, nudges and the optional fields, in this order. */
function tail(result: EncodedAnswer): string {
  let base = `${result.base === undefined ? "" : `,"base":${JSON.stringify(result.base)}`}${result.keep === undefined ? "" : `,"keep":${result.keep}`}`;
  if (result.recall !== undefined) base += `,"recall":${JSON.stringify(result.recall)}`;
  if (result.recorded !== undefined) base += `,"recorded":${result.recorded}`;
  if (result.recordBase !== undefined) base += `,"recordBase":${JSON.stringify(result.recordBase)}`;
  if (result.recordResend) base += `,"recordResend":true`;
  if (result.accepts !== undefined) base += `,"accepts":${JSON.stringify(result.accepts)}`;
  return asciiJson(`],"stats":${JSON.stringify(result.stats)},"nudges":${JSON.stringify(result.nudges)}${base}}`, true);
}
