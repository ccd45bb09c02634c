import { direct, json, parseQuery, route } from "../../_lib/handler";
import { orphanLoopsQuery } from "@/lib/contracts/loops";
import { orphanLoopIds } from "@/lib/loops";
import { resolveProject } from "@/lib/projects/resolve";

/**
 * `?directory=&staleMs=`: ids of the project's running loops that no live plugin drives. Every
 * plugin polls it (plugin/loops/manager.ts), often while a turn runs: answered without Next.js's
 * request handling (lib/http/direct-routes.ts).
 */
export const GET = direct(
  "GET",
  "/api/loops/orphans",
  route(({ req, ctx }) => {
    const q = parseQuery(req, orphanLoopsQuery);
    return json({ ids: orphanLoopIds(ctx, resolveProject(ctx, q), q.staleMs) });
  }),
  { query: true },
);
