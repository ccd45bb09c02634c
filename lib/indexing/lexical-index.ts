import type Database from "better-sqlite3";
import { readMeta, writeMeta } from "../embeddings/meta";
import { logger } from "../logging/logger";
import { catchUpDerived } from "./derived";
import { lexicalColumns } from "./rows";

/**
 * Version of what `lexicalColumns` (the tokenizer) writes into `memory_fts`. Bump it whenever the
 * tokenizer emits different terms for the same text: databases indexed by another version are
 * rebuilt from `memories` when they are opened, so stored and query terms always agree.
 */
export const LEXICAL_INDEX_VERSION = 3; // 2: Porter2, clitics, informal forms, number words; 3: more informal forms
const KEY = "lexical_index_version";
const BATCH = 2_000;

/** Rebuilds the lexical index if it was built by another tokenizer version (or never). */
export function ensureLexicalIndex(sqlite: Database.Database): { rebuilt: boolean; memories: number } {
  const hasIndex = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = 'memory_fts'").get();
  if (!hasIndex || readMeta(sqlite)[KEY] === String(LEXICAL_INDEX_VERSION)) return { rebuilt: false, memories: 0 };
  const started = performance.now();
  const select = sqlite.prepare("SELECT seq, title, tags, content FROM memories WHERE seq > ? ORDER BY seq LIMIT ?");
  const insert = sqlite.prepare("INSERT INTO memory_fts(rowid, title, tags, content) VALUES (?, ?, ?, ?)");
  let count = 0;
  // One transaction: a reader never sees a half-built index, and a crash leaves the old version.
  sqlite
    .transaction(() => {
      // Pending memories first get their other derived rows (tags, entities, queue) and leave the watermark.
      catchUpDerived(sqlite);
      sqlite.exec("INSERT INTO memory_fts(memory_fts) VALUES ('delete-all')");
      for (let after = 0; ; ) {
        const rows = select.all(after, BATCH) as { seq: number; title: string | null; tags: string; content: string }[];
        for (const r of rows) insert.run(r.seq, ...lexicalColumns({ title: r.title, tags: JSON.parse(r.tags) as string[], content: r.content }));
        count += rows.length;
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1].seq;
      }
      writeMeta(sqlite, { [KEY]: LEXICAL_INDEX_VERSION });
    })
    .immediate();
  if (count > 0) logger.info("lexical index rebuilt", { memories: count, version: LEXICAL_INDEX_VERSION, ms: Math.round(performance.now() - started) });
  return { rebuilt: true, memories: count };
}
