/**
 * lib/indexing's public entry for the folders that neither write memories nor search them (views,
 * metrics, exports, maintenance, embeddings, enrichment, team, open-store), and for tests and
 * benchmarks: catch the index rows written behind creates up before reading them, or write them
 * now. derived.ts itself is imported only from lib/indexing/ (rule `indexing-derived-through-its-entry`);
 * lib/memories and lib/search have their own narrower doors (after-write.ts, before-read.ts).
 */
export {
  catchUpDerived,
  catchUpForReader,
  deferDerived,
  deriveAhead,
  type DerivedAhead,
  initDerivedWatermark,
  insertWithDerived,
  insertWithDerivedSteps,
  type InsertedAhead,
  markAllDerived,
} from "./derived";
export { afterSlicedWrite } from "./after-write";
export { LEXICAL_SEGMENTS_MAX, lexicalSegments, MERGE_EVERY_MS, mergeLexicalIndexSteps } from "./lexical-merge";
