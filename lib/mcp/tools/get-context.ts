import { z } from "zod";
import { listMemoriesQuery } from "../../contracts/memories";
import { cachedTrackerItem, entityOf, formatTrackerItem, trackerRefFor } from "../../enrichment";
import { listMemories } from "../../memories";
import { entityRef, projectArg } from "../args";
import { formatMemories } from "../format";
import { projectRoot } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const getContext = defineTool({
  name: "get_context",
  description: "Every memory about an issue (#123), merge request (!45), URL or file path.",
  input: { entity_ref: entityRef, project: projectArg, compact: z.boolean().optional() },
  annotations: { readOnlyHint: true },
  argAliases: { working_directory: "project" },
  run: async (a, env) => {
    const { items } = listMemories(env.ctx, listMemoriesQuery.parse({ entity: a.entity_ref, status: "all", limit: 100 }));
    // Tracker metadata from the cache only: fetching is enrich_entity's (or the background's) job.
    const entity = entityOf(a.entity_ref);
    const ref = entity ? await trackerRefFor(env.ctx, entity, projectRoot(env.ctx, a.project, env)) : null;
    const tracker = ref ? cachedTrackerItem(env.ctx, ref.key) : null;
    const head = ref
      ? `${ref.key}: ${tracker?.item ? formatTrackerItem(tracker.item) : (tracker?.error ?? "no tracker metadata yet (enrich_entity fetches it)")}\n\n`
      : "";
    return toolResult(head + formatMemories(items, a.compact, `No memories about ${a.entity_ref}.`), {
      entity: a.entity_ref,
      tracker: ref ? { ref: ref.key, item: tracker?.item ?? null } : null,
      memories: items,
    });
  },
});
