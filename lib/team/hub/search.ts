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
  /**
   * True when the query was embedded but the project's vectors are still loading into the hub
   * process (after a hub start or a bulk import): the answer is lexical-only until they are in.
   */
  vectorsLoading: boolean;
  results: TeamSearchHit[];
}

/** Embeds a query with the hub server's own model (null: none loaded, lexical only). */
export type EmbedQuery = (text: string) => Promise<Float32Array | null>;

/** One term as a tsquery (the tokens are letters and digits only; quoted as one lexeme). */
const termQuery = (t: string) => `'${t.replace(/['\\]/g, "")}'`;

/** A tsquery matching all of the terms. */
export const allTermsQuery = (terms: readonly string[]) => terms.map(termQuery).join(" & ");

/** How many of each list take part in the fusion: a few times what is asked. */
const candidatesFor = (limit: number) => Math.max(limit * 4, 40);

/** At most this many matches are read and scored per query (the rarest terms' first). */
export const RANKED_MATCHES = 1_000;

/** At most this many of a query's rarest terms take part in the any-term matches (all take part in the all-terms ones). */
const MAX_TERMS = 8;

export interface LexicalPlan {
  sql: string;
  params: (string | number)[];
}

/**
 * The lexical list's SQL for terms sorted rarest first, each with its weight (log 1/frequency,
 * BM25's idf): Recollect's own query terms against the tsvector of its index terms (GIN), so CJK
 * bigrams and stems match as they do in the local SQLite index. Candidates come in order, at most
 * RANKED_MATCHES in all: the memories holding every term, then those holding the rarest term, then
 * the next rarest (each branch skipping what an earlier one read), so a very common word only fills
 * what is left and its thousands of matches are never read. Each candidate scores the weights of
 * the terms it holds (the stored tokens are distinct: a term counts once, as ts_rank would count it
 * here, without reading it again).
 */
export function lexicalPlan(project: string, rarestFirst: readonly { term: string; weight: number }[], cap: number, k: number): LexicalPlan {
  const terms = rarestFirst.slice(0, MAX_TERMS);
  const params: (string | number)[] = [project, cap, k, allTermsQuery(rarestFirst.map((t) => t.term))];
  const p = (value: string | number) => `$${params.push(value)}`;
  const term = terms.map((t) => p(termQuery(t.term)));
  const weight = terms.map((t) => p(t.weight));
  const from = "FROM hub_memories WHERE project = $1 AND NOT deleted";
  const branches = [`(SELECT seq, tokens ${from} AND tokens @@ $4::tsquery LIMIT $2)`];
  if (terms.length > 1)
    for (let i = 0; i < terms.length; i++) {
      const before =
        i === 0
          ? "$4::tsquery"
          : `(${term
              .slice(0, i)
              .map((t) => `${t}::tsquery`)
              .join(" || ")})`;
      branches.push(`(SELECT seq, tokens ${from} AND tokens @@ ${term[i]}::tsquery AND NOT tokens @@ ${before} LIMIT $2)`);
    }
  const score = terms.map((_, i) => `CASE WHEN tokens @@ ${term[i]}::tsquery THEN ${weight[i]}::float8 ELSE 0 END`).join(" + ");
  return {
    sql: `SELECT seq::float8 AS seq, (${score})::float8 AS rank FROM (SELECT * FROM (${branches.join(" UNION ALL ")}) branches LIMIT $2) hits ORDER BY rank DESC, seq DESC LIMIT $3`,
    params,
  };
}

/** The query's terms, rarest first on the hub, each with its weight. */
export async function weighedTerms(hub: Hub, terms: readonly string[]) {
  const frequencies = await hub.terms.frequencyOf(terms);
  return terms
    .map((term, i) => ({ term, weight: Math.log(1 / Math.min(1, Math.max(frequencies[i]!, 1e-9))) + 0.1 }))
    .sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term));
}

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
  const plan = terms.length ? lexicalPlan(query.project, await weighedTerms(hub, terms), RANKED_MATCHES, k) : null;
  const lexical = plan ? (await hub.pool.query<{ seq: number; rank: number }>(plan.sql, plan.params)).rows : [];
  const queryVector = await embedding;
  const vector = await nearest(hub, query.project, queryVector, k);
  const vectorsLoading = queryVector !== null && vector === null;
  const seqs = [...new Set([...lexical.map((h) => h.seq), ...(vector ?? []).map((h) => h.seq)])];
  if (!seqs.length) return { mode: vector ? "hybrid" : "lexical", vectors: hub.vectorMode, vectorsLoading, results: [] };
  const { rows } = await hub.pool.query<Omit<TeamSearchHit, "score"> & { updatedAt: number }>(
    `SELECT id, seq::float8 AS seq, title, content, category, (extract(epoch FROM updated_at) * 1000)::float8 AS "updatedAt"
       FROM hub_memories WHERE project = $1 AND seq = ANY($2::bigint[])`,
    [query.project, seqs],
  );
  const bySeq = new Map(rows.map((r) => [r.seq, r]));
  const candidates = new Map<number, Candidate>(
    rows.map((r) => [r.seq, { seq: r.seq, pinned: false, category: asCategory(r.category), createdAt: r.updatedAt, accessCount: 0, projectId: null }]),
  );
  // The weights are higher-is-better; rank() reads BM25's lower-is-better.
  const ranked = rank(
    lexical.map((h) => ({ seq: h.seq, bm25: -h.rank })),
    vector,
    candidates,
    { projectId: null, now: Date.now() },
  );
  return {
    mode: vector ? "hybrid" : "lexical",
    vectors: hub.vectorMode,
    vectorsLoading,
    results: ranked.slice(0, query.limit).map((r) => {
      const { updatedAt: _, ...hit } = bySeq.get(r.seq)!;
      return { ...hit, score: r.score };
    }),
  };
}

/** The nearest stored vectors; null when the query was not embedded or the project's vectors are still loading. */
async function nearest(hub: Hub, project: string, embedding: Float32Array | null, k: number): Promise<VectorHit[] | null> {
  if (!embedding) return null;
  return hub.vectorMode === "pgvector" ? pgvectorSearch(hub.pool, hub.vectorIndexes, project, embedding, k) : hub.inProcess.search(project, embedding, k);
}

const asCategory = (c: string): Category => ((CATEGORIES as readonly string[]).includes(c) ? (c as Category) : "fact");
