import { z } from "zod";
import type { Category } from "../vocabulary";
import { projectRefShape } from "./common";

/** Contract of `POST /api/import/tool` (CLI `recollect import --from`, the browser's import page). */

export const IMPORT_TOOLS = ["deep-memory", "opencode-manager", "semantic-memory", "claude-mem"] as const;
export type ImportTool = (typeof IMPORT_TOOLS)[number];

export const importFromToolInput = z
  .object({
    from: z.enum(IMPORT_TOOLS),
    /** The tool's database, export file or folder on this machine. */
    path: z.string().min(1).max(4096),
    /** Put every memory of the source into this project instead of the source's own projects (or global). */
    ...projectRefShape,
    dryRun: z.boolean().default(false),
    /** The memories of the source are taken in this order; a call handles `limit` of them from `offset` (progress). */
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(50_000).default(50_000),
  })
  .strict();
export type ImportFromToolInput = z.input<typeof importFromToolInput>;
export type ParsedImportFromToolInput = z.output<typeof importFromToolInput>;

/** `new`: imported (or would be); `imported`: an earlier run imported it; `duplicate`: the store holds the same text in the same place. */
export type ToolImportOutcome = "new" | "imported" | "duplicate";

export interface ToolImportItem {
  ref: string;
  title: string;
  category: Category;
  scope: "global" | "project";
  outcome: ToolImportOutcome;
  id?: string;
}

export interface ToolImportReport {
  from: ImportTool;
  path: string;
  dryRun: boolean;
  /** Memories the source holds (after the skipped ones). */
  total: number;
  offset: number;
  /** Memories of this call (`offset` .. `offset + handled`). */
  handled: number;
  remaining: number;
  counts: Record<ToolImportOutcome, number>;
  /** What the source holds that is not imported, and why (the first call lists them). */
  skipped: { ref: string; reason: string }[];
  kv: { imported: number; existing: number };
  links: number;
  checkpoints: { imported: number; existing: number };
  /** This call's items (the first 500). */
  items: ToolImportItem[];
}
