import { INTERNAL_KV_PROJECT } from "../kv/internal";
import type { Ctx } from "../ctx";
import { parseEntities } from "./parse";
import { runAll, type Steps } from "../slices";

/**
 * Bump when `parseEntities` changes what it finds: the next start re-parses every memory, so rows
 * written before the change (or before entities existed) match today's filter.
 */
export const ENTITY_PARSER_VERSION = "1";
const META_PROJECT = INTERNAL_KV_PROJECT;
const META_KEY = "entities/parser-version";
/** Memories parsed in one transaction, between two steps: about 40 ms at 1,000,000 under load (500 held the loop 80 ms). */
export const BACKFILL_BATCH = 250;
const FOREVER = 8_640_000_000_000_000;

/** Re-parses all memories in batches when the parser version changed; returns how many were parsed. */
export function backfillEntities(ctx: Ctx): number {
  return runAll(backfillEntitiesSteps(ctx));
}

/**
 * The same as steps, one batch each (lib/slices.ts): the server runs it sliced, since parsing a
 * 1,000,000-memory store in one go held the event loop, and /api/health with it, 2 min 40 s.
 */
export function* backfillEntitiesSteps(ctx: Ctx, batch = BACKFILL_BATCH, stopped = () => false): Steps<number> {
  const row = ctx.sqlite.prepare("SELECT value FROM kv WHERE project_id = ? AND key = ?").get(META_PROJECT, META_KEY) as { value: string } | undefined;
  if (row && JSON.parse(row.value) === ENTITY_PARSER_VERSION) return 0;
  const select = ctx.sqlite.prepare("SELECT seq, id, title, content FROM memories WHERE seq > ? ORDER BY seq LIMIT ?");
  const del = ctx.sqlite.prepare("DELETE FROM memory_entities WHERE memory_id = ?");
  const ins = ctx.sqlite.prepare("INSERT OR IGNORE INTO memory_entities(memory_id, kind, value) VALUES (?, ?, ?)");
  let last = 0;
  let total = 0;
  for (;;) {
    const rows = select.all(last, batch) as { seq: number; id: string; title: string | null; content: string }[];
    if (rows.length === 0) break;
    // One short transaction per batch: writers in between are not held up for long.
    ctx.sqlite
      .transaction(() => {
        for (const r of rows) {
          del.run(r.id);
          for (const e of parseEntities(`${r.title ?? ""}\n${r.content}`)) ins.run(r.id, e.kind, e.value);
        }
      })
      .immediate();
    total += rows.length;
    last = rows[rows.length - 1].seq;
    // Outside the transaction: a request may run between two batches.
    yield;
    // Stopped (shutdown): the version is not written, so the next start parses again.
    if (stopped() || !ctx.sqlite.open) return total;
  }
  ctx.sqlite
    .prepare(
      `INSERT INTO kv(project_id, key, value, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(project_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    )
    .run(META_PROJECT, META_KEY, JSON.stringify(ENTITY_PARSER_VERSION), Date.now(), Date.now(), FOREVER);
  return total;
}
