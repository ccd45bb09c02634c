import { z } from "zod";
import { distill as run } from "../../consolidation/distill";
import { resolveProject } from "../../projects/resolve";
import { projectArg } from "../args";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const distill = defineTool({
  name: "distill",
  description:
    "Propose skills (.opencode/skills/<name>/SKILL.md) from procedures that recurred in at least three sessions of the project. The file is written only when the user approves it in the review inbox.",
  input: { project: projectArg, dry_run: z.boolean().optional() },
  argAliases: { working_directory: "project" },
  run: async (a, env) => {
    const project = resolveProject(env.ctx, projectRef(a.project, env)) ?? undefined;
    const r = await run(env.ctx, { project, dryRun: a.dry_run });
    const lines = [
      `${r.found} recurring procedure(s) found; ${a.dry_run ? "dry run, nothing stored" : `${r.created} new skill proposal(s) in the review inbox`}.`,
      ...(r.proposals ?? []).map((p) => `- ${String(p.evidence.path)}: ${p.reason}`),
    ];
    return toolResult(lines.join("\n"), r);
  },
});
