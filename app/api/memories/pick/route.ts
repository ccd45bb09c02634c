import { json, parseQuery, route } from "../../_lib/handler";
import { pickMemoriesQuery } from "@/lib/contracts/memories";
import { pickMemories } from "@/lib/memories/pick";

/** The link picker: `?q=words&exclude=<id>` -> `{ items: [{ id, title, snippet, category, scope }] }`; not counted as an access. */
export const GET = route(async ({ req, ctx }) => json(await pickMemories(ctx, parseQuery(req, pickMemoriesQuery))));
