import type Database from "better-sqlite3";
import { processSingleton } from "../process-singleton";

/**
 * The one owner of in-memory state kept per open connection: prepared statements, the lexical
 * index's term counts, the in-process vector index, deferred writes, the last stable block a
 * session was served... (docs/services.md lists every slot). A module declares its slot once, by
 * name; the value lives with the connection and goes when it is collected.
 *
 * Kept in a process singleton: Next.js loads a lib/ module once per bundle, so a module-level
 * WeakMap would exist several times in one process, and two copies of a statement cache or of an
 * index on one connection would disagree. Two bundles declaring the same slot share its value.
 */
const byConnection = processSingleton("connectionState", () => new WeakMap<Database.Database, Map<string, unknown>>());

/** One kind of per-connection state, read and written like a WeakMap keyed by the connection. */
export interface ConnectionSlot<T> {
  get(sqlite: Database.Database): T | undefined;
  has(sqlite: Database.Database): boolean;
  set(sqlite: Database.Database, value: T): void;
  delete(sqlite: Database.Database): void;
}

export function connectionSlot<T>(name: string): ConnectionSlot<T> {
  return {
    get: (sqlite) => byConnection.get(sqlite)?.get(name) as T | undefined,
    has: (sqlite) => byConnection.get(sqlite)?.has(name) ?? false,
    set: (sqlite, value) => {
      const state = byConnection.get(sqlite) ?? new Map<string, unknown>();
      byConnection.set(sqlite, state.set(name, value));
    },
    delete: (sqlite) => void byConnection.get(sqlite)?.delete(name),
  };
}

/** The names of the slots holding a value for this connection (tests, diagnostics). */
export function connectionSlotsOf(sqlite: Database.Database): string[] {
  return [...(byConnection.get(sqlite)?.keys() ?? [])];
}
