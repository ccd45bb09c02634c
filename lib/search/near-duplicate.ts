import type { Ctx } from "../context";
import { embeddingService } from "../embeddings/service";
import { derivedWatermark } from "../memories/derived";
import { VECTOR_TABLE, vectorTableExists } from "../embeddings/vector-table";
import type { Placement } from "../memories/scope";
import { prepared } from "./filters";
import { documentFrequencies } from "./lexical";
import { tokenizeRecent } from "./tokenizer";

export interface NearDuplicate {
  id: string;
  similarity: number;
  by: "cosine" | "lexical";
}

/**
 * Matches checked by Jaccard: few match the candidate query on real text (1-4 on average at
 * 20,000 memories), and ranking them by bm25() costs more than checking them, so they are ranked
 * only when there are more than this; then the closest this many.
 */
const LEXICAL_CANDIDATES = 20;
const MAX_QUERY_TERMS = 64;
/** Up to 6 rarest terms are paired (15 pairs); beyond, any one of the m + 1 rarest. */
const MAX_PAIR_TERMS = 6;
/** With no miss allowed, the 3 rarest terms already pin the candidates down. */
const MUST_HAVE = 3;

/**
 * A live memory (active or suggested) of the same placement whose text is nearly the same as this
 * one: cosine similarity of the embeddings at or above `search.dedupThreshold` when the new text's
 * embedding is at hand (see `prepareNearDuplicateCheck`), else token Jaccard similarity at or above
 * `search.lexicalDedupThreshold` among the memories that can reach it (see `candidateQuery`), and
 * among those whose index rows are still pending (memories/derived.ts). Synchronous: runs inside
 * the create transaction. `hash`: the new text's content hash, to keep its token set for the next
 * checks (the memory is compared with those stored after it).
 */
export function findNearDuplicate(ctx: Ctx, placement: Placement, content: string, hash?: string): NearDuplicate | undefined {
  const service = embeddingService(ctx);
  const embedding = service?.ready() ? service.cachedEmbedding(content) : undefined;
  if (embedding && vectorTableExists(ctx.sqlite)) {
    const hit = nearestInPlacement(ctx, placement, embedding);
    if (hit && 1 - hit.distance >= ctx.config.search.dedupThreshold) return { id: hit.id, similarity: round(1 - hit.distance), by: "cosine" };
  }
  const mine = new Set(tokenizeRecent(content));
  if (mine.size === 0) return undefined;
  if (hash) keepTokenSet(hash, mine);
  const where = placementSql(placement, "m");
  const live = `m.status IN ('active', 'suggested') AND ${where.sql}`;
  // Ids and hashes first: most token sets are cached, and a text is read only when one is not.
  type Candidate = { id: string; hash: string; seq: number };
  const plan = candidatePlan(ctx, [...mine], ctx.config.search.lexicalDedupThreshold);
  const matches = (order: string, limit: number) =>
    prepared(
      ctx.sqlite,
      `SELECT m.id AS id, m.content_hash AS hash, m.seq AS seq FROM memory_fts CROSS JOIN memories m ON m.seq = memory_fts.rowid
       WHERE memory_fts MATCH ? AND ${live} ORDER BY ${order} LIMIT ${limit}`,
    ).all(plan!.query, ...where.params) as Candidate[];
  // When more match than are checked, the closest by BM25 (an older near duplicate must not be
  // crowded out by newer matches). Unranked first, unless the word counts say that many match
  // (the bound is loose: pairs of rare words seldom occur together); asked again if they do.
  const byBm25 = () => matches("bm25(memory_fts, 1, 1, 1)", LEXICAL_CANDIDATES);
  let indexed = !plan ? [] : plan.maxMatches > 4 * LEXICAL_CANDIDATES ? byBm25() : matches("memory_fts.rowid DESC", LEXICAL_CANDIDATES + 1);
  if (indexed.length > LEXICAL_CANDIDATES) indexed = byBm25();
  const pending = prepared(ctx.sqlite, `SELECT m.id AS id, m.content_hash AS hash, m.seq AS seq FROM memories m NOT INDEXED WHERE m.seq > ? AND ${live}`).all(
    derivedWatermark(ctx.sqlite),
    ...where.params,
  ) as Candidate[];
  let best: NearDuplicate | undefined;
  for (const r of [...indexed, ...pending]) {
    const similarity = jaccard(mine, tokenSet(ctx, r));
    if (similarity >= ctx.config.search.lexicalDedupThreshold && (!best || similarity > best.similarity)) {
      best = { id: r.id, similarity: round(similarity), by: "lexical" };
    }
  }
  return best;
}

/**
 * Computes (and caches) the embedding of a text about to be stored, so that the synchronous check
 * in the create transaction can compare by cosine. Callers on an async path (the HTTP route) may
 * await it first; without it the check is lexical.
 */
export async function prepareNearDuplicateCheck(ctx: Ctx, content: string): Promise<void> {
  const service = embeddingService(ctx);
  if (service?.ready()) await service.embedQuery(content).catch(() => null);
}

