import type { OpenCodeMessage } from "../contracts/checkpoints";
import type { Category, LinkKind } from "../vocabulary";

/** The project a foreign item belongs to, as Recollect will store it. */
export interface ForeignProject {
  id: string;
  name: string;
  /** How the id was derived (`git-root-commit` when it matches Recollect's own, else `imported`). */
  identity: string;
}

/** A memory of another tool, mapped to Recollect's fields (not yet redacted). */
export interface ForeignMemory {
  /** Stable identity in the source (`db:observation:42`), for idempotent re-runs. */
  ref: string;
  content: string;
  title: string | null;
  category: Category;
  status: "active" | "resolved";
  project: ForeignProject | null;
  createdAt?: number;
  updatedAt?: number;
  tags: string[];
  metadata: Record<string, unknown>;
}

export interface ForeignKv {
  ref: string;
  key: string;
  value: unknown;
  project: ForeignProject | null;
  expiresAt: number;
}

export interface ForeignLink {
  from: string;
  to: string;
  kind: LinkKind;
}

/** A session history to store as a checkpoint (opencode-deep-memory's `checkpoint.raw.json`). */
export interface ForeignCheckpoint {
  ref: string;
  sessionId: string;
  directory: string;
  messages: OpenCodeMessage[];
  at: number;
}

/** Something of the source that is not imported, and why. */
export interface Skipped {
  ref: string;
  reason: string;
}

export interface ForeignData {
  memories: ForeignMemory[];
  kv: ForeignKv[];
  links: ForeignLink[];
  checkpoints: ForeignCheckpoint[];
  skipped: Skipped[];
}

export const emptyData = (): ForeignData => ({ memories: [], kv: [], links: [], checkpoints: [], skipped: [] });

/** A time of the source (epoch ms, epoch s or ISO text) as epoch ms; undefined when unreadable. */
export function toMs(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value < 1e11 ? value * 1000 : value;
  if (typeof value === "string" && value.trim()) {
    const t = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) || !/T|\d\d:\d\d/.test(value) ? value : `${value.replace(" ", "T")}Z`);
    return Number.isFinite(t) ? t : undefined;
  }
  return undefined;
}
