import { exportFile } from "../contracts/export";
import { badRequest } from "../errors";
import { parseJsonSliced } from "../http/json-sliced";
import type { Steps } from "../slices";
import type { ExportRow } from "./select";

/** The JSON export: one object, every field of every memory, meant for machines. */
export function renderJson(rows: ExportRow[], exportedAt = new Date()): string {
  return JSON.stringify({ format: "recollect-export", version: 1, exportedAt: exportedAt.toISOString(), count: rows.length, memories: rows }, null, 2) + "\n";
}

/** `renderJson`'s text as steps, one a memory (lib/slices.ts), from `renderJsonChunks`. */
export function* renderJsonSteps(rows: ExportRow[], exportedAt = new Date()): Steps<string> {
  const out: string[] = [];
  for (const chunk of renderJsonChunks(rows.length, exportedAt, rows)) {
    out.push(chunk);
    yield;
  }
  return out.join("");
}

/**
 * `renderJson`'s text in pieces, one a memory, for a streamed answer (no whole file held as one
 * string): each memory stringified on its own and indented to its place (a JSON string never holds
 * a raw line break, so indenting after each one is safe). Joined, equal to `renderJson`'s.
 * `count` is the head's (the rows may come from a paged read).
 */
export function* renderJsonChunks(count: number, exportedAt: Date, rows: Iterable<ExportRow>): Generator<string, void, void> {
  if (!count) {
    yield renderJson([], exportedAt);
    return;
  }
  const head = JSON.stringify({ format: "recollect-export", version: 1, exportedAt: exportedAt.toISOString(), count }, null, 2);
  yield `${head.slice(0, -2)},\n  "memories": [\n`;
  let first = true;
  for (const row of rows) {
    yield `${first ? "" : ",\n"}    ${JSON.stringify(row, null, 2).replace(/\n/g, "\n    ")}`;
    first = false;
  }
  yield "\n  ]\n}\n";
}

/** The raw entries of a JSON export (each validated later, one by one, so one bad entry does not sink the file). */
export function parseJson(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`body: not valid JSON (${(error as Error).message})`);
  }
  return entriesOf(value);
}

/** `parseJson` for the server: a big file is parsed in slices (lib/http/json-sliced.ts). */
export async function parseJsonAsync(text: string): Promise<unknown[]> {
  let value: unknown;
  try {
    // Any depth, as JSON.parse: entries nested too deep are refused one by one by their contract.
    const parsed = await parseJsonSliced(text, Number.MAX_SAFE_INTEGER);
    value = "value" in parsed ? parsed.value : undefined;
  } catch (error) {
    throw badRequest(`body: not valid JSON (${(error as Error).message})`);
  }
  return entriesOf(value);
}

function entriesOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const parsed = exportFile.safeParse(value);
  if (!parsed.success)
    throw badRequest('body: not a Recollect export (expected { "format": "recollect-export", "version": 1, "memories": [...] } or an array of memories)');
  return parsed.data.memories;
}
