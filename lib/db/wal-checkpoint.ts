import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { appRoot } from "../paths";
import { processSingleton } from "../process-singleton";

/**
 * `PRAGMA wal_checkpoint(PASSIVE)` in a worker thread with a connection of its own (lib/db/checkpoint-worker.mjs),
 * so copying a big write's log into the file never holds the event loop. A checkpoint that fails
 * loses nothing (the log keeps every committed page; the server's connection checkpoints at a later
 * commit, as before): it is logged to stderr, and the write's answer stands. `after`: what wrote the log, for that message.
 */
export async function checkpointOffThread(
  file: string,
  busyTimeout: number,
  after = "a sliced write",
): Promise<{ busy: number; log: number; checkpointed: number } | undefined> {
  const worker = path.join(/*turbopackIgnore: true*/ appRoot(), "lib", "db", "checkpoint-worker.mjs");
  try {
    return await new Promise((resolve, reject) => {
      const w = new Worker(/*turbopackIgnore: true*/ worker, { workerData: { file, busyTimeout } });
      let result: { busy: number; log: number; checkpointed: number } | undefined;
      w.on("message", (r) => {
        result = r;
      });
      w.on("error", reject);
      w.on("exit", (code) => (code === 0 ? resolve(result) : reject(new Error(`the checkpoint worker exited (${code})`))));
    });
  } catch (error) {
    console.error(`recollect: the WAL checkpoint after ${after} failed (${(error as Error).message}); the next commit runs it`);
    return undefined;
  }
}

/**
 * Read-only descriptors of the WAL indexes `walBacklog` reads, one per `-shm` file, kept open for
 * the life of the process. POSIX record locks belong to the process, not to a descriptor: closing
 * ANY descriptor of a file drops every lock the process holds on it, SQLite's included. Opened,
 * read and closed after each access flush, this read dropped the server's shared lock on the WAL
 * index; the next process to open the database (the CLI, a reader) then took itself for the first,
 * truncated the index under the server's mapping, and the server died of SIGBUS mid-write.
 * So a descriptor is opened once and never closed (the process's exit closes it).
 */
const walIndexes = processSingleton("walIndexDescriptors", () => new Map<string, { fd: number; ino: number }>());
/** Files past this many get no backlog (undefined: the commit checkpoints as SQLite does by default). */
const MAX_WAL_INDEXES = 64;

/**
 * Pages committed to the log of the database `file` and not yet copied into it (`mxFrame - nBackfill`
 * of the WAL index, the `-shm` file: sqlite.org/walformat.html, header at 0, checkpoint info at 96,
 * native byte order); undefined when there is no WAL index (not WAL mode, in memory).
 */
export function walBacklog(file: string): number | undefined {
  const fd = walIndexDescriptor(`${file}-shm`);
  if (fd === undefined) return undefined;
  const shm = Buffer.alloc(100);
  if (fs.readSync(fd, shm, 0, 100, 0) < 100) return undefined;
  const le = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  const mxFrame = le ? shm.readUInt32LE(16) : shm.readUInt32BE(16);
  const nBackfill = le ? shm.readUInt32LE(96) : shm.readUInt32BE(96);
  return Math.max(0, mxFrame - nBackfill);
}

/** The kept descriptor of a WAL index; a new one when the file at that path is another (a store made anew). */
function walIndexDescriptor(shmPath: string): number | undefined {
  let ino: number;
  try {
    ino = fs.statSync(shmPath).ino;
  } catch {
    return undefined;
  }
  const kept = walIndexes.get(shmPath);
  if (kept?.ino === ino) return kept.fd;
  if (kept) {
    // That index was unlinked (SQLite does so when the last connection closes it): no process can
    // open it by its path any more, so the locks this close drops protect nothing.
    fs.closeSync(kept.fd);
    walIndexes.delete(shmPath);
  }
  if (walIndexes.size >= MAX_WAL_INDEXES) return undefined;
  let fd: number;
  try {
    fd = fs.openSync(shmPath, "r");
  } catch {
    return undefined;
  }
  walIndexes.set(shmPath, { fd, ino: fs.fstatSync(fd).ino });
  return fd;
}
