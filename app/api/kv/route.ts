import { json, queryObject, route } from "../_lib/handler";
import { listKv } from "@/lib/kv";

/** `?directory=&prefix=`: live entries by key prefix. */
export const GET = route(({ req, ctx }) => json(listKv(ctx, queryObject(req))));
