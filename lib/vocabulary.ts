/**
 * The words a memory is made of and the limits of its fields: one copy, imported by the database
 * schema (lib/db/schema.ts), the API contracts (lib/contracts), the browser's forms and the
 * OpenCode plugin's tools. Pure on purpose: it imports nothing, so the browser bundle and the
 * plugin take it without pulling in Drizzle, zod or Node.
 */

export const SCOPES = ["global", "project", "session"] as const;
export const CATEGORIES = [
  "decision",
  "constraint",
  "convention",
  "preference",
  "gotcha",
  "fact",
  "procedure",
  "blocker",
  "directive",
  "plan",
  "idea",
  "event",
  "context",
  "note",
] as const;
/** Who wrote a memory or a change to it. */
export const SOURCES = ["tool", "extractor", "ui", "import", "checkpoint", "api", "cli"] as const;
/** `superseded`: replaced by a newer memory (a `supersedes` link points at it); never injected. */
export const STATUSES = ["active", "suggested", "archived", "resolved", "superseded"] as const;
export const LINK_KINDS = ["relates", "supersedes", "contradicts", "derived_from"] as const;

export type Scope = (typeof SCOPES)[number];
export type Category = (typeof CATEGORIES)[number];
export type Source = (typeof SOURCES)[number];
export type Status = (typeof STATUSES)[number];
export type LinkKind = (typeof LINK_KINDS)[number];

export const isCategory = (value: unknown): value is Category => (CATEGORIES as readonly unknown[]).includes(value);

/** What the API accepts for a memory's fields; the browser and the plugin check the same before sending. */
export const MEMORY_LIMITS = {
  contentChars: 50_000,
  titleChars: 200,
  tags: 32,
  tagChars: 64,
  priorityMin: -100,
  priorityMax: 100,
  /** Memory ids are UUIDs; other clients' ids (imports) get some room. */
  idChars: 100,
  /** Metadata is shown on the memory's page and copied into every export: kept small and flat. */
  metadataDepth: 16,
  metadataChars: 16_384,
} as const;

/** What consolidation proposes (lib/consolidation/); `skill` is a distilled skill file. */
export const PROPOSAL_KINDS = ["merge", "supersede", "stale", "expire", "skill"] as const;
/** `outdated`: closed because its memories changed after it was proposed (the reason is kept). */
export const PROPOSAL_STATUSES = ["open", "approved", "rejected", "outdated"] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** Code-and-audit loops (docs/loops.md): a loop's state, the kind of a phase and its outcome. */
export const LOOP_STATUSES = ["running", "completed", "cancelled", "max_iterations", "stall_timeout", "errors"] as const;
export const LOOP_PHASES = ["code", "audit"] as const;
export const LOOP_PHASE_STATUSES = ["running", "done", "error", "stalled", "cancelled"] as const;
export const LOOP_MODES = ["worktree", "in_place"] as const;
export const LOOP_SANDBOXES = ["none", "docker"] as const;
export type LoopStatus = (typeof LOOP_STATUSES)[number];
export type LoopPhase = (typeof LOOP_PHASES)[number];
export type LoopPhaseStatus = (typeof LOOP_PHASE_STATUSES)[number];
export type LoopMode = (typeof LOOP_MODES)[number];
export type LoopSandbox = (typeof LOOP_SANDBOXES)[number];
/** KV keys of the auditor's findings: `review-finding:<file>:<line>`. */
export const REVIEW_FINDING_PREFIX = "review-finding:";
export const FINDING_SEVERITIES = ["critical", "major", "minor", "info"] as const;
export const FINDING_STATUSES = ["open", "resolved"] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];
export type FindingStatus = (typeof FINDING_STATUSES)[number];

/** Which tools the MCP server's tools/list shows (lib/mcp/tool-list.ts, docs/mcp.md). */
export const MCP_TOOL_LISTS = ["lean", "full", "osm"] as const;
export type McpToolList = (typeof MCP_TOOL_LISTS)[number];
