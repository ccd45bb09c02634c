import { json, parseQuery, route } from "../_lib/handler";
import { inboxQuery } from "@/lib/contracts/consolidation";
import { inboxCounts, listInbox } from "@/lib/consolidation/inbox";
import { lookupProject } from "@/lib/projects/lookup";

/** The review queue: suggested memories and open proposals, newest first, with the counts. */
export const GET = route(({ req, ctx }) => {
  const q = parseQuery(req, inboxQuery);
  const project = q.directory ? lookupProject(ctx, q.directory) : q.project;
  if (q.countOnly) return json({ counts: inboxCounts(ctx, project) });
  return json(listInbox(ctx, { project, limit: q.limit, offset: q.offset }));
});
