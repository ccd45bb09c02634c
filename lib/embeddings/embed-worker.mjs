// One copy of the local embedding model, in a worker thread (see transformers.ts). Plain ESM, not
// TypeScript: Node runs it as it is, from the checkout, in the server and in tests alike.
// ONNX Runtime's run() holds the thread that calls it, so the model cannot run on the server's
// main thread without stalling every request, and two copies only run in parallel in two threads.
import { parentPort, workerData } from "node:worker_threads";

/** @type {{ model: string, local: boolean, cacheDir: string, dtype: string, pooling: "mean" | "cls", threads: number, group: number }} */
const options = workerData;

/** @type {(texts: string[]) => Promise<{ data: Float32Array, dim: number }>} */
let run;
try {
  const { pipeline, env } = await import("@huggingface/transformers");
  if (options.local) {
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
  } else {
    env.cacheDir = options.cacheDir;
  }
  // First start: the model files are downloaded; the server shows how far (throttled).
  let lastProgress = 0;
  /** @param {{ status: string, file?: string, progress?: number, loaded?: number, total?: number }} p */
  const progress_callback = (p) => {
    if (p.status !== "progress" || options.local || Date.now() - lastProgress < 1000) return;
    lastProgress = Date.now();
    parentPort?.postMessage({ progress: { file: p.file, loaded: p.loaded, total: p.total } });
  };
  const extractor = await pipeline("feature-extraction", options.model, {
    progress_callback,
    dtype: /** @type {"q8"} */ (options.dtype),
    device: "cpu",
    session_options: {
      intraOpNumThreads: options.threads,
      interOpNumThreads: 1,
      // Threads that spin-wait for work steal the cores from the server and the agent.
      extra: { session: { intra_op: { allow_spinning: "0" }, inter_op: { allow_spinning: "0" } } },
    },
  });
  run = async (texts) => {
    // A batch is padded to its longest text: sorted by length and run in small groups, far less
    // is wasted on padding (LoCoMo turns: 118 texts/s in batches of 32, 218 in sorted groups of 4).
    const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length);
    let data = new Float32Array(0);
    let dim = 0;
    for (let i = 0; i < order.length; i += options.group) {
      const group = order.slice(i, i + options.group);
      const out = await extractor(
        group.map((j) => texts[j]),
        { pooling: options.pooling ?? "mean", normalize: true },
      );
      if (dim === 0) {
        dim = out.dims[1];
        data = new Float32Array(texts.length * dim);
      }
      const values = /** @type {Float32Array} */ (out.data);
      group.forEach((j, k) => data.set(values.subarray(k * dim, (k + 1) * dim), j * dim));
    }
    return { data, dim };
  };
  // The first run is slow (allocations); it also tells the dimension.
  const probe = await run(["warm up"]);
  parentPort?.postMessage({ ready: true, dimension: probe.dim });
} catch (error) {
  parentPort?.postMessage({ fatal: error instanceof Error ? error.message : String(error) });
}

parentPort?.on("message", async (/** @type {{ id: number, texts: string[] }} */ message) => {
  try {
    const { data, dim } = await run(message.texts);
    parentPort?.postMessage({ id: message.id, data, dim }, [data.buffer]);
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
