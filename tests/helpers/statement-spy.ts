import type Database from "better-sqlite3";

/**
 * The SQL of the statements whose text contains `includes` that `fn` runs through `.all()` on this
 * connection (better-sqlite3's Statement prototype is shared: patched for the call, then restored).
 * The lexical tests use it to tell FTS5's bm25() statements from the scoring outside FTS5.
 */
export function statementsRun(sqlite: Database.Database, includes: string, fn: () => void): string[] {
  const proto = Object.getPrototypeOf(sqlite.prepare("SELECT 1")) as { all: (...a: unknown[]) => unknown };
  const all = proto.all;
  const seen: string[] = [];
  proto.all = function (this: { source: string }, ...a: unknown[]) {
    if (this.source.includes(includes)) seen.push(this.source);
    return all.apply(this, a);
  };
  try {
    fn();
  } finally {
    proto.all = all;
  }
  return seen;
}

/**
 * `fn` run inside a transaction on `sqlite`: there the postings held in memory are not trusted
 * (lib/search/lexical-postings.ts) and FTS5's own statements answer a lexical search, the path a
 * test of those statements is about.
 */
export const inFts5 = <T>(sqlite: Database.Database, fn: () => T): T => sqlite.transaction(fn)();
