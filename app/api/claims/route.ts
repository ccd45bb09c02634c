import { json, parseBody, parseQuery, route } from "../_lib/handler";
import { claimInput, listClaimsQuery, releaseClaimQuery } from "@/lib/contracts/sessions";
import { claimItem, listClaims, releaseClaim } from "@/lib/sessions";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

export const GET = route(({ req, ctx }) => json(listClaims(ctx, parseQuery(req, listClaimsQuery))));

/** Claims an item for a session; held by another live session -> 409 naming the holder. */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, claimInput, SMALL_BODY_LIMIT);
  return json(claimItem(ctx, input), 201);
});

/** `?directory=&sessionID=&item=`: releases the session's claim. */
export const DELETE = route(({ req, ctx }) => json(releaseClaim(ctx, parseQuery(req, releaseClaimQuery))));
