import type { Database } from "better-sqlite3";
import { prepared } from "../db/prepared";
import { memoryConditions, type SearchFilters } from "./filters";

/**
 * Issue 42, a turn's neighbours: a memory stored from a conversation or session belongs to a
 * source (the session it was written in: `session_id`, or the importers' `session` / the
 * extractor's `sessionID` metadata) and has a place in it (the order memories were stored in). An
 * answer often sits in the turn next to the one that names the subject ("what did she research?" is
 * named in one turn and answered in the reply). So the nearest memory before and after a strong hit,
 * in the same source and passing the same filters, is found here; rank it near its hit.
 */
export const SOURCE_SQL = "coalesce(m.session_id, json_extract(m.metadata, '$.session'), json_extract(m.metadata, '$.sessionID'))";

/** How far (in rows stored) a neighbour is looked for on each side: one import or one session's burst. */
const WINDOW = 16;

export interface Neighbour {
  /** The strong hit it neighbours. */
  of: number;
  seq: number;
}

/** The nearest memory before and after each hit in the same source (none for a memory with no source). */
export function neighboursOf(sqlite: Database, hits: readonly number[], filters: SearchFilters): Neighbour[] {
  if (hits.length === 0) return [];
  const sources = new Map(
    (
      prepared(sqlite, `SELECT m.seq AS seq, ${SOURCE_SQL} AS source FROM memories m WHERE m.seq IN (SELECT value FROM json_each(?))`).all(
        JSON.stringify(hits),
      ) as { seq: number; source: unknown }[]
    )
      .filter((r) => typeof r.source === "string" && r.source !== "")
      .map((r) => [r.seq, r.source as string]),
  );
  if (sources.size === 0) return [];
  const cond = memoryConditions(filters);
  // One range of rows around each hit, by the primary key; the source is compared on those rows only.
  const around = prepared(
    sqlite,
    `SELECT m.seq AS seq FROM memories m WHERE m.seq BETWEEN ? AND ? AND m.seq <> ? AND ${SOURCE_SQL} = ? AND ${cond.sql} ORDER BY m.seq`,
  );
  const out: Neighbour[] = [];
  for (const seq of hits) {
    const source = sources.get(seq);
    if (source === undefined) continue;
    const rows = around.all(seq - WINDOW, seq + WINDOW, seq, source, ...cond.params) as { seq: number }[];
    const before = rows.filter((r) => r.seq < seq).at(-1);
    const after = rows.find((r) => r.seq > seq);
    if (before) out.push({ of: seq, seq: before.seq });
    if (after) out.push({ of: seq, seq: after.seq });
  }
  return out;
}
