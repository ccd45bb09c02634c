import { json, parseBody, route } from "../../_lib/handler";
import { vacuumInput } from "@/lib/contracts/maintenance";
import { vacuum } from "@/lib/maintenance/vacuum";

export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, vacuumInput, ctx.config.server.bodyLimitBytes);
  return json(vacuum(ctx, input));
});
