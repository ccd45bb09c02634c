import { z } from "zod";
import { enrichEntity as enrich, formatTrackerItem } from "../../enrichment";
import { entityRef, projectArg } from "../args";
import { projectRoot } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const enrichEntity = defineTool({
  name: "enrich_entity",
  description:
    "Fetch an issue's, merge request's or epic's title, state, labels, assignees and milestone from GitHub or GitLab now (cached; needs GITHUB_TOKEN / GITLAB_TOKEN on the server).",
  input: { entity_ref: entityRef, project: projectArg, refresh: z.boolean().optional().describe("fetch even when the cached copy is fresh") },
  argAliases: { working_directory: "project" },
  run: async (a, env) => {
    const out = await enrich(env.ctx, a.entity_ref, projectRoot(env.ctx, a.project, env), { force: a.refresh });
    const cached = "cached" in out ? out.cached : null;
    const line = cached?.item ? formatTrackerItem(cached.item) : (cached?.error ?? null);
    const text =
      out.status === "not_a_tracker_item"
        ? `${a.entity_ref} is not an issue, merge request or epic of a known GitHub or GitLab project (short refs need a project whose origin is on one).`
        : out.status === "no_token" || out.status === "disabled"
          ? `Enrichment is ${out.status === "disabled" ? "disabled" : "off: no token for this tracker (GITHUB_TOKEN / GITLAB_TOKEN)"}.`
          : `${out.ref}: ${line ?? "no metadata"}${"message" in out ? ` (${out.status}: ${out.message})` : ""}`;
    return toolResult(text, { status: out.status, ref: out.ref, item: cached?.item ?? null });
  },
});
