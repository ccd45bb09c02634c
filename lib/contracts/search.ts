import { z } from "zod";
import { CATEGORIES, SCOPES, STATUSES } from "../vocabulary";
import { projectRefShape, sessionIdField } from "./common";
import { memoryFields, type MemoryDto } from "./memories";
import type { MemoryTracker } from "./trackers";

/** Contracts of `POST /api/search` and `/api/embeddings/*`. The plugin imports these types only. */

export const MAX_QUERY_CHARS = 4000;
export const MAX_SEARCH_LIMIT = 100;

export const searchInput = z
  .object({
    ...projectRefShape,
    query: z.string().trim().min(1, "query must not be empty").max(MAX_QUERY_CHARS),
    scopes: z.array(z.enum(SCOPES)).min(1).max(50).optional(),
    categories: z.array(z.enum(CATEGORIES)).min(1).max(50).optional(),
    /** Default: active only. */
    statuses: z.array(z.enum(STATUSES)).min(1).max(50).optional(),
    /** Memories carrying every one of these tags. */
    tags: z.array(memoryFields.tags.element).min(1).max(20).optional(),
    /** Only pinned (true) or only unpinned (false) memories. */
    pinned: z.boolean().optional(),
    limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).optional(),
    /** Token budget of `formatted` (the compact text block for the plugin). */
    tokenBudget: z.number().int().min(20).max(50_000).optional(),
    /** Add each result's lexical rank, vector distance and boosts. */
    explain: z.boolean().default(false),
    /** The asking session: its session-scoped memories are included, other sessions' are not. */
    sessionId: sessionIdField.optional(),
    /** Logged in access_log: `recall` for the plugin's recall block, `search` otherwise. */
    purpose: z.enum(["search", "recall"]).default("search"),
    /** `lexical` forces lexical search even when vectors are ready (benchmarks, debugging). */
    mode: z.enum(["auto", "lexical"]).default("auto"),
  })
  .strict();
export type SearchInput = z.input<typeof searchInput>;
export type ParsedSearchInput = z.output<typeof searchInput>;

export interface SearchExplain {
  /** 1-based rank in the lexical (BM25) list, or null when the memory was not in it. */
  lexicalRank: number | null;
  /** FTS5 bm25() value (lower is better), or null. */
  bm25: number | null;
  vectorRank: number | null;
  /** Cosine distance (0 = same direction, 2 = opposite), or null. */
  vectorDistance: number | null;
  /** Score before boosts. */
  base: number;
  boosts: { pinned: number; recency: number; access: number; project: number };
  /** Lifted as the neighbour of a strong hit in its source, or by the question's date (lib/search/context-rerank.ts). */
  context?: { neighbour?: true; date?: number };
}

export interface SearchResult extends MemoryDto {
  score: number;
  /** The part of the content around the best match (whole content when short). */
  snippet: string;
  explain?: SearchExplain;
  /** The issues and merge requests it mentions whose tracker state is cached (enrichment). */
  trackers?: MemoryTracker[];
  /** For a superseded memory (shown only when asked for with `statuses`): the memories that replaced it. */
  supersededBy?: string[];
}

export interface SearchOutput {
  results: SearchResult[];
  mode: "hybrid" | "lexical";
  /** Why this mode (e.g. "model is loading", "vectors ready"). */
  reason: string;
  /** Compact text block of the results within `tokenBudget`. */
  formatted: string;
  tookMs: number;
}

/** `GET /api/embeddings/status`, `GET|POST /api/embeddings/reindex`. */
export interface ReindexProgress {
  state: "idle" | "running" | "done" | "failed";
  total: number;
  done: number;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  model: string | null;
  dimension: number | null;
}

export interface EmbeddingStatus {
  provider: "transformers" | "http" | "none";
  /** `off` (provider none), `loading`, `ready`, `mismatch` (reindex needed), `reindexing`, `failed`. */
  state: "off" | "loading" | "ready" | "mismatch" | "reindexing" | "failed";
  mode: "hybrid" | "lexical";
  reason: string;
  /** Model and dimension of the loaded provider. */
  model: string | null;
  /** Which model is in use and why (the default, or the setting that chose it). */
  choice: string;
  dimension: number | null;
  /** Model and dimension the stored vectors were built with. */
  indexModel: string | null;
  indexDimension: number | null;
  vectors: number;
  queueDepth: number;
  failed: number;
  reindex: ReindexProgress;
}
