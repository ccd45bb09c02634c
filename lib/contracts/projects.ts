import { z } from "zod";
import { clientId } from "./common";

/** Contracts of `/api/projects*`: listing, merging two projects and splitting memories off one. */

/** At most this many memories move in one split (a selection or what a query matches). */
export const SPLIT_MAX_MEMORIES = 10_000;
export const PROJECT_NAME_MAX = 200;

const projectId = clientId(200);

export const mergeProjectsInput = z
  .object({
    /** The project that stays. */
    into: projectId,
    /** The project merged into it (its identity becomes an alias of `into`). */
    from: projectId,
  })
  .strict()
  .refine((v) => v.into !== v.from, { message: "a project cannot be merged into itself", path: ["from"] });
export type MergeProjectsInput = z.input<typeof mergeProjectsInput>;
export type ParsedMergeProjectsInput = z.output<typeof mergeProjectsInput>;

export const splitProjectInput = z
  .object({
    /** The project the memories leave. */
    from: projectId,
    /** The memories to move (ids), or */
    memoryIds: z.array(z.string().min(1).max(200)).min(1, "choose at least one memory").max(SPLIT_MAX_MEMORIES).optional(),
    /** every memory of `from` whose title, content or tags contain this text (case-insensitive). */
    query: z.string().trim().min(1, "query must not be empty").max(500).optional(),
    /** The new project's name (default: the remote's last segment). */
    name: z.string().trim().min(1, "name must not be empty").max(PROJECT_NAME_MAX).optional(),
    /** A remote (`git@host:org/repo.git`, `https://host/org/repo`): checkouts with it resolve to the new project. */
    remote: z.string().trim().min(1, "remote must not be empty").max(1000).optional(),
    /** Only say what would move. */
    dryRun: z.boolean().default(false),
  })
  .strict()
  .refine((v) => (v.memoryIds === undefined) !== (v.query === undefined), { message: "give either memoryIds or query", path: ["memoryIds"] })
  // A dry run only says what would move: the target can be chosen after.
  .refine((v) => v.dryRun || v.name !== undefined || v.remote !== undefined, { message: "give a name or a remote for the new project", path: ["name"] });
export type SplitProjectInput = z.input<typeof splitProjectInput>;
export type ParsedSplitProjectInput = z.output<typeof splitProjectInput>;

export interface ProjectDto {
  id: string;
  name: string;
  rootPath: string | null;
  identity: string;
  remote: string | null;
  /** Identities that resolve to this project (merged projects' ids, `remote:<remote>` of a split). */
  aliases: string[];
  counts: { memories: number; sessions: number; checkpoints: number; kv: number; loops: number };
  createdAt: string;
  updatedAt: string;
}

export interface ProjectListDto {
  items: ProjectDto[];
}

export interface MergeProjectsResult {
  project: ProjectDto;
  /** The id of the project merged away (now an alias). */
  merged: string;
  moved: { memories: number; sessions: number; checkpoints: number; kv: number; claims: number; loops: number; proposals: number };
  /** KV keys and claims both projects had: the newer KV value and `into`'s claim were kept. */
  dropped: { kv: number; claims: number };
}

export interface SplitProjectResult {
  /** The project the memories went to (null on a dry run that would create one). */
  project: ProjectDto | null;
  /** Whether the target was created (or, on a dry run, would be). */
  created: boolean;
  moved: number;
  memories: { id: string; title: string | null; content: string }[];
  dryRun: boolean;
}
