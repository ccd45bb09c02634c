import path from "node:path";
import { z } from "zod";
import { bootstrapProject } from "../../bootstrap/bootstrap";
import { bootstrapInput } from "../../contracts/bootstrap";
import { badRequest } from "../../errors";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const bootstrap = defineTool({
  name: "bootstrap",
  description:
    "Propose memories from the project's own files (AGENTS.md, CLAUDE.md, .cursorrules, package.json scripts, Makefile, pyproject.toml, go.mod, CI, tsconfig, README...) as suggested memories for review, each with its source file:line. Idempotent: a second run proposes only what changed. dry_run previews.",
  input: {
    directory: z.string().min(1).max(4096).optional().describe("the project's absolute directory; default: the client's"),
    dry_run: z.boolean().optional(),
  },
  argAliases: { path: "directory", working_directory: "directory" },
  run: (a, env) => {
    const directory = a.directory ?? env.directory;
    if (!directory) throw badRequest("directory: give the project's absolute directory", { field: "directory" });
    if (!path.isAbsolute(directory)) throw badRequest("directory: must be an absolute path", { field: "directory" });
    const r = bootstrapProject(env.ctx, bootstrapInput.parse({ directory, dryRun: a.dry_run ?? false }));
    const changed = r.proposals.filter((p) => p.outcome === "new" || p.outcome === "updated");
    const text = [
      `${r.dryRun ? "Would propose" : "Proposed"} ${r.counts.new} new and ${r.counts.updated} updated memories from ${r.files} files of ${r.directory} (${r.counts.unchanged} unchanged, ${r.counts.known} already known).`,
      ...changed
        .slice(0, 50)
        .map((p) => `- [${p.category}] ${p.content.split("\n")[0].slice(0, 160)} (${p.source})${p.outcome === "updated" ? " (update)" : ""}`),
      ...(changed.length > 50 ? [`... and ${changed.length - 50} more`] : []),
    ].join("\n");
    return toolResult(text, r);
  },
});
