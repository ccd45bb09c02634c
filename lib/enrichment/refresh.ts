import { eq } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { trackerItems } from "../db/schema";
import { normalizeEntityQuery, type Entity } from "../entities/parse";
import { logger } from "../logging/logger";
import { fetchTrackerItem, type TrackerItem } from "./fetch";
import { hostOf, remoteOf, trackerRefOf, type TrackerRef } from "./refs";
import type { TrackerState } from "./tracker-state";

/**
 * Issue-tracker enrichment: the title, state, labels, assignees, milestone and last update of the
 * issues, merge requests and epics memories mention, from GitHub (`GITHUB_TOKEN`) and GitLab
 * (`GITLAB_TOKEN`). Fetched in the background and on demand (`enrich_entity`), never while a
 * request waits on search; cached in `tracker_items` for `enrichment.ttlSeconds`. A rate limit
 * (429 / spent quota) pauses that tracker until its `Retry-After`; a refused token (401) is
 * reported once and not used again; no network, no token: nothing happens, nothing breaks.
 */

export interface CachedTrackerItem {
  ref: string;
  item: TrackerItem | null;
  error: string | null;
  fetchedAt: number;
  expiresAt: number;
}

export type EnrichOutcome =
  | { status: "fresh" | "fetched"; cached: CachedTrackerItem }
  | { status: "not_a_tracker_item" | "no_token" | "disabled" }
  | { status: "unauthorized" | "rate_limited" | "unreachable"; message: string; cached: CachedTrackerItem | null };

const UNREACHABLE_BACKOFF_MS = 60_000;

/** Where the tracker tokens are read (the process environment by default). */
export type TokenEnv = { GITHUB_TOKEN?: string; GITLAB_TOKEN?: string };

const tokenFor = (tracker: TrackerRef["tracker"], env: TokenEnv = process.env as TokenEnv) =>
  (tracker === "github" ? env.GITHUB_TOKEN : env.GITLAB_TOKEN)?.trim() || undefined;

function stateOf(ctx: Ctx, tracker: TrackerRef["tracker"]): TrackerState {
  const key = `${tracker}@${tracker === "github" ? hostOf(ctx.config.enrichment.githubApiUrl) : hostOf(ctx.config.enrichment.gitlabUrl)}`;
  const trackers = ctx.services.enrichmentTrackers;
  let s = trackers.get(key);
  if (!s) trackers.set(key, (s = { blockedUntil: 0 }));
  return s;
}

export function cachedTrackerItem(ctx: Ctx, ref: string): CachedTrackerItem | null {
  const row = ctx.db.select().from(trackerItems).where(eq(trackerItems.ref, ref)).get();
  return row ? { ref: row.ref, item: (row.data as TrackerItem | null) ?? null, error: row.error, fetchedAt: row.fetchedAt, expiresAt: row.expiresAt } : null;
}

function store(ctx: Ctx, ref: string, item: TrackerItem | null, error: string | null, now: number): CachedTrackerItem {
  const row = { ref, data: item as Record<string, unknown> | null, error, fetchedAt: now, expiresAt: now + ctx.config.enrichment.ttlSeconds * 1000 };
  ctx.db.insert(trackerItems).values(row).onConflictDoUpdate({ target: trackerItems.ref, set: row }).run();
  return { ref, item, error, fetchedAt: row.fetchedAt, expiresAt: row.expiresAt };
}

