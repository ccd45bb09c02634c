import { json, parseQuery, route } from "../../_lib/handler";
import { contextSummaryQuery } from "@/lib/contracts/context";
import { contextSummary } from "@/lib/injection/summary";

/** `?directory=&sessionID=`: the figures of `/memory` and the OpenCode sidebar. */
export const GET = route(({ req, ctx }) => json(contextSummary(ctx, parseQuery(req, contextSummaryQuery))));
