import type Database from "better-sqlite3";

/**
 * Deferred writes per connection (batched access counts, index rows written behind creates):
 * `writeLater` runs `write` once, `ms` after the first call since it last ran, and on a normal exit
 * if it is still due (better-sqlite3 is synchronous, so an exit handler can write; a crash cannot).
 * Keyed by connection and name, so each kind of deferred write has its own timer.
 */
type Write = (sqlite: Database.Database) => void;

const timers = new Map<string, WeakMap<Database.Database, NodeJS.Timeout>>();
/** What is due at exit: held only while due. */
const due = new Map<Database.Database, Map<string, Write>>();
let exitHook = false;

export function writeLater(sqlite: Database.Database, name: string, ms: number, write: Write): void {
  const byDb = timers.get(name) ?? timers.set(name, new WeakMap()).get(name)!;
  if (byDb.has(sqlite)) return;
  if (!exitHook) {
    exitHook = true;
    process.once("exit", () => {
      for (const [db, writes] of [...due]) for (const [n, w] of [...writes]) run(db, n, w);
    });
  }
  (due.get(sqlite) ?? due.set(sqlite, new Map()).get(sqlite)!).set(name, write);
  // setTimeout, not a microtask: the caller's transaction must commit first.
  const timer = setTimeout(() => run(sqlite, name, write), ms);
  timer.unref();
  byDb.set(sqlite, timer);
}

/** Forgets a pending `writeLater` (the caller is writing now). */
export function cancelWriteLater(sqlite: Database.Database, name: string): void {
  const timer = timers.get(name)?.get(sqlite);
  if (timer) clearTimeout(timer);
  timers.get(name)?.delete(sqlite);
  const writes = due.get(sqlite);
  writes?.delete(name);
  if (writes?.size === 0) due.delete(sqlite);
}

function run(sqlite: Database.Database, name: string, write: Write) {
  cancelWriteLater(sqlite, name);
  if (sqlite.open) write(sqlite);
}
