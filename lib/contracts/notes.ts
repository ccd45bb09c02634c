import { z } from "zod";
import { SCOPES, type Category } from "../vocabulary";
import { projectRefShape } from "./common";

/** Contract of `POST /api/notes/ingest` (CLI `recollect ingest-notes`, MCP tool `ingest_file`). */

export const ingestNotesInput = z
  .object({
    /** A Markdown file or a folder of them on this machine (memory-bank, .serena/memories, notes). */
    path: z.string().min(1).max(4096),
    /** Where the memories go: a project (directory or id) or global. Default: the project the path is in (a git repository), else global. */
    ...projectRefShape,
    scope: z.enum(SCOPES).exclude(["session"]).optional(),
    dryRun: z.boolean().default(false),
  })
  .strict();
export type IngestNotesInput = z.input<typeof ingestNotesInput>;
export type ParsedIngestNotesInput = z.output<typeof ingestNotesInput>;

/** `new`, `updated` (its text in the file changed: rewritten in place), `unchanged`, `removed` (gone from the file: archived). */
export type NoteOutcome = "new" | "updated" | "unchanged" | "removed";

export interface IngestedNoteDto {
  title: string;
  category: Category;
  /** `file:line`; the file relative to the ingested path. */
  source: string;
  outcome: NoteOutcome;
  id?: string;
}

export interface IngestNotesResult {
  path: string;
  dryRun: boolean;
  scope: "global" | "project";
  projectId: string | null;
  files: number;
  counts: Record<NoteOutcome, number>;
  notes: IngestedNoteDto[];
}
