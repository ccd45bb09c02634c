import { json, queryObject, readJson, route } from "../../_lib/handler";
import { deleteKv, getKv, putKv } from "@/lib/kv";

// A catch-all segment so keys may contain `/` (`build/last-status`).
type P = { key: string[] };
const keyOf = (p: P) => p.key.join("/");

export const PUT = route<P>(async ({ req, ctx, params }) => json(putKv(ctx, keyOf(params), (await readJson(req, ctx.config.server.bodyLimitBytes)) as never)));

export const GET = route<P>(({ req, ctx, params }) => json(getKv(ctx, keyOf(params), queryObject(req))));

export const DELETE = route<P>(({ req, ctx, params }) => json(deleteKv(ctx, keyOf(params), queryObject(req))));
