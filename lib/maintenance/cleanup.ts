import { sql } from "drizzle-orm";
import type { CleanupResult, ParsedCleanupInput } from "../contracts/maintenance";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { archiveMemory } from "../memories/archive";
import { catchUpDerived } from "../indexing";
import { unindexMemory } from "../indexing/rows";
import { dbSize } from "./db-size";
import { compact, incrementalVacuum, reclaimAfterDelete } from "./vacuum";

const BATCH = 500;

/**
 * Deletes (or archives) the memories that match every given filter. Deletion runs in batches of
 * `BATCH` per transaction (FTS entries, queue and the rows go together; tags, versions, links and
 * access rows follow by cascade, vectors by the vector table's trigger), then gives the freed
 * pages back to the file system.
 */
export function cleanup(ctx: Ctx, input: ParsedCleanupInput): CleanupResult {
  const where: string[] = [];
  const args: unknown[] = [];
  if (input.olderThanDays !== undefined) {
    where.push("created_at < ?");
    args.push(Date.now() - input.olderThanDays * 86_400_000);
  }
  const inList = (column: string, values: readonly string[]) => {
    where.push(`${column} IN (${values.map(() => "?").join(",")})`);
    args.push(...values);
  };
  if (input.scope) inList("scope", input.scope);
  if (input.category) inList("category", input.category);
  if (input.status) inList("status", input.status);
  if (input.project) {
    where.push("project_id = ?");
    args.push(input.project);
  }
  if (!input.includePinned) where.push("pinned = 0");
  if (input.action === "archive") where.push("status <> 'archived'");

  let unknownIds: string[] = [];
  if (input.ids) {
    ctx.sqlite.exec("CREATE TEMP TABLE IF NOT EXISTS cleanup_ids(id TEXT PRIMARY KEY)");
    ctx.sqlite.exec("DELETE FROM temp.cleanup_ids");
    const put = ctx.sqlite.prepare("INSERT OR IGNORE INTO temp.cleanup_ids(id) VALUES (?)");
    ctx.sqlite.transaction((ids: string[]) => ids.forEach((id) => put.run(id)))(input.ids);
    unknownIds = (ctx.sqlite.prepare("SELECT id FROM temp.cleanup_ids WHERE id NOT IN (SELECT id FROM memories) LIMIT 1000").all() as { id: string }[]).map(
      (r) => r.id,
    );
    where.push("id IN (SELECT id FROM temp.cleanup_ids)");
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";

  const onDisk = () => {
    const s = dbSize(ctx.sqlite);
    return s.sizeBytes + s.walBytes;
  };
  const sizeBefore = onDisk();
  const matched = (ctx.sqlite.prepare(`SELECT count(*) AS n FROM memories ${clause}`).get(...args) as { n: number }).n;
  const sample = (
    ctx.sqlite.prepare(`SELECT id, category, scope, created_at AS createdAt, content FROM memories ${clause} ORDER BY seq LIMIT 20`).all(...args) as {
      id: string;
      category: string;
      scope: string;
      createdAt: number;
      content: string;
    }[]
  ).map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), content: r.content.length > 200 ? r.content.slice(0, 199) + "…" : r.content }));

  let affected = 0;
  let compacted = false;
  if (!input.dryRun && matched > 0) {
    const todo = Math.min(matched, input.limit ?? matched);
    const select = ctx.sqlite.prepare(`SELECT seq, id FROM memories ${clause} ORDER BY seq LIMIT ?`);
    while (affected < todo) {
      const rows = select.all(...args, Math.min(BATCH, todo - affected)) as { seq: number; id: string }[];
      if (!rows.length) break;
      if (input.action === "archive") {
        for (const r of rows) archiveMemory(ctx, r.id);
      } else {
        withTransaction(
          ctx.db,
          (tx) => {
            catchUpDerived(tx.$client);
            const seqs = rows.map((r) => r.seq);
            for (const seq of seqs) unindexMemory(tx.$client, seq);
            tx.run(sql`DELETE FROM embedding_queue WHERE memory_id IN (SELECT id FROM memories WHERE seq IN ${seqs})`);
            tx.run(sql`DELETE FROM memories WHERE seq IN ${seqs}`);
          },
          "immediate",
        );
      }
      affected += rows.length;
    }
    if (input.action === "delete") {
      // The last batch gives the space back; earlier ones (limit) leave it to the last.
      if (affected < matched) incrementalVacuum(ctx.sqlite);
      else if (input.compact === "always") {
        compact(ctx.sqlite);
        compacted = true;
      } else if (input.compact === "auto") compacted = reclaimAfterDelete(ctx.sqlite);
      else incrementalVacuum(ctx.sqlite);
    }
  }
  if (input.ids) ctx.sqlite.exec("DELETE FROM temp.cleanup_ids");

  return {
    dryRun: input.dryRun,
    action: input.action,
    matched,
    affected,
    remaining: matched - affected,
    sample,
    unknownIds,
    sizeBeforeBytes: sizeBefore,
    sizeAfterBytes: onDisk(),
    compacted,
  };
}
