import { z } from "zod";
import type { Category } from "../vocabulary";

/** Contract of `POST /api/bootstrap` (the CLI, the MCP tool and the browser's button send it). */

export const bootstrapInput = z
  .object({
    /** The project's directory on this machine (read, never written). */
    directory: z.string().min(1).max(4096),
    /** Report what would be proposed without writing (the browser's preview). */
    dryRun: z.boolean().default(false),
  })
  .strict();
export type BootstrapInput = z.input<typeof bootstrapInput>;
export type ParsedBootstrapInput = z.output<typeof bootstrapInput>;

/**
 * - `new`: proposed (stored as `suggested`);
 * - `updated`: its source line changed: an unreviewed proposal is rewritten in place, a reviewed
 *   one gets a new proposal that `replaces` it;
 * - `unchanged`: proposed by an earlier run with the same text (whatever became of it);
 * - `known`: the store already holds this (or nearly this) memory (`id`).
 */
export type BootstrapOutcome = "new" | "updated" | "unchanged" | "known";

export interface BootstrapProposalDto {
  key: string;
  category: Category;
  title: string;
  content: string;
  /** `file:line`, relative to the project directory. */
  source: string;
  outcome: BootstrapOutcome;
  /** The memory written or found (absent for `new` in a dry run). */
  id?: string;
  /** The reviewed memory an `updated` proposal would replace. */
  replaces?: string;
}

export interface BootstrapResult {
  directory: string;
  projectId: string;
  dryRun: boolean;
  /** Files the walk kept (dependency and build folders skipped). */
  files: number;
  counts: Record<BootstrapOutcome, number>;
  /** New and updated proposals first, then the rest; in source order within each. */
  proposals: BootstrapProposalDto[];
}
