import { json, readJson, route } from "../../../_lib/handler";
import { heartbeat } from "@/lib/sessions";

export const POST = route<{ id: string }>(async ({ req, ctx, params }) =>
  json(heartbeat(ctx, params.id, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never)),
);
