import type { NextRequest } from "next/server";
import { json, route } from "../_lib/handler";
import { boot } from "@/lib/boot";
import { health, publicHealth } from "@/lib/health";
import { safeEqual } from "@/lib/security/token";

export const dynamic = "force-dynamic";

/**
 * No token needed to learn that Recollect runs and which version (the CLI and the plugin probe it
 * before they have one); the rest (paths, counts, search and storage state) needs the API token.
 */
export const GET = route(({ req, ctx }) => {
  const { startedAt, opened, token } = boot();
  if (!presentsToken(req, token)) return json(publicHealth());
  return json(health(ctx, startedAt, opened.vecVersion));
});

function presentsToken(req: NextRequest, token: string): boolean {
  const given = req.headers.get("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? req.headers.get("x-recollect-token")?.trim();
  return given !== undefined && safeEqual(given, token);
}
