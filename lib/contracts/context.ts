import { z } from "zod";
import type { LoopPhase } from "../vocabulary";
import { projectRefShape, sessionIdField } from "./common";

/** Contracts of `/api/context/*` owned by the injection blocks (the plugin imports types only). */

export const stableContextQuery = z
  .object({
    ...projectRefShape,
    /** The session the block is injected into: recorded (once per block version) as an injection. */
    sessionID: sessionIdField.optional(),
    /** Overrides `injection.stableBudgetTokens` (previews). */
    budget: z.coerce.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type StableContextQuery = z.input<typeof stableContextQuery>;

/**
 * `POST /api/context/stable/injected`: the plugin served a session the stable block from its cache
 * (no request for it): recorded as an injection like a fetched block (once per session and hash).
 */
export const stableInjectedInput = z
  .object({
    sessionID: sessionIdField,
    /** The block's hash as the server gave it. */
    hash: z.string().min(1).max(128),
    memoryIds: z.array(z.string().min(1).max(200)).max(500),
  })
  .strict();
export type StableInjectedInput = z.input<typeof stableInjectedInput>;

/** `GET /api/context/stable`: the pinned block injected into the system prompt. */
export interface StableContextDto {
  /** Empty when nothing is pinned. Byte-identical while the pinned memories are unchanged. */
  block: string;
  tokens: number;
  memoryIds: string[];
  /** Changes exactly when the set or the content of the injected memories changes. */
  hash: string;
}

export const recallContextInput = z
  .object({
    ...projectRefShape,
    /** The latest user message's text. */
    query: z.string().trim().min(1, "query must not be empty").max(4000),
    sessionID: sessionIdField.optional(),
    /** With sessionID: the answer is cached under (session, message), the same bytes every time. */
    messageID: z.string().min(1).max(200).optional(),
    /** Memories already injected elsewhere (the stable block's ids): skipped, the next ones take their place. */
    exclude: z.array(z.string().min(1).max(200)).max(500).default([]),
    /**
     * Memories the conversation still shows (recalled for its earlier messages): they count toward
     * the limit but are not repeated, so a question asked again gets no second copy of its answers.
     */
    shown: z.array(z.string().min(1).max(200)).max(500).default([]),
    /** Overrides `injection.recallBudgetTokens` / `injection.recallLimit`. */
    budget: z.number().int().min(0).max(20_000).optional(),
    limit: z.number().int().min(0).max(50).optional(),
    /**
     * Suggestions an extraction nudge named, waiting to be shown with this message: the answer's
     * `nudge` names those still worth it now (lib/extraction/nudge.ts).
     */
    suggestions: z.array(z.string().min(1).max(200)).max(20).default([]),
  })
  .strict();
export type RecallContextInput = z.input<typeof recallContextInput>;
export type ParsedRecallContextInput = z.output<typeof recallContextInput>;

/** `POST /api/context/recall`: memories relevant to the latest user message. */
export interface RecallContextDto {
  /** Empty when nothing relevant was found. */
  block: string;
  tokens: number;
  memoryIds: string[];
  /** Served from the (session, message) cache. */
  cached: boolean;
  /**
   * The nudge about the `suggestions` asked, built from the store as it is now: those still only
   * suggested, not shown in this block, not stored meanwhile in other words. Null when none is left.
   */
  nudge?: string | null;
}

/** How many running loops the summary lists (the sidebar has a few lines to spare, not a page). */
export const SUMMARY_LOOPS_LISTED = 5;

/** `GET /api/context/summary`: the figures OpenCode's `/memory` and TUI sidebar show (one cheap read). */
export const contextSummaryQuery = z
  .object({
    ...projectRefShape,
    /** Adds the tokens compression saved in this session. */
    sessionID: sessionIdField.optional(),
  })
  .strict();
export type ContextSummaryQuery = z.input<typeof contextSummaryQuery>;
export type ParsedContextSummaryQuery = z.output<typeof contextSummaryQuery>;

export interface ContextSummaryDto {
  version: string;
  searchMode: "hybrid" | "lexical";
  /** Active memories of the project (project and session scope) and of the global scope. */
  memories: { project: number; global: number };
  /** The pinned block in force: how many memories it holds and its size. */
  pinned: { count: number; tokens: number };
  /** What waits in the review inbox for this project and the global scope: suggested memories and open proposals. */
  inbox: number;
  /** Code-and-audit loops of this project that are running now. */
  loopsRunning: number;
  /** The newest of them (at most `SUMMARY_LOOPS_LISTED`): what the TUI sidebar lists. */
  loops: Array<{ id: string; slug: string; phase: LoopPhase | null; iteration: number; maxIterations: number }>;
  /** `trigger`: idle, compaction, manual, ingest (absent from servers before it was added). */
  lastCheckpoint: { id: string; sessionId: string; createdAt: string; ageSeconds: number; task: string | null; trigger?: string } | null;
  /** Tokens compression saved in the given session (0 without one). */
  tokensSaved: number;
}
