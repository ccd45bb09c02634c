import { json, parseQuery, route } from "../../_lib/handler";
import { orphanLoopsQuery } from "@/lib/contracts/loops";
import { orphanLoopIds } from "@/lib/loops";
import { resolveProject } from "@/lib/projects/resolve";

/** `?directory=&staleMs=`: ids of the project's running loops that no live plugin drives. */
export const GET = route(({ req, ctx }) => {
  const q = parseQuery(req, orphanLoopsQuery);
  return json({ ids: orphanLoopIds(ctx, resolveProject(ctx, q), q.staleMs) });
});
