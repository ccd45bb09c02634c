import { startCompressionPurge } from "./compression/background";
import { startConsolidationSchedule } from "./consolidation/auto";
import type { Ctx } from "./ctx";
import { startEmbeddings } from "./embeddings/start";
import { startEnrichment } from "./enrichment";
import { startHousekeeping } from "./maintenance/housekeeping";
import { warmNearDuplicateIndex } from "./indexing/near-duplicate-warm";
import { startSessionSweep } from "./sessions/sweep";
import { startTeamSync } from "./team/background";
import { currentHub, hubDatabaseUrl } from "./team/hub/state";

/**
 * The work that runs off the request path, started once by boot() and stopped with the services
 * (lib/services.ts `stopServices`). Never blocks a request.
 */
export function startBackgroundWork(ctx: Ctx): void {
  const { services } = ctx;
  // Deletes expired compressed originals and cache rows.
  services.background.push(startCompressionPurge(ctx));
  // Loads the embedding model and embeds the queue in the background; search is lexical until ready.
  startEmbeddings(ctx);
  // Expires stale sessions and claims, purges expired KV entries.
  services.background.push(startSessionSweep(ctx));
  // Trims the memory change log and vacuums when free pages pile up, hourly.
  services.background.push(startHousekeeping(ctx));
  // Reads the live memories' tokens for the near-duplicate check, so the first store need not.
  warmNearDuplicateIndex(services.nearDuplicates, ctx.sqlite);
  // Issue-tracker metadata of the entities memories mention (only with GITHUB_TOKEN / GITLAB_TOKEN).
  services.background.push(startEnrichment(ctx));
  // Consolidation and skill distillation per project (every 7 days or after N new memories; monthly).
  services.background.push(startConsolidationSchedule(ctx));
  // Team sync with a hub (docs/team.md): idle until this machine joins one.
  services.background.push(startTeamSync(ctx));
  // Hub mode (RECOLLECT_DATABASE_URL): open and migrate the hub's PostgreSQL now, not on the first push.
  if (hubDatabaseUrl()) void currentHub().catch(() => {});
}
