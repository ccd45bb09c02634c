import { json, parseQuery, route } from "../_lib/handler";
import { listKvQuery } from "@/lib/contracts/kv";
import { listKv } from "@/lib/kv";

/** `?directory=&prefix=`: live entries by key prefix. */
export const GET = route(({ req, ctx }) => json(listKv(ctx, parseQuery(req, listKvQuery))));
