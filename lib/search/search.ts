import type { ParsedSearchInput, SearchOutput, SearchResult } from "../contracts/search";
import { isLabelName } from "./vector-text";
import type { Ctx } from "../ctx";
import type { Status } from "../vocabulary";
import { toMemoryDto, type MemoryRow } from "../memories/dto";
import { fromRaw, MEMORY_COLUMNS, type RawMemoryRow } from "../memories/row";
import { lookupProject } from "../projects/lookup";
import { logger } from "../logging/logger";
import { cachedTrackersOf } from "../enrichment/memory-trackers";
import { accessTask } from "./access";
import { memoryConditions, narrowsBeyondVectors, type SearchFilters } from "./filters";
import { prepared } from "../db/prepared";
import { indexedForReading } from "../indexing/before-read";
import { supersededBy } from "../memories/superseded";
import { formatResults, snippet } from "./format";
import { rank, type Candidate } from "./hybrid";
import { rerankByContext } from "./context-rerank";
import { keepLexicalHits } from "./lexical-keep";
import { lexicalSearch } from "./lexical";
import { searchQuery } from "./bilingual";
import { vectorSearch } from "./vector";
import { warmQueuedPostings } from "./lexical-postings";

/** How many candidates each list contributes to the fusion. */
const CANDIDATES = 100;
const DEFAULT_TOKEN_BUDGET = 1000;

/**
 * Finds memories for a few words: BM25 over the tokenized text, fused with cosine KNN when the
 * embedding model is ready (lexical only until then), filters inside both queries, small boosts.
 * With a project, covers that project's memories plus global ones, never other projects'.
 * Every returned memory's access is counted.
 */
export interface SearchOptions {
  /**
   * Runs work the answer does not wait for: counting the access of the returned memories (a write
   * transaction). Routes batch them (lib/search/access-buffer.ts); default: now.
   */
  defer?: (task: () => void) => void;
  /**
   * False for the user's own browsing (the memory browser): its searches must not count as agent
   * usage (access counts, the access log, the ranking boost). Default: true.
   */
  countAccess?: boolean;
  /**
   * The browser's paged search: ranks up to `window` lexical candidates (not only the usual 100)
   * and returns the results from `offset` on, with the size of the whole ranked set and its seqs
   * (select all).
   */
  page?: SearchPage;
  /**
   * False when the caller reads `results` only (the recall block, lib/injection/recall.ts):
   * `formatted` is then "" and its token counting (a count per result line) is skipped, a part of
   * the plugin's turn. Default: true.
   */
  formatted?: boolean;
}

export interface SearchPage {
  offset: number;
  window: number;
}

/** What a paged search ranked beyond the returned page. */
export interface RankedWindow {
  /** Ranked matches in the window (the position "51–100 of N" counts against). */
  total: number;
  /** True when the lexical list filled the window: more memories contain a query word. */
  more: boolean;
  /** Every ranked match's seq, best first (at most `window`). */
  seqs: number[];
}

