import path from "node:path";
import { z } from "zod";
import { ingestNotesInput } from "../../contracts/notes";
import { badRequest } from "../../errors";
import { ingestNotes } from "../../notes/ingest-notes";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const ingestFile = defineTool({
  name: "ingest_file",
  description:
    "Turn a Markdown file or a folder of them (a memory-bank, .serena/memories, notes) into memories: one per list item or section, headings as titles, categories from headings. Re-ingesting updates them in place. dry_run previews.",
  input: {
    path: z.string().min(1).max(4096).describe("an absolute path to a .md file or a folder"),
    project: z.string().min(1).max(4096).optional().describe("an absolute project directory or a project id; default: the project the path is in, else global"),
    scope: z.enum(["global", "project"]).optional(),
    dry_run: z.boolean().optional(),
  },
  argAliases: { file_path: "path" },
  run: (a, env) => {
    if (!path.isAbsolute(a.path)) throw badRequest("path: must be an absolute path", { field: "path" });
    const ref = a.project ? projectRef(a.project, env) : {};
    const r = ingestNotes(env.ctx, ingestNotesInput.parse({ path: a.path, ...ref, scope: a.scope, dryRun: a.dry_run ?? false }));
    const text = [
      `${r.dryRun ? "Would ingest" : "Ingested"} ${r.files} file(s) from ${r.path} (${r.scope}): ${r.counts.new} new, ${r.counts.updated} updated, ${r.counts.unchanged} unchanged, ${r.counts.removed} removed.`,
      ...r.notes
        .filter((n) => n.outcome !== "unchanged")
        .slice(0, 50)
        .map((n) => `- ${n.outcome} [${n.category}] ${n.title} (${n.source})`),
    ].join("\n");
    return toolResult(text, r);
  },
});
