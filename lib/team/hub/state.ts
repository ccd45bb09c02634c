import { processSingleton } from "../../process-singleton";
import { AppError } from "../../errors";
import { openHub, type Hub } from "./open";

/** Hub mode: this server keeps team memories in PostgreSQL when RECOLLECT_DATABASE_URL is set. */
export const hubDatabaseUrl = (env: NodeJS.ProcessEnv = process.env) => env.RECOLLECT_DATABASE_URL?.trim() || null;

interface HubState {
  opening?: Promise<Hub>;
  hub?: Hub;
  error?: string;
}

const state = () => processSingleton<HubState>("team-hub", () => ({}));

/**
 * The hub's pool, opened (and migrated) once per process on first use. Not a hub: a 404 naming
 * the setting. A failed open is retried on the next request (the database may come up later).
 */
export function currentHub(): Promise<Hub> {
  const url = hubDatabaseUrl();
  if (!url) return Promise.reject(new AppError("not_found", "this server is not a team hub: start it with RECOLLECT_DATABASE_URL=postgres://…"));
  const s = state();
  // RECOLLECT_HUB_VECTORS=in-process keeps pgvector unused even where it is installed.
  s.opening ??= openHub(url, { vectors: process.env.RECOLLECT_HUB_VECTORS === "in-process" ? "in-process" : "auto" }).then(
    (hub) => {
      s.hub = hub;
      s.error = undefined;
      // Every project's vectors load in the background now, not in the first search after a start.
      if (hub.vectorMode === "in-process-sign-bits") void hub.inProcess.warmAll().catch(() => {});
      return hub;
    },
    (error: unknown) => {
      s.opening = undefined;
      s.error = error instanceof Error ? error.message : String(error);
      throw new AppError("unavailable", "the hub's PostgreSQL cannot be reached: see /api/health");
    },
  );
  return s.opening;
}

/** For /api/health: the hub's mode and database (never the password), or null for a single-user server. */
export function hubHealth() {
  if (!hubDatabaseUrl()) return null;
  const s = state();
  return {
    mode: "hub" as const,
    database: s.hub?.where ?? null,
    vectors: s.hub?.vectorMode ?? null,
    pgvectorAvailable: s.hub?.pgvectorAvailable ?? null,
    /** Projects whose vectors are loading into the hub process (their searches are lexical-only meanwhile). */
    vectorsLoading: s.hub?.inProcess.loading() ?? [],
    error: s.error ?? null,
  };
}
