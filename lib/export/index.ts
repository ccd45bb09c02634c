import type { ParsedExportQuery } from "../contracts/export";
import type { Ctx } from "../ctx";
import { openSnapshot } from "../db/snapshot";
import { runSliced, SLICE_MS, yieldToLoop } from "../slices";
import { selectExportKeysSteps } from "./keys-sliced";
import { renderJson, renderJsonChunks } from "./json";
import { renderMarkdown, renderMarkdownChunks } from "./markdown";
import { exportRows, selectForExport } from "./select";

export { importMemories, importMemoriesAsync } from "./import";
export { parseMarkdown, parseMarkdownSteps, renderMarkdown, renderMarkdownChunks, renderMarkdownSteps } from "./markdown";
export { parseJson, renderJson, renderJsonChunks, renderJsonSteps } from "./json";
export { EXPORT_PAGE, exportRows, selectExportKeys, selectForExport } from "./select";
export { KEYS_PAGE, selectExportKeysSteps } from "./keys-sliced";

export interface ExportResult {
  body: string;
  contentType: string;
  filename: string;
  count: number;
}

export interface ExportStream extends Omit<ExportResult, "body"> {
  /** The file's UTF-8 bytes, rendered as they are read. */
  body: ReadableStream<Uint8Array>;
}

/**
 * `exportMemories` for the server, streamed: the memories' places are read first (ids and
 * headings, no text; in steps, lib/export/keys-sliced.ts), then the memories a page at a time (lib/export/select.ts) on a snapshot of
 * the store taken at the start (lib/db/snapshot.ts), so the file is the store at one moment even
 * while writes go on; rendered and sent a slice at a time (lib/slices.ts), so health keeps
 * answering and no whole file is held as one string. Its bytes equal `exportMemories`'s.
 */
export async function exportMemoriesStream(ctx: Ctx, query: ParsedExportQuery, now = new Date(), sliceMs = SLICE_MS): Promise<ExportStream> {
  const snapshot = openSnapshot(ctx.sqlite);
  const reader = snapshot ?? ctx;
  let chunks: Generator<string, void, void>;
  let count: number;
  try {
    const keys = await runSliced(selectExportKeysSteps(ctx, reader, query), sliceMs);
    const rows = exportRows(reader, keys);
    chunks = query.format === "markdown" ? renderMarkdownChunks(keys, now, rows) : renderJsonChunks(keys.length, now, rows);
    count = keys.length;
  } catch (error) {
    snapshot?.close();
    throw error;
  }
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return {
    body: streamChunks(chunks, () => snapshot?.close(), sliceMs),
    contentType: query.format === "markdown" ? "text/markdown; charset=utf-8" : "application/json; charset=utf-8",
    filename: `recollect-${stamp}.${query.format === "markdown" ? "md" : "json"}`,
    count,
  };
}

/**
 * Pieces of text as a byte stream: each pull renders pieces for up to SLICE_MS, sends them as one
 * chunk, then gives the event loop a turn (a pull is otherwise called again from a microtask).
 * `done` runs once, at the end, on an error or when the client goes away.
 */
export function streamChunks(chunks: Generator<string, void, void>, done: () => void, sliceMs = SLICE_MS): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const started = performance.now();
        const out: string[] = [];
        let ended = false;
        // At least one piece a pull, however short the slice.
        do {
          const next = chunks.next();
          if (next.done) {
            ended = true;
            break;
          }
          out.push(next.value);
        } while (performance.now() - started < sliceMs);
        if (out.length) controller.enqueue(encoder.encode(out.join("")));
        if (ended) {
          finish();
          controller.close();
          return;
        }
        await yieldToLoop();
      } catch (error) {
        finish();
        throw error;
      }
    },
    cancel() {
      chunks.return();
      finish();
    },
  });
}

/** Renders the memories matching `query` as a downloadable file. */
export function exportMemories(ctx: Ctx, query: ParsedExportQuery, now = new Date()): ExportResult {
  const { format, rows } = selectForExport(ctx, query);
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return format === "markdown"
    ? { body: renderMarkdown(rows, now), contentType: "text/markdown; charset=utf-8", filename: `recollect-${stamp}.md`, count: rows.length }
    : { body: renderJson(rows, now), contentType: "application/json; charset=utf-8", filename: `recollect-${stamp}.json`, count: rows.length };
}
