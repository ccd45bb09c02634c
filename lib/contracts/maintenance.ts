import { z } from "zod";
import { CATEGORIES, SCOPES, STATUSES } from "../vocabulary";
import { clientId } from "./common";

/** Contracts of `/api/maintenance/*` (cleanup, vacuum, backup, ingest). The CLI imports these. */

// Lists of enum values: more than a few dozen can only be repeats.
const list = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(50);

export const cleanupInput = z
  .object({
    /** Only memories created more than this many days ago. */
    olderThanDays: z.number().positive().max(36500).optional(),
    scope: list(z.enum(SCOPES)).optional(),
    category: list(z.enum(CATEGORIES)).optional(),
    status: list(z.enum(STATUSES)).optional(),
    /** A project id (as `recollect stats` lists them). */
    project: clientId(200).optional(),
    ids: z.array(z.string().min(1).max(200)).min(1).max(100_000).optional(),
    /** Pinned memories are kept unless this is set. */
    includePinned: z.boolean().default(false),
    /** `delete` removes for good (and gives the space back); `archive` keeps them restorable. */
    action: z.enum(["delete", "archive"]).default("delete"),
    dryRun: z.boolean().default(false),
    /**
     * After the last batch of a delete: `auto` merges the FTS index, gives free pages back and
     * rebuilds the file when less than 85% of it still holds data; `always` rebuilds; `never` only
     * gives free pages back.
     */
    compact: z.enum(["auto", "always", "never"]).default("auto"),
    /** Process at most this many now (the CLI calls again for a progress bar); all when absent. */
    limit: z.number().int().min(1).max(100_000).optional(),
  })
  .strict()
  .refine((v) => v.olderThanDays !== undefined || v.scope || v.category || v.status || v.project || v.ids, {
    message: "give at least one filter (olderThanDays, scope, category, status, project, ids): cleanup never matches everything by default",
  });
export type CleanupInput = z.input<typeof cleanupInput>;
export type ParsedCleanupInput = z.output<typeof cleanupInput>;

export interface CleanupResult {
  dryRun: boolean;
  action: "delete" | "archive";
  /** Memories that match the filters (before this call). */
  matched: number;
  /** Memories deleted or archived by this call. */
  affected: number;
  /** Matches left for a next call (when `limit` cut this one short). */
  remaining: number;
  /** Up to 20 of the matched memories, to show before confirming. */
  sample: { id: string; category: string; scope: string; createdAt: string; content: string }[];
  /** Ids given that do not exist. */
  unknownIds: string[];
  /** Database file plus its WAL, on disk. */
  sizeBeforeBytes: number;
  sizeAfterBytes: number;
  /** The file was rebuilt after the deletions (see `compact`). */
  compacted: boolean;
}

export const vacuumInput = z
  .object({
    /** `incremental` gives free pages back without blocking for long; `full` rebuilds the file. */
    mode: z.enum(["incremental", "full"]).default("incremental"),
  })
  .strict();
export type VacuumInput = z.input<typeof vacuumInput>;
export type ParsedVacuumInput = z.output<typeof vacuumInput>;

export const backupInput = z
  .object({
    /** Absolute path of the copy; default `<dataDir>/backups/recollect-<time>.db`. */
    destination: z.string().min(1).max(4096).optional(),
    overwrite: z.boolean().default(false),
  })
  .strict();
export type BackupInput = z.input<typeof backupInput>;
export type ParsedBackupInput = z.output<typeof backupInput>;

export interface BackupResult {
  path: string;
  bytes: number;
  pages: number;
  durationMs: number;
  integrity: "ok" | string;
}

export const ingestInput = z
  .object({
    /** Path of OpenCode's `opencode.db` (the CLI resolves the default the way OpenCode does). */
    source: z.string().min(1).max(4096),
    /** Ingest at most this many sessions in this call (the CLI loops, for a progress bar). */
    limit: z.number().int().min(1).max(1000).default(25),
    sessionIds: z.array(z.string().min(1).max(200)).max(10_000).optional(),
    /** Sessions to leave out (the CLI passes those that failed earlier in the same run). */
    excludeSessionIds: z.array(z.string().min(1).max(200)).max(10_000).optional(),
    /** Only list what would be ingested. */
    dryRun: z.boolean().default(false),
    /** Sub-agent sessions (`parent_id` set) too. */
    includeSubagents: z.boolean().default(true),
  })
  .strict();
export type IngestInput = z.input<typeof ingestInput>;
export type ParsedIngestInput = z.output<typeof ingestInput>;

export interface IngestedSessionDto {
  sessionId: string;
  title: string;
  directory: string;
  projectId: string | null;
  messages: number;
  /** `new`, or `updated` when the session grew since it was last ingested. */
  kind: "new" | "updated";
  checkpointId: string | null;
  suggestions: number;
}

export interface IngestResult {
  source: string;
  dryRun: boolean;
  /** Sessions in OpenCode's database. */
  total: number;
  /** Sessions waiting before this call. */
  pending: number;
  ingested: IngestedSessionDto[];
  /** Sessions still waiting after this call. */
  remaining: number;
  errors: { sessionId: string; message: string }[];
}
