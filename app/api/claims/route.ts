import { json, queryObject, readJson, route } from "../_lib/handler";
import { claimItem, listClaims, releaseClaim } from "@/lib/sessions";

export const GET = route(({ req, ctx }) => json(listClaims(ctx, queryObject(req))));

/** Claims an item for a session; held by another live session -> 409 naming the holder. */
export const POST = route(async ({ req, ctx }) => json(claimItem(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never), 201));

/** `?directory=&sessionID=&item=`: releases the session's claim. */
export const DELETE = route(({ req, ctx }) => json(releaseClaim(ctx, queryObject(req) as never)));