function nearestInPlacement(ctx: Ctx, p: Placement, embedding: Float32Array): { id: string; distance: number } | undefined {
  const conds = ["status IN ('active', 'suggested')", "scope = ?", "project = ?"];
  const params: unknown[] = [p.scope, p.projectId ?? ""];
  if (p.scope === "session") {
    conds.push("session = ?");
    params.push(p.sessionId ?? "");
  }
  const hit = prepared(
    ctx.sqlite,
    `SELECT seq, distance FROM ${VECTOR_TABLE} WHERE embedding MATCH ? AND k = 1 AND ${conds.join(" AND ")}`,
  ).get(embedding, ...params) as { seq: number | bigint; distance: number } | undefined;
  if (!hit) return undefined;
  const row = prepared(ctx.sqlite, "SELECT id FROM memories WHERE seq = ?").get(Number(hit.seq)) as { id: string } | undefined;
  return row ? { id: row.id, distance: hit.distance } : undefined;
}

/**
 * Which memories can be near duplicates, as an FTS5 query. A text with token Jaccard >= t to our n
 * tokens holds at least ceil(t * n) of them: it misses at most m = n - ceil(t * n). So it holds
 * all of our rarest tokens when m = 0, at least two of our m + 2 rarest otherwise (an OR of AND
 * pairs), and at least one of our m + 1 rarest in any case (used while those are rare, or when
 * pairs would be many). Two rare tokens instead of one keep the matches to a handful on real
 * text: on 20,000 memories of Zipf-distributed words, 3.5 matches instead of 125, and a check of
 * 180-190 us instead of 311 us. Rarest by document frequency, looked up again only when the store
 * has doubled: a stale count only makes the query less selective, never wrong, and a term's lookup
 * costs about 30 us.
 */
export function candidateQuery(ctx: Ctx, terms: string[], threshold: number): string | undefined {
  return candidatePlan(ctx, terms, threshold)?.query;
}

/** `candidateQuery` with an estimate of how many memories can match it (from the document frequencies). */
function candidatePlan(ctx: Ctx, terms: string[], threshold: number): { query: string; maxMatches: number } | undefined {
  const misses = terms.length - Math.ceil(threshold * terms.length);
  const withDf = documentFrequencies(ctx.sqlite, terms, { rankOnly: true }) ?? terms.map((term) => ({ term, df: 0 }));
  const sorted = withDf.sort((a, b) => a.df - b.df || (a.term < b.term ? -1 : 1));
  const rarest = sorted.map((t) => `"${t.term}"`);
  if (rarest.length === 0) return undefined;
  const dfs = sorted.map((t) => t.df);
  if (misses <= 0) return { query: rarest.slice(0, MUST_HAVE).join(" AND "), maxMatches: dfs[0] };
  const prefix = Math.min(misses + 1, MAX_QUERY_TERMS);
  const pairTerms = misses + 2;
  // Each term occurrence in the query costs a lookup (about 6 us); each match a row read and a
  // Jaccard check (about 2.5 us). While the rarest words are rare enough (a young store), one of
  // them is the cheaper test.
  const prefixPostings = sorted.slice(0, prefix).reduce((sum, t) => sum + t.df, 0);
  const pairLookups = (pairTerms * (pairTerms + 1)) / 2 - 1;
  if (pairTerms <= MAX_PAIR_TERMS && pairTerms <= rarest.length && prefixPostings * 2.5 > pairLookups * 6) {
    const r = rarest.slice(0, pairTerms);
    const pairs: string[] = [];
    // "Two of them" as (a AND (b OR c OR d)) OR (b AND (c OR d)) OR (c AND d): FTS5 opens one
    // iterator per term occurrence, so this nesting needs k(k+1)/2 - 1 of them instead of k(k-1).
    for (let i = 0; i < r.length - 1; i++) pairs.push(`(${r[i]} AND (${r.slice(i + 1).join(" OR ")}))`);
    // A match holds two of the k terms, one of them among the k - 1 rarest.
    return { query: pairs.join(" OR "), maxMatches: Math.min(prefixPostings, sum(dfs.slice(0, pairTerms)) / 2) };
  }
  return { query: rarest.slice(0, prefix).join(" OR "), maxMatches: prefixPostings };
}

function placementSql(p: Placement, alias: string): { sql: string; params: unknown[] } {
  const sql = [`${alias}.scope = ?`, p.projectId === null ? `${alias}.project_id IS NULL` : `${alias}.project_id = ?`];
  const params: unknown[] = [p.scope];
  if (p.projectId !== null) params.push(p.projectId);
  if (p.scope === "session") {
    sql.push(`${alias}.session_id = ?`);
    params.push(p.sessionId);
  }
  return { sql: sql.join(" AND "), params };
}

const tokenSets = new Map<string, ReadonlySet<string>>();
const TOKEN_SET_CACHE = 20_000;

/** A stored text's token set, cached by content hash: the same memories come back as candidates. */
function tokenSet(ctx: Ctx, memory: { hash: string; seq: number }): ReadonlySet<string> {
  const cached = tokenSets.get(memory.hash);
  if (cached) return cached;
  const { content } = prepared(ctx.sqlite, "SELECT content FROM memories WHERE seq = ?").get(memory.seq) as { content: string };
  return keepTokenSet(memory.hash, new Set(tokenizeRecent(content)));
}

function keepTokenSet(hash: string, set: ReadonlySet<string>): ReadonlySet<string> {
  if (tokenSets.size >= TOKEN_SET_CACHE) tokenSets.delete(tokenSets.keys().next().value as string);
  tokenSets.set(hash, set);
  return set;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const round = (x: number) => Math.round(x * 10_000) / 10_000;
