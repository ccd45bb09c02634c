/**
 * What a reader of the indexes (search, filters by tag, stats) calls first: the memories created in
 * the last few milliseconds get their index rows (derived.ts `catchUpForReader`; it never waits for
 * another connection's write lock). lib/search reads the indexes through this and
 * `vector-index.ts` only (rule `search-only-reads-the-indexes`).
 */
export { catchUpForReader as indexedForReading } from "./derived";
