import { json, readJson, route } from "../../../_lib/handler";
import { endSession } from "@/lib/sessions";

export const POST = route<{ id: string }>(async ({ req, ctx, params }) =>
  json(endSession(ctx, params.id, (await readJson(req, ctx.config.server.bodyLimitBytes)) as never)),
);