export async function searchMemories(ctx: Ctx, input: ParsedSearchInput, options: SearchOptions = {}): Promise<SearchOutput & { window?: RankedWindow }> {
  const started = performance.now();
  const limit = input.limit ?? ctx.config.search.defaultLimit;
  // Reading never registers a project: an unknown directory simply has no memories yet.
  const projectId = input.directory ? lookupProject(ctx, input.directory) : (input.project ?? null);
  const filters: SearchFilters = {
    projectId,
    scopes: input.scopes,
    categories: input.categories,
    statuses: input.statuses ?? (["active"] satisfies Status[]),
    sessionId: input.sessionId,
    tags: input.tags,
    pinned: input.pinned,
  };
  const service = input.mode === "lexical" ? undefined : ctx.services.embeddings;
  // Names that label memories are left out of the embedded question (vector-text.ts); looked up only when it is embedded.
  const isLabel = service?.ready() ? (name: string) => isLabelName(ctx.sqlite, name) : undefined;
  const { terms, ownTerms, translatedTerms, embedText } = searchQuery(input.query, ctx.config.search.translateQuery, isLabel);

  let mode: SearchOutput["mode"] = "lexical";
  let reason = input.mode === "lexical" ? "lexical mode was asked for" : ctx.services.searchStatus.reason;
  // Start the query embedding first: the lexical query runs while the model works.
  const embedding = service?.ready() ? service.embedQuery(embedText).catch((e: Error) => e) : null;
  const lexicalK = options.page ? Math.max(CANDIDATES, options.page.window) : CANDIDATES;
  // Coverage of the question by each hit is what the fusion scores: only needed when vectors come too.
  const lexical = lexicalSearch(ctx, terms, filters, lexicalK, { coverage: embedding !== null, ownTerms, translatedTerms });
  let vector = null;
  if (embedding) {
    const e = await embedding;
    if (e instanceof Float32Array) {
      vector = vectorSearch(ctx, e, filters, CANDIDATES);
      if (narrowsBeyondVectors(filters)) vector = passingOnly(ctx, vector, filters);
      mode = "hybrid";
      reason = service!.reason;
    } else if (e instanceof Error) reason = `query embedding failed (${e.message}); lexical only`;
  }

  // Past the last await: postings the lexical search queued load once this search has answered
  // (lexical-postings.ts), not while it waits for its embedding.
  warmQueuedPostings(ctx.sqlite);
  // The lexical hits came with what ranking needs; only vector-only hits are looked up.
  const candidates = new Map(lexical.map((h) => [h.seq, h.candidate]));
  for (const [seq, c] of loadCandidates(
    ctx,
    (vector ?? []).map((h) => h.seq).filter((seq) => !candidates.has(seq)),
  ))
    candidates.set(seq, c);
  const now = Date.now();
  // Then where and when each memory was written: a strong hit's neighbours, the question's date.
  let ranked = rerankByContext(ctx.sqlite, input.query, rank(lexical, vector, candidates, { projectId, now }), filters, now);
  // Hybrid: the vector list only adds below the fused first places; lexical's strong first hits stay in the top 10.
  if (vector) ranked = keepLexicalHits(ranked, lexical);
  let window: RankedWindow | undefined;
  if (options.page) {
    const { offset, window: size } = options.page;
    ranked = ranked.slice(0, size);
    window = { total: ranked.length, more: lexical.length >= lexicalK, seqs: ranked.map((r) => r.seq) };
    ranked = ranked.slice(offset, offset + limit);
  } else ranked = ranked.slice(0, limit);
  const rows = loadRows(
    ctx,
    ranked.map((r) => r.seq),
  );

  const termSet = new Set(terms);
  const results: SearchResult[] = ranked.map((r) => {
    const row = rows.get(r.seq)!;
    return {
      ...toMemoryDto(row, now),
      score: Math.round(r.score * 10_000) / 10_000,
      snippet: snippet(row.content, termSet),
      ...(input.explain ? { explain: r.explain } : {}),
    };
  });
  const trackers = cachedTrackersOf(
    ctx,
    results.map((r) => r.id),
  );
  for (const r of results) {
    const found = trackers.get(r.id);
    if (found) r.trackers = found;
  }
  if (filters.statuses.includes("superseded")) {
    const by = supersededBy(
      ctx.sqlite,
      results.filter((r) => r.status === "superseded").map((r) => r.id),
    );
    for (const r of results) if (by.has(r.id)) r.supersededBy = by.get(r.id);
  }
  if (options.countAccess === false) return { ...output(results, mode, reason, input, started, options), ...(window ? { window } : {}) };
  const accessed = { ids: results.map((r) => r.id), kind: input.purpose, sessionId: input.sessionId ?? null, query: input.query, at: now };
  // A statistic: never worth failing (or, deferred, crashing) a search over.
  (options.defer ?? runNow)(accessTask(ctx, accessed, (error) => logger.warn("access not recorded", { error: error.message })));
  // The returned rows show the access just counted.
  for (const r of results) {
    r.accessCount += 1;
    r.lastAccessedAt = new Date(now).toISOString();
  }
  return { ...output(results, mode, reason, input, started, options), ...(window ? { window } : {}) };
}

function output(
  results: SearchResult[],
  mode: SearchOutput["mode"],
  reason: string,
  input: ParsedSearchInput,
  started: number,
  options: SearchOptions,
): SearchOutput {
  return {
    results,
    mode,
    reason,
    formatted: options.formatted === false ? "" : formatResults(input.query, results, input.tokenBudget ?? DEFAULT_TOKEN_BUDGET),
    tookMs: Math.round((performance.now() - started) * 100) / 100,
  };
}

/** What ranking needs of each candidate, in one statement. */
function loadCandidates(ctx: Ctx, seqs: number[]): Map<number, Candidate> {
  const out = new Map<number, Candidate>();
  if (seqs.length === 0) return out;
  const rows = prepared(
    ctx.sqlite,
    "SELECT seq, pinned, category, created_at AS createdAt, access_count AS accessCount, project_id AS projectId FROM memories WHERE seq IN (SELECT value FROM json_each(?))",
  ).all(JSON.stringify(seqs)) as (Omit<Candidate, "pinned"> & { pinned: number })[];
  for (const r of rows) out.set(r.seq, { ...r, pinned: r.pinned === 1 });
  return out;
}

/** The returned rows in one statement (JSON array parameter keeps it a single prepared shape). */
function loadRows(ctx: Ctx, seqs: number[]): Map<number, MemoryRow> {
  const out = new Map<number, MemoryRow>();
  if (seqs.length === 0) return out;
  const raw = prepared(ctx.sqlite, `SELECT ${MEMORY_COLUMNS} FROM memories WHERE seq IN (SELECT value FROM json_each(?))`).all(
    JSON.stringify(seqs),
  ) as RawMemoryRow[];
  for (const r of raw) out.set(r.seq, fromRaw(r));
  return out;
}

const runNow = (task: () => void) => task();

/** The vector hits that pass the filters the vector index could not apply (tags, pinned), in one statement. */
function passingOnly<T extends { seq: number }>(ctx: Ctx, hits: T[], filters: SearchFilters): T[] {
  if (!hits.length) return hits;
  // memory_tags is written behind the memory: a memory stored a moment ago has its tag rows now.
  if (filters.tags?.length) indexedForReading(ctx.sqlite);
  const cond = memoryConditions(filters);
  const passing = new Set(
    (
      prepared(ctx.sqlite, `SELECT m.seq AS seq FROM memories m WHERE m.seq IN (SELECT value FROM json_each(?)) AND ${cond.sql}`).all(
        JSON.stringify(hits.map((h) => h.seq)),
        ...cond.params,
      ) as { seq: number }[]
    ).map((r) => r.seq),
  );
  return hits.filter((h) => passing.has(h.seq));
}
