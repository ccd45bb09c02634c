import type { ParsedTeamSearchQuery } from "../../contracts/team";
import { type Candidate, rank } from "../../search/hybrid";
import { queryTerms } from "../../search/tokenizer";
import type { VectorHit } from "../../search/vector";
import { CATEGORIES, type Category } from "../../vocabulary";
import type { Hub } from "./open";
import { requireProjectAccess, type HubUser } from "./users";
import { pgvectorSearch } from "./vectors";

export interface TeamSearchHit {
  id: string;
  seq: number;
  title: string | null;
  content: string;
  category: string;
  score: number;
}

export interface TeamSearchResult {
  /** `hybrid` when the query was embedded and ranked by meaning too, else `lexical`. */
  mode: "hybrid" | "lexical";
  /** How the hub ranks by meaning (pgvector or in-process). */
  vectors: Hub["vectorMode"];
  results: TeamSearchHit[];
}

/** Embeds a query with the hub server's own model (null: none loaded, lexical only). */
export type EmbedQuery = (text: string) => Promise<Float32Array | null>;

/** A tsquery matching any of the terms, each quoted as one lexeme (the tokens are letters and digits only). */
export const anyTermQuery = (terms: readonly string[]) => terms.map((t) => `'${t.replace(/['\\]/g, "")}'`).join(" | ");

/** How many of each list take part in the fusion: a few times what is asked. */
const candidatesFor = (limit: number) => Math.max(limit * 4, 40);

/** At most this many matches are ranked per query (of each kind: all the terms, then any term). */
export const RANKED_MATCHES = 2_000;

/**
 * The lexical list: Recollect's own query terms against the tsvector of its index terms (GIN), so
 * CJK bigrams and stems match as they do in the local SQLite index. ts_rank reads each match's
 * tsvector, so ranking every match of a common word costs a heap read per match (a tenth of
 * 100,000 memories: hundreds of milliseconds). The matches holding all the terms ($2) come first
 * and any-term matches ($3) after, each capped at RANKED_MATCHES ($4) before ranking; ts_rank then
 * orders them, an all-terms match above any other.
 */
export const LEXICAL_SQL = `WITH hits AS (
    (SELECT seq, tokens, 1 AS every FROM hub_memories WHERE tokens @@ $2::tsquery AND project = $1 AND NOT deleted LIMIT $4)
    UNION ALL
    (SELECT seq, tokens, 0 FROM hub_memories WHERE tokens @@ $3::tsquery AND NOT tokens @@ $2::tsquery AND project = $1 AND NOT deleted LIMIT $4)
  )
  SELECT seq::float8 AS seq, (every + ts_rank(tokens, $3::tsquery))::float8 AS rank FROM hits ORDER BY rank DESC, seq DESC LIMIT $5`;

/** One term ($2; $3 the cap, $4 k): its matches are the all-terms ones (an any-term branch would read them again for nothing). */
export const LEXICAL_ONE_TERM_SQL = `SELECT seq::float8 AS seq, (1 + ts_rank(tokens, $2::tsquery))::float8 AS rank FROM
    (SELECT seq, tokens FROM hub_memories WHERE tokens @@ $2::tsquery AND project = $1 AND NOT deleted LIMIT $3) hits
  ORDER BY rank DESC, seq DESC LIMIT $4`;

/** A tsquery matching all of the terms. */
export const allTermsQuery = (terms: readonly string[]) => terms.map((t) => `'${t.replace(/['\\]/g, "")}'`).join(" & ");

/**
 * Search over a project's team memories on the hub, hybrid like the local search: the lexical list
 * and, when the hub's model embeds the query, the nearest stored vectors (pgvector or in-process),
 * fused by the same rank() as on a machine (lib/search/hybrid.ts).
 */
export async function searchTeamMemories(hub: Hub, user: HubUser, query: ParsedTeamSearchQuery, embed?: EmbedQuery): Promise<TeamSearchResult> {
  await requireProjectAccess(hub, user, [query.project]);
  const terms = [...new Set(queryTerms(query.query))];
  const k = candidatesFor(query.limit);
  const embedding = embed ? embed(query.query).catch(() => null) : Promise.resolve(null);
  const lexical = !terms.length
    ? []
    : (terms.length === 1
        ? await hub.pool.query<{ seq: number; rank: number }>(LEXICAL_ONE_TERM_SQL, [query.project, allTermsQuery(terms), RANKED_MATCHES, k])
        : await hub.pool.query<{ seq: number; rank: number }>(LEXICAL_SQL, [query.project, allTermsQuery(terms), anyTermQuery(terms), RANKED_MATCHES, k])
      ).rows;
  const vector = await nearest(hub, query.project, await embedding, k);
  const seqs = [...new Set([...lexical.map((h) => h.seq), ...(vector ?? []).map((h) => h.seq)])];
  if (!seqs.length) return { mode: vector ? "hybrid" : "lexical", vectors: hub.vectorMode, results: [] };
  const { rows } = await hub.pool.query<Omit<TeamSearchHit, "score"> & { updatedAt: number }>(
    `SELECT id, seq::float8 AS seq, title, content, category, (extract(epoch FROM updated_at) * 1000)::float8 AS "updatedAt"
       FROM hub_memories WHERE project = $1 AND seq = ANY($2::bigint[])`,
    [query.project, seqs],
  );
  const bySeq = new Map(rows.map((r) => [r.seq, r]));
  const candidates = new Map<number, Candidate>(
    rows.map((r) => [r.seq, { seq: r.seq, pinned: false, category: asCategory(r.category), createdAt: r.updatedAt, accessCount: 0, projectId: null }]),
  );
  // ts_rank is higher-is-better; rank() reads BM25's lower-is-better.
  const ranked = rank(
    lexical.map((h) => ({ seq: h.seq, bm25: -h.rank })),
    vector,
    candidates,
    { projectId: null, now: Date.now() },
  );
  return {
    mode: vector ? "hybrid" : "lexical",
    vectors: hub.vectorMode,
    results: ranked.slice(0, query.limit).map((r) => {
      const { updatedAt: _, ...hit } = bySeq.get(r.seq)!;
      return { ...hit, score: r.score };
    }),
  };
}

async function nearest(hub: Hub, project: string, embedding: Float32Array | null, k: number): Promise<VectorHit[] | null> {
  if (!embedding) return null;
  return hub.vectorMode === "pgvector" ? pgvectorSearch(hub.pool, hub.vectorIndexes, project, embedding, k) : hub.inProcess.search(project, embedding, k);
}

const asCategory = (c: string): Category => ((CATEGORIES as readonly string[]).includes(c) ? (c as Category) : "fact");
