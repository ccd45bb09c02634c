import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import type { Db } from "./open";
import * as schema from "./schema";
import { enterWriteGate } from "./write-gate";
import { checkpointOffThread } from "./wal-checkpoint";

/** Work that yields between its steps (lib/slices.ts's `Steps`; lib/db is the bottom layer). */
type Steps<T> = Generator<void, T, void>;

/** The connection a sliced write writes on: better-sqlite3's, and Drizzle's over it. */
export interface WriteConnection {
  sqlite: Database.Database;
  db: Db;
}

const connection = (sqlite: Database.Database): WriteConnection => ({ sqlite, db: drizzle(sqlite, { schema }) as Db });

/**
 * Runs one write transaction in steps, letting the event loop run between them, so a bulk write
 * (an import of 12,000 memories: about 0.5 s of inserts) never holds `/api/health`.
 *
 * better-sqlite3 is synchronous and a transaction belongs to its connection: between two steps,
 * any other statement on the server's connection would run inside the open transaction (and read
 * its half-written rows). So the write runs on a connection of its own to the same file: until it
 * commits, no other connection sees any of it, a failed step rolls all of it back, and a crash
 * (kill -9) leaves an uncommitted transaction that SQLite discards when the file is opened again.
 * Nothing is ever half-written.
 *
 * The `COMMIT` writes only the pages left in a small cache (2 MB: the rest spilled to the log
 * during the steps), and the writing connection never checkpoints: the log is copied into the file
 * by a worker thread on a connection of its own (`checkpointOffThread`) before the write answers.
 * Both used to run in the `COMMIT`, on the event loop: 16 MB of dirty pages and a checkpoint of
 * about 15,000 pages after an import of 12,000 memories (CPU profile: `pagerWalFrames` and
 * `walCheckpoint`, 150-500 ms wall).
 *
 * While it runs, new API requests wait for it (write-gate.ts) and the server's connection does not
 * wait for the write lock (busy timeout 0: a write that got in anyway fails at once with
 * SQLITE_BUSY, a 503, instead of blocking the only thread until the timeout).
 *
 * `stillValid(conn)` is checked once the write lock is taken: false (the store changed since the
 * plan) returns undefined without writing, and the caller plans again. A database with no file
 * (":memory:") has no second connection: it is written in one turn, as before.
 */
export async function writeInSlices<T>(
  sqlite: Database.Database,
  write: (conn: WriteConnection) => Steps<T>,
  stillValid: (conn: Database.Database) => boolean,
): Promise<{ value: T } | undefined> {
  if (sqlite.memory) {
    return sqlite
      .transaction(() => {
        if (!stillValid(sqlite)) return undefined;
        const steps = write(connection(sqlite));
        for (;;) {
          const step = steps.next();
          if (step.done) return { value: step.value };
        }
      })
      .immediate();
  }
  const release = await enterWriteGate();
  const busyTimeout = sqlite.pragma("busy_timeout", { simple: true }) as number;
  const conn = openWriter(sqlite.name, busyTimeout);
  try {
    sqlite.pragma("busy_timeout = 0");
    conn.exec("BEGIN IMMEDIATE");
    try {
      if (!stillValid(conn)) {
        conn.exec("ROLLBACK");
        return undefined;
      }
      const steps = write(connection(conn));
      for (;;) {
        const step = steps.next();
        if (step.done) {
          conn.exec("COMMIT");
          // Still inside the gate: the server's connection would otherwise run this checkpoint
          // itself, on the event loop, at its next commit.
          await checkpointOffThread(sqlite.name, busyTimeout);
          return { value: step.value };
        }
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      if (conn.inTransaction) conn.exec("ROLLBACK");
      throw error;
    }
  } finally {
    conn.close();
    if (sqlite.open) sqlite.pragma(`busy_timeout = ${busyTimeout}`);
    release();
  }
}

/** A second connection to the server's database file, set up as `openDatabase` sets up its own (no migrations: the file has them). */
function openWriter(file: string, busyTimeout: number): Database.Database {
  const conn = new Database(file, { fileMustExist: true });
  try {
    conn.pragma(`busy_timeout = ${busyTimeout}`);
    conn.pragma("synchronous = NORMAL");
    conn.pragma("foreign_keys = ON");
    // The checkpoint runs in a worker after the commit (checkpointOffThread), never in the commit.
    conn.pragma("wal_autocheckpoint = 0");
    // Dirty pages past 2 MB spill to the log during the steps, so the commit has little left to write.
    conn.pragma("cache_size = -2048");
    conn.pragma("journal_size_limit = 67108864");
    // Triggers of the vector table name sqlite-vec's functions.
    sqliteVec.load(conn);
    return conn;
  } catch (error) {
    conn.close();
    throw error;
  }
}
