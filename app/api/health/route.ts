import { json, route } from "../_lib/handler";
import { boot } from "@/lib/boot";
import { health } from "@/lib/health";

export const dynamic = "force-dynamic";

export const GET = route(({ ctx }) => {
  const { startedAt, opened } = boot();
  return json(health(ctx, startedAt, opened.vecVersion));
});
