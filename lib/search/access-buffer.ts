import type Database from "better-sqlite3";
import type { Ctx } from "../context";
import { log } from "../logging/logger";

/**
 * Access counting for the HTTP routes: the writes of many searches run together, once a second,
 * in one transaction, instead of one write transaction after each answer. Run one by one they cost
 * about 1 ms of the server's only thread per search (0.4 ms, plus a WAL checkpoint every few
 * hundred), which the agent's next request waited behind. The price: counts reach the database up
 * to a second late, and a crash (not a normal stop) loses that second of a statistic.
 */
const FLUSH_EVERY_MS = 1000;
const FLUSH_AT = 500;

interface Buffer {
  tasks: (() => void)[];
  timer: NodeJS.Timeout | null;
}

const buffers = new WeakMap<Database.Database, Buffer>();
/** Connections with counts waiting: one exit listener writes them all (held only while waiting). */
const waiting = new Set<Database.Database>();
let exitHook = false;

/** A `defer` for `searchMemories` and `buildRecallBlock` that batches their access writes. */
export function batchedAccess(ctx: Ctx): (task: () => void) => void {
  return (task) => {
    let buffer = buffers.get(ctx.sqlite);
    if (!buffer) buffers.set(ctx.sqlite, (buffer = { tasks: [], timer: null }));
    if (!exitHook) {
      exitHook = true;
      // A normal stop (SIGTERM, Ctrl-C) writes what is pending: better-sqlite3 is synchronous.
      process.once("exit", () => [...waiting].forEach(flushAccess));
    }
    waiting.add(ctx.sqlite);
    buffer.tasks.push(task);
    if (buffer.tasks.length >= FLUSH_AT) flushAccess(ctx.sqlite);
    else if (!buffer.timer) {
      buffer.timer = setTimeout(() => flushAccess(ctx.sqlite), FLUSH_EVERY_MS);
      buffer.timer.unref();
    }
  };
}

/** Writes the pending access counts of this database now. */
export function flushAccess(sqlite: Database.Database) {
  waiting.delete(sqlite);
  const buffer = buffers.get(sqlite);
  if (!buffer || buffer.tasks.length === 0 || !sqlite.open) return;
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = null;
  const tasks = buffer.tasks.splice(0);
  try {
    // Each task catches its own errors (see searchMemories); nested, each runs in a savepoint.
    sqlite.transaction(() => tasks.forEach((t) => t())).immediate();
  } catch (error) {
    log("warn", "access counts not recorded", { error: (error as Error).message, searches: tasks.length });
  }
}
