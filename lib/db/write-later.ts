import type Database from "better-sqlite3";
import { processSingleton } from "../process-singleton";
import { connectionSlot } from "./connection-state";

/**
 * Deferred writes per connection (batched access counts, index rows written behind creates):
 * `writeLater` runs `write` once, `ms` after the first call since it last ran, and on a normal exit
 * if it is still due (better-sqlite3 is synchronous, so an exit handler can write; a crash cannot).
 * Keyed by connection and name, so each kind of deferred write has its own timer.
 */
type Write = (sqlite: Database.Database) => void;

/** The pending timer of each kind of write, on this connection. */
const timers = connectionSlot<Map<string, NodeJS.Timeout>>("writeLaterTimers");
/** What is due at exit, by connection: held only while due (the exit handler walks it, so not a WeakMap). */
const pending = processSingleton("writeLaterDue", () => ({ due: new Map<Database.Database, Map<string, Write>>(), exitHook: false }));

export function writeLater(sqlite: Database.Database, name: string, ms: number, write: Write): void {
  const mine = timers.get(sqlite) ?? new Map<string, NodeJS.Timeout>();
  timers.set(sqlite, mine);
  if (mine.has(name)) return;
  if (!pending.exitHook) {
    pending.exitHook = true;
    process.once("exit", () => {
      for (const [db, writes] of [...pending.due]) for (const [n, w] of [...writes]) run(db, n, w);
    });
  }
  (pending.due.get(sqlite) ?? pending.due.set(sqlite, new Map()).get(sqlite)!).set(name, write);
  // setTimeout, not a microtask: the caller's transaction must commit first.
  const timer = setTimeout(() => run(sqlite, name, write), ms);
  timer.unref();
  mine.set(name, timer);
}

/** Forgets a pending `writeLater` (the caller is writing now). */
export function cancelWriteLater(sqlite: Database.Database, name: string): void {
  const timer = timers.get(sqlite)?.get(name);
  if (timer) clearTimeout(timer);
  timers.get(sqlite)?.delete(name);
  const writes = pending.due.get(sqlite);
  writes?.delete(name);
  if (writes?.size === 0) pending.due.delete(sqlite);
}

function run(sqlite: Database.Database, name: string, write: Write) {
  cancelWriteLater(sqlite, name);
  if (sqlite.open) write(sqlite);
}
