import type Database from "better-sqlite3";
import type { DeltaExchanges } from "./compression/delta";
import { PartMemory } from "./compression/part-memory";
import type { ScheduleReplays } from "./compression/phases/schedule";
import type { TurnMemos } from "./compression/turn-memo";
import type { PreparedTurns } from "./compression/prepared";
import type { RecallContextDto } from "./contracts/context";
import type { StorageState } from "./db/storage-errors";
import type { EmbeddingService } from "./embeddings/service";
import type { TrackerState } from "./enrichment/tracker-state";
import type { ImportSourceCache } from "./importers/source-cache";
import type { ReauthGrants } from "./auth/reauth-grants";
import { NearDuplicateIndex } from "./indexing/near-duplicate-index";
import { NO_PROVIDER_STATUS, type SearchStatus } from "./search/status";
import type { TurnRecallSearches, TurnRecallWarming } from "./injection/turn-recall-cache";
import type { TurnRecords } from "./injection/turn-records";

/**
 * The state a database's verbs share beyond the database itself, owned in one place and reached
 * through `ctx.services`: built with the Ctx (lib/ctx.ts `makeCtx`), its background work started
 * by boot() (lib/background.ts) and stopped with `stopServices`.
 *
 * State kept per connection below the verbs (prepared statements, the lexical term counts, the
 * in-process vector index, deferred writes) is a slot of `lib/db/connection-state.ts`.
 * Process-wide values that exist before (or without) a database (the log sink, the request
 * metrics, token counts) are kept with `processSingleton` instead. docs/services.md lists all three.
 */
export interface Services {
  /** The embedding model, its queue worker and reindexes; undefined until started (boot, tests). */
  embeddings: EmbeddingService | undefined;
  /** The lexical near-duplicate check's in-memory index of this connection. */
  nearDuplicates: NearDuplicateIndex;
  /** Which search mode is active and why (written by the embedding service). */
  searchStatus: SearchStatus;
  /** Compression's in-memory layer: token counts and results of the parts seen lately (compression/cache.ts). */
  compressedParts: PartMemory;
  /** Recall blocks by session and message: a message keeps the same bytes on every later turn. */
  recallCache: Map<string, RecallContextDto>;
  /** The last recall search of each session, reused by a turn asking the same of an unchanged store (injection/turn-recall-cache.ts). */
  turnRecallSearches: TurnRecallSearches;
  /** The recall searches run ahead and still running, by session (injection/recall.ts `warmRecallSearch`): the turn waits for its own. */
  turnRecallWarming: TurnRecallWarming;
  /** The record of injected blocks each session's compress requests last wrote, so the next sends only what changed (injection/turn-record.ts). */
  turnRecords: TurnRecords;
  /** `/api/compress`'s delta exchange: the last call of each session seen lately (compression/delta.ts). */
  compressDeltas: DeltaExchanges;
  /** Compression's schedule: where each session's replay stopped, to go on from there (compression/phases/schedule.ts). */
  scheduleReplays: ScheduleReplays;
  /** The sessions' last compress calls, for the next call's work on its delta only (compression/turn-memo.ts). */
  compressTurns: TurnMemos;
  /** Compression's next turns, prepared while their sessions were idle (compression/prepared.ts). */
  preparedTurns: PreparedTurns;
  /** Stops the timers of the background work (purges, sweeps, housekeeping). */
  background: (() => void)[];
  /** The full disk noted by a failed write, reported by /api/health and the dashboard until a write succeeds. */
  storage: StorageState;
  /** Each issue tracker's back-off and refused token, by tracker and host (enrichment/refresh.ts). */
  enrichmentTrackers: Map<string, TrackerState>;
  /** A foreign tool's data read for the previous batch of an import (importers/import-from-tool.ts). */
  importSource: ImportSourceCache;
  /** The browser sessions' re-authentication grants, hashes only (auth/reauth-grants.ts). */
  reauthGrants: ReauthGrants;
}

export function createServices(sqlite: Database.Database): Services {
  return {
    embeddings: undefined,
    nearDuplicates: new NearDuplicateIndex(sqlite),
    searchStatus: NO_PROVIDER_STATUS,
    compressedParts: new PartMemory(200_000, 64 * 1024 * 1024),
    recallCache: new Map(),
    turnRecallSearches: new Map(),
    turnRecallWarming: new Map(),
    turnRecords: new Map(),
    compressDeltas: new Map(),
    scheduleReplays: new Map(),
    compressTurns: new Map(),
    preparedTurns: new Map(),
    background: [],
    storage: { problem: null },
    enrichmentTrackers: new Map(),
    importSource: { key: "", data: null },
    reauthGrants: new Map(),
  };
}

/** Stops the background work and the embedding service (tests, shutdown). */
export async function stopServices(services: Services): Promise<void> {
  for (const stop of services.background.splice(0)) stop();
  const embeddings = services.embeddings;
  services.embeddings = undefined;
  await embeddings?.stop();
}
