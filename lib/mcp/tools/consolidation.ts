import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Ctx } from "../../ctx";
import { consolidate } from "../../consolidation/consolidate";
import { distill } from "../../consolidation/distill";
import { resolveProject } from "../../projects/resolve";
import { projectRef, type ToolCaller } from "../project";
import { guarded, toolResult } from "../result";
import { projectArg } from "./memories";

/** Consolidation on demand: proposals for the user's review inbox (nothing changes until approved). */
export function registerConsolidationTools(server: McpServer, ctx: Ctx, caller: ToolCaller) {
  server.registerTool(
    "consolidate",
    {
      description:
        "Find memories to merge (near duplicates), superseded ones (a newer memory replaces or contradicts an older), stale ones (unused, or naming files gone from the repo) and expired ones; each becomes a proposal in the user's review inbox. Changes no memory.",
      inputSchema: {
        project: projectArg,
        days_stale: z.number().int().min(0).max(36_500).optional().describe("unused for this many days counts as stale (default from config)"),
        dry_run: z.boolean().optional().describe("list what would be proposed without storing it"),
      },
    },
    (a) =>
      guarded(async () => {
        const project = resolveProject(ctx, projectRef(a.project, caller)) ?? undefined;
        const r = await consolidate(ctx, { project, daysStale: a.days_stale, dryRun: a.dry_run });
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
      }),
  );

  server.registerTool(
    "distill",
    {
      description:
        "Propose skills (.opencode/skills/<name>/SKILL.md) from procedures that recurred in at least three sessions of the project. The file is written only when the user approves it in the review inbox.",
      inputSchema: { project: projectArg, dry_run: z.boolean().optional() },
    },
    (a) =>
      guarded(async () => {
        const project = resolveProject(ctx, projectRef(a.project, caller)) ?? undefined;
        const r = await distill(ctx, { project, dryRun: a.dry_run });
        const lines = [
          `${r.found} recurring procedure(s) found; ${a.dry_run ? "dry run, nothing stored" : `${r.created} new skill proposal(s) in the review inbox`}.`,
          ...(r.proposals ?? []).map((p) => `- ${String(p.evidence.path)}: ${p.reason}`),
        ];
        return toolResult(lines.join("\n"), r);
      }),
  );
}
