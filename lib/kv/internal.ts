/**
 * The pseudo-project under which Recollect keeps its own bookkeeping in the `kv` table (the entity
 * parser's version, the LLM extractor's cursors): no real project id looks like it, and the
 * browser's KV page leaves these keys out (they are not the user's or the agents').
 */
export const INTERNAL_KV_PROJECT = "_recollect";
