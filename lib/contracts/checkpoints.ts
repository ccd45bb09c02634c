import { z } from "zod";
import { projectRefShape, sessionIdField } from "./common";

/**
 * Contracts of `/api/checkpoints*` and `/api/context/resume`. The plugin imports the types only.
 *
 * Messages are OpenCode's shape (`client.session.messages()`): `{ info: { id, role, ... }, parts:
 * [{ type: "text", text } | { type: "tool", tool, state: { status, input, output | error } } |
 * { type: "patch", files } | ...] }`. Unknown fields are kept (stored raw) but not required.
 */
export const messagePart = z.looseObject({ type: z.string().min(1).max(64), tool: z.string().max(200).optional() });
export const openCodeMessage = z.object({
  info: z.looseObject({
    id: z.string().max(200).optional(),
    role: z.enum(["user", "assistant", "system"]),
  }),
  parts: z.array(messagePart).max(10_000),
});
export type OpenCodeMessage = z.infer<typeof openCodeMessage>;
export type MessagePart = z.infer<typeof messagePart>;

/** `idle`: the plugin records a session's state when it goes idle, so a new session resumes from the latest work. */
export const CHECKPOINT_TRIGGERS = ["compaction", "manual", "ingest", "idle"] as const;
export type CheckpointTrigger = (typeof CHECKPOINT_TRIGGERS)[number];

export const captureCheckpointInput = z
  .object({
    ...projectRefShape,
    sessionID: sessionIdField,
    trigger: z.enum(CHECKPOINT_TRIGGERS).default("manual"),
    messages: z.array(openCodeMessage).min(1, "messages must hold at least one message").max(100_000),
    /** Also store what the deterministic extractors find as `suggested` memories (default true). */
    suggest: z.boolean().default(true),
    /**
     * `messages` continue this session's checkpoint `checkpoint`: its first `count` messages (the
     * last of which has the id `lastID`) come first, so a session's idle checkpoints send only what
     * is new. 409 when that checkpoint is gone or its history differs (the client sends it all).
     */
    since: z
      .object({ checkpoint: z.string().min(1).max(200), count: z.number().int().min(1).max(100_000), lastID: z.string().min(1).max(200) })
      .strict()
      .optional(),
  })
  .strict();
export type CaptureCheckpointInput = z.input<typeof captureCheckpointInput>;
export type ParsedCaptureCheckpointInput = z.output<typeof captureCheckpointInput>;

export const listCheckpointsQuery = z
  .object({
    ...projectRefShape,
    sessionID: sessionIdField.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(20),
  })
  .strict();
export type ListCheckpointsQuery = z.input<typeof listCheckpointsQuery>;
export type ParsedListCheckpointsQuery = z.output<typeof listCheckpointsQuery>;

export const rawCheckpointQuery = z
  .object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();
export type ParsedRawCheckpointQuery = z.output<typeof rawCheckpointQuery>;

export const resumeQuery = z
  .object({
    ...projectRefShape,
    sessionID: sessionIdField,
    /** Overrides `injection.resumeBudgetTokens` for this call. */
    budget: z.coerce.number().int().min(50).max(20_000).optional(),
    /**
     * The session's earlier answer was lost on the way (a timeout, an empty body): the block
     * already delivered to it is built again instead of `reason: "delivered"`.
     */
    again: z
      .enum(["true", "1"])
      .optional()
      .transform((v) => v !== undefined),
  })
  .strict();
export type ResumeQuery = z.input<typeof resumeQuery>;
export type ParsedResumeQuery = z.output<typeof resumeQuery>;

export interface FileChange {
  path: string;
  /** `edit`, `write`, `patch`, `delete`... in the order they happened, deduplicated. */
  ops: string[];
  count: number;
}

export interface ErrorItem {
  tool: string;
  /** The first meaningful line of the error. */
  message: string;
  /** A later call of the same tool on the same target (command or file) succeeded. */
  fixed: boolean;
}

/** What the deterministic extractors pull out of a history. */
export interface CheckpointExtract {
  task: string | null;
  /** The latest user request when it differs from the task. */
  latestRequest: string | null;
  progress: string[];
  decisions: string[];
  constraints: string[];
  filesModified: FileChange[];
  errors: ErrorItem[];
  nextSteps: string[];
  criticalContext: string[];
}

/** `POST /api/checkpoints` -> what the plugin puts into `experimental.session.compacting`'s output. */
export interface CaptureCheckpointResult {
  id: string;
  /** Lines for `output.context` (the extracted facts). */
  context: string[];
  /** The eight-section compaction prompt for `output.prompt`. */
  prompt: string;
  markdown: string;
  tokens: { raw: number; summary: number };
  /** Ids of memories suggested from this history (status `suggested`). */
  suggested: string[];
}

export interface CheckpointSummaryDto {
  id: string;
  projectId: string | null;
  sessionId: string;
  trigger: CheckpointTrigger;
  messageCount: number;
  tokensRaw: number;
  tokensSummary: number;
  createdAt: string;
  task: string | null;
}

export interface CheckpointDto extends CheckpointSummaryDto {
  markdown: string;
  extracted: CheckpointExtract;
}

export interface CheckpointRawPage {
  id: string;
  messages: unknown[];
  offset: number;
  limit: number;
  total: number;
  nextOffset: number | null;
}

/** `GET /api/context/resume` -> the block for a new session, once per session. */
export interface ResumeResult {
  block: string | null;
  tokens: number;
  checkpointId: string | null;
  /** Why there is no block: `delivered` (this session already got it), `none` (no checkpoint). */
  reason?: "delivered" | "none";
}
