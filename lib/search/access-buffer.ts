import type Database from "better-sqlite3";
import type { Ctx } from "../ctx";
import { cancelWriteLater, writeLater } from "../db/write-later";
import { writeGateState } from "../db/write-gate";
import { logger } from "../logging/logger";
import { connectionSlot } from "../db/connection-state";
import { isAccessTask, recordAccesses } from "./access";
import { checkpointOffThread, walBacklog } from "../db/wal-checkpoint";

/**
 * Access counting for the HTTP routes: the writes of many searches run together, once a second,
 * in one transaction, instead of one write transaction after each answer. Run one by one they cost
 * about 1 ms of the server's only thread per search (0.4 ms, plus a WAL checkpoint every few
 * hundred), which the agent's next request waited behind. The price: counts reach the database up
 * to a second late, and a crash (not a normal stop) loses that second of a statistic.
 */
const FLUSH_EVERY_MS = 1000;
const FLUSH_AT = 500;
/** open.ts's `wal_autocheckpoint`: the log length (pages) the access write's checkpoint waits for. */
const CHECKPOINT_AT = 4000;

const buffers = connectionSlot<(() => void)[]>("accessBuffer");
/** True while a worker copies this database's log into its file after an access write. */
const checkpointing = connectionSlot<true>("accessCheckpoint");

/** A `defer` for `searchMemories` and `buildRecallBlock` that batches their access writes. */
export function batchedAccess(ctx: Ctx): (task: () => void) => void {
  return (task) => {
    let tasks = buffers.get(ctx.sqlite);
    if (!tasks) buffers.set(ctx.sqlite, (tasks = []));
    tasks.push(task);
    // Also at a normal stop (SIGTERM, Ctrl-C): see write-later.ts.
    if (tasks.length >= FLUSH_AT) flushAccess(ctx.sqlite);
    else writeLater(ctx.sqlite, "access", FLUSH_EVERY_MS, flushAccess);
  };
}

/** Writes the pending access counts of this database now. */
export function flushAccess(sqlite: Database.Database) {
  cancelWriteLater(sqlite, "access");
  const buffer = buffers.get(sqlite);
  if (!buffer || buffer.length === 0 || !sqlite.open) return;
  // A sliced write (an import) holds the write lock on its own connection: count after it.
  if (writeGateState().held) return writeLater(sqlite, "access", FLUSH_EVERY_MS, flushAccess);
  const tasks = buffer.splice(0);
  // The searches' own accesses are merged into one write of two statements (access.ts).
  const accesses = tasks.filter(isAccessTask);
  const others = tasks.filter((t) => !isAccessTask(t));
  // A flush of 100 searches' counts dirties about 1,200 pages (each hit is a row of its own), so
  // every third or fourth one crossed wal_autocheckpoint and copied 4,000 pages into the file inside
  // its COMMIT, on the event loop: a third of the flush's CPU and half its wall time (issue 48). The
  // commit does not checkpoint; a worker does, past the same length (`checkpointBehind`).
  const file = sqlite.memory ? undefined : sqlite.name;
  const offThread = file !== undefined && walBacklog(file) !== undefined;
  const autocheckpoint = offThread ? (sqlite.pragma("wal_autocheckpoint", { simple: true }) as number) : 0;
  if (offThread) sqlite.pragma("wal_autocheckpoint = 0");
  try {
    sqlite
      .transaction(() => {
        if (accesses.length)
          recordAccesses(
            sqlite,
            accesses.map((t) => t.access),
          );
        // Each task catches its own errors (see searchMemories); nested, each runs in a savepoint.
        for (const t of others) t();
      })
      .immediate();
  } catch (error) {
    logger.warn("access counts not recorded", { error: (error as Error).message, searches: tasks.length });
    // One at a time instead: a failing one (a full disk comes back, a memory's row is odd) costs
    // only its own counts. Each task catches and logs its own errors.
    if (accesses.length && sqlite.open) for (const t of accesses) t();
  } finally {
    if (offThread && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
  }
  if (offThread) checkpointBehind(sqlite, file);
}

/**
 * Copies the log into the file in a worker (lib/db/wal-checkpoint.ts) once it holds CHECKPOINT_AT
 * uncopied pages, one worker at a time. Started on the next turn: a flush at exit (write-later.ts)
 * starts none, and the log it leaves is checkpointed by the next commit or open.
 */
function checkpointBehind(sqlite: Database.Database, file: string) {
  if (checkpointing.has(sqlite) || (walBacklog(file) ?? 0) < CHECKPOINT_AT) return;
  checkpointing.set(sqlite, true);
  setImmediate(() => {
    // Closed since the flush (a shutdown, a test's store): its close checkpointed the log already.
    if (!sqlite.open) {
      checkpointing.delete(sqlite);
      return;
    }
    const busyTimeout = sqlite.pragma("busy_timeout", { simple: true }) as number;
    void checkpointOffThread(file, busyTimeout, "access counts were written").finally(() => checkpointing.delete(sqlite));
  });
}
