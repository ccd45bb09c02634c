import { json, queryObject, readJson, route } from "../_lib/handler";
import { listSessions, registerSession } from "@/lib/sessions";

export const GET = route(({ req, ctx }) => json(listSessions(ctx, queryObject(req))));

export const POST = route(async ({ req, ctx }) => json(registerSession(ctx, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never), 201));
