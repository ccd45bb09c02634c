/**
 * The job of bench/adversarial/worker-hold.ts in a worker thread: the compress route's work (sliced
 * parse, compression with its own lib context on its own database file, the answer's chunks) on the
 * body bytes it is handed; the answer's bytes go back by transfer.
 */
import { parentPort } from "node:worker_threads";
import { compressOnce } from "./worker-hold-work";

parentPort!.on("message", async (bytes: Uint8Array) => {
  const answer = await compressOnce(bytes);
  parentPort!.postMessage(answer, [answer.buffer]);
});
