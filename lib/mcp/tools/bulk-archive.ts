import { z } from "zod";
import { badRequest } from "../../errors";
import { archiveMany } from "../../memories/archive-many";
import { resolveProject } from "../../projects/resolve";
import { CATEGORIES } from "../../vocabulary";
import { MAX_BULK, memoryId } from "../args";
import { projectRef } from "../project";
import { toolResult } from "../result";
import { defineTool } from "../tool";

export const bulkArchive = defineTool({
  name: "bulk_archive",
  description:
    "Archive many memories in one transaction: by ids, or the live ones of a category and/or older than some days (of `project` only when given). Give a reason.",
  input: {
    ids: z.array(memoryId).min(1).max(MAX_BULK).optional(),
    category: z.enum(CATEGORIES).optional(),
    older_than_days: z.number().int().min(1).max(36_500).optional(),
    project: z.string().min(1).max(4096).optional().describe("absolute directory or project id: only its memories"),
    reason: z.string().trim().min(1).max(500),
  },
  annotations: { destructiveHint: true },
  argAliases: { memory_ids: "ids" },
  run: (args, env) => {
    if (!args.ids && !args.category && !args.older_than_days) throw badRequest("ids: give ids, category or older_than_days", { field: "ids" });
    // An explicit project only: a bulk change never widens or narrows itself from the client's directory.
    const project = args.project ? (resolveProject(env.ctx, projectRef(args.project, {})) ?? undefined) : undefined;
    const r = archiveMany(env.ctx, {
      ids: args.ids,
      category: args.category,
      olderThanDays: args.older_than_days,
      project,
      reason: args.reason,
      source: "tool",
      limit: MAX_BULK,
    });
    return toolResult(`Archived ${r.changed.length} memories${r.notFound.length ? `; not found: ${r.notFound.join(", ")}` : ""}.`, {
      archived: r.changed,
      unchanged: r.unchanged,
      notFound: r.notFound,
    });
  },
});
