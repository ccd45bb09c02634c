import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { recordStableInjection } from "./record";

/**
 * The plugin's report of a stable block it served a session from its cache: recorded like a
 * fetched block (once per session and block hash). Only ids of memories that exist are kept: the
 * log's rows reference memories, and a memory deleted since has nothing left to count on.
 */
export function recordCachedStable(
  ctx: Ctx,
  input: { sessionID: string; hash: string; memoryIds: string[] },
  defer?: (task: () => void) => void,
): { recorded: boolean } {
  const ids = input.memoryIds.length
    ? (
        prepared(ctx.sqlite, "SELECT id FROM memories WHERE id IN (SELECT value FROM json_each(?))").all(JSON.stringify([...new Set(input.memoryIds)])) as {
          id: string;
        }[]
      ).map((r) => r.id)
    : [];
  return { recorded: recordStableInjection(ctx, input.sessionID, { hash: input.hash, memoryIds: ids }, defer) };
}
