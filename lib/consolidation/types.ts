import type { Category, ProposalKind, Scope, Source, Status } from "../vocabulary";

/** The fields of a memory consolidation reads (loaded once per run, in slices). */
export interface MemoryLite {
  seq: number;
  id: string;
  projectId: string | null;
  scope: Scope;
  sessionId: string | null;
  /** The session it came from: its own (session scope) or the one recorded in its metadata (`sessionID`, as extraction writes it). */
  originSession: string | null;
  category: Category;
  title: string | null;
  content: string;
  contentHash: string;
  source: Source;
  status: Status;
  pinned: boolean;
  createdAt: number;
  updatedAt: number;
  lastAccessedAt: number | null;
}

/** A proposal as a detector finds it, before it is stored. */
export interface Candidate {
  kind: ProposalKind;
  /** Distinguishes proposals of one kind about the same memories (stale: `files` or `unused`). */
  variant?: string;
  projectId: string | null;
  /** merge: the keeper first; supersede: [newer, older]. */
  memoryIds: string[];
  reason: string;
  evidence: Record<string, unknown>;
  suggestion?: string;
  /** May be applied without a review when `consolidation.autoApply` is on (exact duplicates, expiries). */
  safe?: boolean;
}

export const DAY_MS = 86_400_000;

/** A skill is known by its name (more sources later do not make it new); the rest by their memories. */
export const fingerprintOf = (c: Pick<Candidate, "kind" | "variant" | "memoryIds" | "projectId">) =>
  c.kind === "skill" ? `skill/${c.projectId ?? ""}/${c.variant ?? ""}` : `${c.kind}${c.variant ? `/${c.variant}` : ""}:${[...c.memoryIds].sort().join(",")}`;

/** Two memories can be merged or superseded only within one placement. */
export const placementKey = (m: Pick<MemoryLite, "scope" | "projectId" | "sessionId">) =>
  `${m.scope}|${m.projectId ?? ""}|${m.scope === "session" ? (m.sessionId ?? "") : ""}`;

export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