/** Fetches a tracker item unless its cached copy is still fresh (or `force`). */
export async function refreshTrackerItem(ctx: Ctx, ref: TrackerRef, options: { now?: number; force?: boolean; env?: TokenEnv } = {}): Promise<EnrichOutcome> {
  const now = options.now ?? Date.now();
  if (!ctx.config.enrichment.enabled) return { status: "disabled" };
  const cached = cachedTrackerItem(ctx, ref.key);
  if (cached && cached.expiresAt > now && !options.force) return { status: "fresh", cached };
  const token = tokenFor(ref.tracker, options.env);
  if (!token) return { status: "no_token" };
  const state = stateOf(ctx, ref.tracker);
  if (state.refusedToken === token) return { status: "unauthorized", message: state.problem ?? "token refused", cached };
  if (state.blockedUntil > now) {
    const until = new Date(state.blockedUntil).toISOString();
    return state.pausedFor === "unreachable"
      ? { status: "unreachable", message: `${ref.tracker} did not answer; next try after ${until}`, cached }
      : { status: "rate_limited", message: `${ref.tracker} asked to wait until ${until}`, cached };
  }

  const outcome = await fetchTrackerItem(ref, ctx.config.enrichment, token, now);
  switch (outcome.kind) {
    case "ok":
      state.problem = undefined;
      return { status: "fetched", cached: store(ctx, ref.key, outcome.item, null, now) };
    case "not_found":
      return { status: "fetched", cached: store(ctx, ref.key, null, "not found (or no access)", now) };
    case "rate_limited":
      state.blockedUntil = outcome.until;
      state.pausedFor = "rate_limited";
      logger.info("enrichment: rate limited", { tracker: ref.tracker, until: new Date(outcome.until).toISOString() });
      return { status: "rate_limited", message: `${ref.tracker} rate limit: retry after ${new Date(outcome.until).toISOString()}`, cached };
    case "unauthorized":
      state.refusedToken = token;
      state.problem = `${outcome.message}: check ${ref.tracker === "github" ? "GITHUB_TOKEN" : "GITLAB_TOKEN"}`;
      logger.warn(`enrichment: ${state.problem}`, { tracker: ref.tracker });
      return { status: "unauthorized", message: state.problem, cached };
    case "unreachable":
      state.blockedUntil = now + UNREACHABLE_BACKOFF_MS;
      state.pausedFor = "unreachable";
      logger.debug("enrichment: tracker unreachable", { tracker: ref.tracker, message: outcome.message });
      return { status: "unreachable", message: outcome.message, cached };
  }
}

/** The tracker item an entity reference (`#12`, `owner/repo#12`, `!4`, `&7`, a URL) names, in a project root's context. */
export async function trackerRefFor(ctx: Ctx, entity: Entity, projectRoot: string | null): Promise<TrackerRef | null> {
  const remote = projectRoot ? await remoteOf(projectRoot) : null;
  return trackerRefOf(entity, remote, ctx.config.enrichment);
}

export function entityOf(entityRef: string): Entity | null {
  const e = normalizeEntityQuery(entityRef);
  return e.kind ? (e as Entity) : null;
}

/** `enrich_entity`: fetch now (the cached copy when fresh). */
export async function enrichEntity(
  ctx: Ctx,
  entityRef: string,
  projectRoot: string | null,
  options: { now?: number; force?: boolean; env?: TokenEnv } = {},
): Promise<EnrichOutcome & { ref: string | null }> {
  const entity = entityOf(entityRef);
  const ref = entity ? await trackerRefFor(ctx, entity, projectRoot) : null;
  if (!ref) return { status: "not_a_tracker_item", ref: null };
  return { ...(await refreshTrackerItem(ctx, ref, options)), ref: ref.key };
}

/** Problems worth showing (`status`): a refused token, a rate limit in force. */
export function enrichmentProblems(ctx: Ctx, now = Date.now()): string[] {
  const out: string[] = [];
  for (const [tracker, s] of ctx.services.enrichmentTrackers) {
    if (s.refusedToken) out.push(`${tracker}: ${s.problem}`);
    else if (s.blockedUntil > now && s.pausedFor === "rate_limited") out.push(`${tracker}: paused until ${new Date(s.blockedUntil).toISOString()}`);
  }
  return out;
}

/** Forgets tracker pauses and refused tokens (tests; a changed token is picked up by itself). */
export function resetEnrichmentState(ctx: Ctx) {
  ctx.services.enrichmentTrackers.clear();
}
