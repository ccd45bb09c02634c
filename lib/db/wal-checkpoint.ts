import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { appRoot } from "../paths";

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
 * Pages committed to the log of the database `file` and not yet copied into it (`mxFrame - nBackfill`
 * of the WAL index, the `-shm` file: sqlite.org/walformat.html, header at 0, checkpoint info at 96,
 * native byte order); undefined when there is no WAL index (not WAL mode, in memory).
 */
export function walBacklog(file: string): number | undefined {
  const shm = Buffer.alloc(100);
  let fd: number;
  try {
    fd = fs.openSync(`${file}-shm`, "r");
  } catch {
    return undefined;
  }
  try {
    if (fs.readSync(fd, shm, 0, 100, 0) < 100) return undefined;
  } finally {
    fs.closeSync(fd);
  }
  const le = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  const mxFrame = le ? shm.readUInt32LE(16) : shm.readUInt32BE(16);
  const nBackfill = le ? shm.readUInt32LE(96) : shm.readUInt32BE(96);
  return Math.max(0, mxFrame - nBackfill);
}
