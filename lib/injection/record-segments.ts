/**
 * A session's record of injected blocks (`recollect/injected/<session>`) grows with every turn; the
 * kv refuses a value past `kv.maxValueBytes`. So its per-message entries (`attached`, `recalled`)
 * are frozen, once the record passes a budget, into segment keys `recollect/injected/<session>/<n>`
 * that are never rewritten by the writer that froze them; the head keeps the resume block, the
 * newest entries and `segments` (how many). Restoring reads the head and its segments, the head's
 * entries over a segment's, a later segment's over an earlier's. A record without `segments` is read
 * as before. Pure: the server (turn-record.ts) and the plugin (plugin/hooks/injected.ts) share it.
 */

/** The key of a session's segment `n` (under the head's key `recollect/injected/<session>`). */
export const segmentKeyOf = (headKey: string, n: number) => `${headKey}/${n}`;

export interface RecordSegment {
  attached: Record<string, unknown>;
  recalled: Record<string, unknown>;
}

const isMap = (x: unknown): x is Record<string, unknown> => !!x && typeof x === "object" && !Array.isArray(x);

/** How many segments a head names (0: none, an older record). */
export function segmentsOf(head: unknown): number {
  const n = isMap(head) ? head.segments : undefined;
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * The record's entries cut, in order, into segments of at most about `budget` bytes of JSON each (an
 * entry is never cut: one larger than the budget is a segment alone). A message's `recalled` entry
 * goes in the segment of its `attached` one.
 */
export function splitEntries(record: Record<string, unknown>, budget: number): RecordSegment[] {
  const attached = isMap(record.attached) ? record.attached : {};
  const recalled = isMap(record.recalled) ? record.recalled : {};
  const ids = [...Object.keys(attached), ...Object.keys(recalled).filter((id) => !(id in attached))];
  const out: RecordSegment[] = [];
  let chunk: RecordSegment = { attached: {}, recalled: {} };
  let size = 0;
  for (const id of ids) {
    // Bytes of `"id":value,` in each map it appears in (UTF-8, as the kv counts).
    const bytes =
      (id in attached ? utf8(id) + utf8(JSON.stringify(attached[id])) + 4 : 0) + (id in recalled ? utf8(id) + utf8(JSON.stringify(recalled[id])) + 4 : 0);
    if (size > 0 && size + bytes > budget) {
      out.push(chunk);
      chunk = { attached: {}, recalled: {} };
      size = 0;
    }
    if (id in attached) chunk.attached[id] = attached[id];
    if (id in recalled) chunk.recalled[id] = recalled[id];
    size += bytes;
  }
  if (size > 0) out.push(chunk);
  return out;
}

const utf8 = (s: string) => Buffer.byteLength(s);

/** The whole record from its head and its segments (in order): what restoring a session reads. */
export function joinRecord(head: Record<string, unknown>, segments: unknown[]): Record<string, unknown> {
  const attached: Record<string, unknown> = {};
  const recalled: Record<string, unknown> = {};
  for (const part of [...segments, head]) {
    if (!isMap(part)) continue;
    if (isMap(part.attached)) Object.assign(attached, part.attached);
    if (isMap(part.recalled)) Object.assign(recalled, part.recalled);
  }
  const { segments: _n, ...rest } = head;
  return { ...rest, attached, recalled };
}
