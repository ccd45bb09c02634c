import { json, route } from "../_lib/handler";
import { health, publicHealth } from "@/lib/health";

export const dynamic = "force-dynamic";

/**
 * No token needed to learn that Recollect runs and which version (the CLI and the plugin probe it
 * before they have one); the rest (paths, counts, search and storage state) needs the API token.
 * The route wrapper has checked the token already: `auth` says whether it was presented.
 */
export const GET = route(({ ctx, auth, server }) => json(auth.kind === "token" ? health(ctx, server.startedAt, server.opened.vecVersion) : publicHealth()));
