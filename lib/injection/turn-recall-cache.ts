import type Database from "better-sqlite3";
import type { SearchResult } from "../contracts/search";
import { memoryWriteVersion } from "../db/triggers";

/**
 * The last recall search of each session (`ctx.services.turnRecallSearches`): a turn whose query
 * is the one the session's previous turn searched ("go on", "continue", a question asked again),
 * with the same place, limit and search mode, while no memory was written
 * (`memoryWriteVersion`: counting accesses does not count) and for at most MAX_AGE_MS (the
 * ranking's recency and access boosts move slowly, not never), reuses that search's ranked results
 * instead of running the search again. The block is built from them as from a fresh search, with
 * this turn's `exclude` and `shown`, and the accesses are counted as a search would count them.
 */
export interface TurnRecallSearch {
  key: string;
  version: string;
  at: number;
  results: SearchResult[];
}

/** By session id: one entry a session, the latest. */
export type TurnRecallSearches = Map<string, TurnRecallSearch>;

/**
 * The searches run ahead of their turn (./recall.ts `warmRecallSearch`) while they run, by session
 * id (the latest; an entry leaves when its search ends): a turn asking the same while it still
 * runs (its query embedding is awaited) waits for it instead of searching a second time.
 */
export type TurnRecallWarming = Map<string, { key: string; done: Promise<unknown> }>;

export const MAX_AGE_MS = 60_000;
const MAX_SESSIONS = 64;

/** What the search depends on besides the store: the session's entry is used only for the same. */
export function searchKey(parts: readonly (string | number | boolean | null | undefined)[]): string {
  return JSON.stringify(parts);
}

// Not given the Ctx: lib/services.ts holds the map, and a Ctx import here would be a cycle.
export function cachedSearch(searches: TurnRecallSearches, sqlite: Database.Database, sessionId: string, key: string, now: number): SearchResult[] | undefined {
  const hit = searches.get(sessionId);
  if (!hit || hit.key !== key || now - hit.at > MAX_AGE_MS || hit.version !== memoryWriteVersion(sqlite)) return undefined;
  return hit.results;
}

/** `version`: `memoryWriteVersion` read before the search ran, so a write during it is never missed. */
export function keepSearch(searches: TurnRecallSearches, sessionId: string, entry: TurnRecallSearch): void {
  searches.delete(sessionId);
  searches.set(sessionId, entry);
  while (searches.size > MAX_SESSIONS) searches.delete(searches.keys().next().value as string);
}
