import { z } from "zod";
import { consolidate as run } from "../../consolidation/consolidate";
import { resolveProject } from "../../projects/resolve";
import { projectArg } from "../args";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const consolidate = defineTool({
  name: "consolidate",
  description:
    "Find memories to merge (near duplicates), superseded ones (a newer memory replaces or contradicts an older), stale ones (unused, or naming files gone from the repo) and expired ones; each becomes a proposal in the user's review inbox. Changes no memory.",
  input: {
    project: projectArg,
    days_stale: z.number().int().min(0).max(36_500).optional().describe("unused for this many days counts as stale (default from config)"),
    dry_run: z.boolean().optional().describe("list what would be proposed without storing it"),
  },
  argAliases: { working_directory: "project" },
  run: async (a, env) => {
    const project = resolveProject(env.ctx, projectRef(a.project, env)) ?? undefined;
    const r = await run(env.ctx, { project, daysStale: a.days_stale, dryRun: a.dry_run });
    const kinds = Object.entries(r.found)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ");
    const lines = [
      `Looked at ${r.memories} memories in ${r.tookMs} ms: ${kinds || "nothing to propose"}.`,
      a.dry_run ? "Dry run: nothing stored." : `${r.created} new proposal(s) are waiting in the review inbox (/inbox in the browser).`,
      ...(r.proposals ?? []).slice(0, 20).map((p) => `- ${p.kind}: ${p.reason} [${p.memoryIds.join(", ")}]`),
    ];
    return toolResult(lines.join("\n"), r);
  },
});
