import { json, parseBody, route } from "../../_lib/handler";
import { vacuumInput } from "@/lib/contracts/maintenance";
import { vacuum } from "@/lib/maintenance/vacuum";
import { SMALL_BODY_LIMIT } from "@/lib/http/body-limits";

export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, vacuumInput, SMALL_BODY_LIMIT);
  return json(vacuum(ctx, input));
});
