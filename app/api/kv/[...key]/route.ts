import { json, parseBody, parseQuery, route } from "../../_lib/handler";
import { kvRefQuery, putKvInput } from "@/lib/contracts/kv";
import { deleteKv, getKv, putKv } from "@/lib/kv";

// A catch-all segment so keys may contain `/` (`build/last-status`).
type P = { key: string[] };
const keyOf = (p: P) => p.key.join("/");

export const PUT = route<P>(async ({ req, ctx, params }) => {
  const input = await parseBody(req, putKvInput, ctx.config.server.bodyLimitBytes);
  return json(putKv(ctx, keyOf(params), input));
});

export const GET = route<P>(({ req, ctx, params }) => json(getKv(ctx, keyOf(params), parseQuery(req, kvRefQuery))));

export const DELETE = route<P>(({ req, ctx, params }) => json(deleteKv(ctx, keyOf(params), parseQuery(req, kvRefQuery))));
