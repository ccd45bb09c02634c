import path from "node:path";
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { bootstrapProject } from "../../bootstrap/bootstrap";
import { bootstrapInput } from "../../contracts/bootstrap";
import { ingestNotesInput } from "../../contracts/notes";
import type { Ctx } from "../../ctx";
import { badRequest } from "../../errors";
import { ingestNotes } from "../../notes/ingest-notes";
import { projectRef, type ToolCaller } from "../project";
import { guarded, toolResult } from "../result";

/** A useful memory on day one: bootstrap from the project's files, ingest Markdown notes. */

const directoryArg = z.string().min(1).max(4096).optional().describe("the project's absolute directory; default: the caller's directory");

export function registerOnboardingTools(server: McpServer, ctx: Ctx, caller: ToolCaller) {
  server.registerTool(
    "bootstrap",
    {
      description:
        "Propose memories from the project's own files (AGENTS.md, CLAUDE.md, .cursorrules, package.json scripts, Makefile, pyproject.toml, go.mod, CI, tsconfig, README...) as suggested memories for review, each with its source file:line. Idempotent: a second run proposes only what changed. dry_run previews.",
      inputSchema: { directory: directoryArg, dry_run: z.boolean().optional() },
    },
    (a) =>
      guarded(() => {
        const directory = a.directory ?? caller.directory;
        if (!directory) throw badRequest("directory: give the project's absolute directory", { field: "directory" });
        if (!path.isAbsolute(directory)) throw badRequest("directory: must be an absolute path", { field: "directory" });
        const r = bootstrapProject(ctx, bootstrapInput.parse({ directory, dryRun: a.dry_run ?? false }));
        const changed = r.proposals.filter((p) => p.outcome === "new" || p.outcome === "updated");
        const text = [
          `${r.dryRun ? "Would propose" : "Proposed"} ${r.counts.new} new and ${r.counts.updated} updated memories from ${r.files} files of ${r.directory} (${r.counts.unchanged} unchanged, ${r.counts.known} already known).`,
          ...changed
            .slice(0, 50)
            .map((p) => `- [${p.category}] ${p.content.split("\n")[0].slice(0, 160)} (${p.source})${p.outcome === "updated" ? " (update)" : ""}`),
          ...(changed.length > 50 ? [`... and ${changed.length - 50} more`] : []),
        ].join("\n");
        return toolResult(text, r);
      }),
  );

  server.registerTool(
    "ingest_file",
    {
      description:
        "Turn a Markdown file or a folder of them (a memory-bank, .serena/memories, notes) into memories: one per list item or section, headings as titles, categories from headings. Re-ingesting updates them in place. dry_run previews.",
      inputSchema: {
        path: z.string().min(1).max(4096).describe("an absolute path to a .md file or a folder"),
        project: z
          .string()
          .min(1)
          .max(4096)
          .optional()
          .describe("an absolute project directory or a project id; default: the project the path is in, else global"),
        scope: z.enum(["global", "project"]).optional(),
        dry_run: z.boolean().optional(),
      },
    },
    (a) =>
      guarded(() => {
        if (!path.isAbsolute(a.path)) throw badRequest("path: must be an absolute path", { field: "path" });
        const ref = a.project ? projectRef(a.project, caller) : {};
        const r = ingestNotes(ctx, ingestNotesInput.parse({ path: a.path, ...ref, scope: a.scope, dryRun: a.dry_run ?? false }));
        const text = [
          `${r.dryRun ? "Would ingest" : "Ingested"} ${r.files} file(s) from ${r.path} (${r.scope}): ${r.counts.new} new, ${r.counts.updated} updated, ${r.counts.unchanged} unchanged, ${r.counts.removed} removed.`,
          ...r.notes
            .filter((n) => n.outcome !== "unchanged")
            .slice(0, 50)
            .map((n) => `- ${n.outcome} [${n.category}] ${n.title} (${n.source})`),
        ].join("\n");
        return toolResult(text, r);
      }),
  );
}
