// The WAL checkpoint after a sliced write (lib/db/sliced-write.ts), off the event loop: a worker
// thread opens its own connection to the database file and copies the write's pages from the log
// into the file (PASSIVE: it never waits for a reader or a writer). Run on the server's thread, the
// copy of a 12,000-memory import (about 15,000 pages) held every request, health included, for
// 200-500 ms. Not bundled: loaded from the checkout, as lib/views/markdown-worker.mjs is.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

const db = new Database(workerData.file, { fileMustExist: true });
try {
  db.pragma(`busy_timeout = ${workerData.busyTimeout}`);
  const [result] = db.pragma("wal_checkpoint(PASSIVE)");
  parentPort.postMessage(result);
} finally {
  db.close();
}
