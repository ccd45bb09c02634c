import { v7 as uuidv7 } from "uuid";
import type { Ctx } from "../../lib/ctx";
import { writeMeta } from "../../lib/embeddings/meta";
import { createVectorTable, dropVectorTable } from "../../lib/db/virtual-tables";
import { normalize } from "../../lib/embeddings/provider";
import { markAllDerived } from "../../lib/indexing";
import { tokenize } from "../../lib/search/tokenizer";
import { CATEGORIES } from "../../lib/vocabulary";
import { rand, type Corpus } from "./corpus";
import { settleStore } from "./scale-corpus";

export const PROJECTS = Array.from({ length: 10 }, (_, i) => `p_bench${String(i).padStart(10, "0")}`);
/** The speed bench's project of its i-th request: none for one in three, else one of PROJECTS in turn. */
export const speedProject = (i: number): string | undefined => (i % 3 === 0 ? undefined : PROJECTS[i % PROJECTS.length]);

/**
 * Bulk-loads n memories the way the verbs index them (same tokenizer, same FTS columns), spread
 * over 10 projects plus global, with random unit vectors standing in for embeddings (the random
 * model's similarities mean nothing anyway; the query side runs the real model over HTTP).
 */
export function bulkLoad(ctx: Ctx, n: number, c: Corpus, vectors: { dimension: number; model: string } | null) {
  const s = ctx.sqlite;
  const insProject = s.prepare("INSERT OR IGNORE INTO projects(id, name, identity) VALUES (?, ?, 'path')");
  for (const p of PROJECTS) insProject.run(p, p);
  const ins = s.prepare(
    `INSERT INTO memories(id, project_id, scope, category, title, content, tags, source, status, pinned, priority, content_hash, created_at, updated_at, access_count)
     VALUES (?, ?, ?, ?, NULL, ?, '[]', 'import', ?, ?, 0, ?, ?, ?, ?) RETURNING seq`,
  );
  const fts = s.prepare("INSERT INTO memory_fts(rowid, title, tags, content) VALUES (?, '', '', ?)");
  if (vectors) {
    dropVectorTable(s);
    createVectorTable(s, vectors.dimension);
    writeMeta(s, { model: vectors.model, dimension: vectors.dimension });
  }
  const vec = vectors ? s.prepare("INSERT INTO memory_vectors(seq, embedding, project, scope, category, status, session) VALUES (?, ?, ?, ?, ?, ?, '')") : null;
  const now = Date.now();
  const batch = 2000;
  for (let start = 0; start < n; start += batch) {
    s.transaction(() => {
      for (let i = start; i < Math.min(n, start + batch); i++) {
        const content = c.text() + ` m${i}`;
        const project = rand() < 0.2 ? null : PROJECTS[Math.floor(rand() * PROJECTS.length)];
        const scope = project ? "project" : "global";
        const category = CATEGORIES[Math.floor(rand() * CATEGORIES.length)];
        const status = rand() < 0.9 ? "active" : "archived";
        const created = now - Math.floor(rand() * 365 * 86_400_000);
        const { seq } = ins.get(
          uuidv7(),
          project,
          scope,
          category,
          content,
          status,
          rand() < 0.02 ? 1 : 0,
          `h${i}`,
          created,
          created,
          Math.floor(rand() * 5),
        ) as { seq: number };
        fts.run(seq, tokenize(content).join(" "));
        if (vec) {
          const v = normalize(Float32Array.from({ length: vectors!.dimension }, () => rand() - 0.5));
          vec.run(BigInt(seq), v, project ?? "", scope, category, status);
        }
      }
    })();
  }
  markAllDerived(s);
  s.exec("DELETE FROM embedding_queue");
  settleStore(ctx);
  s.pragma("wal_checkpoint(TRUNCATE)");
  s.exec("ANALYZE");
}
