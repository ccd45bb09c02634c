import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Config } from "../config";
import { appRoot } from "../paths";
import { logger } from "../logging/logger";
import { providerId, type EmbeddingProvider } from "./provider";

/**
 * The local provider: any feature-extraction model of transformers.js (default
 * `Xenova/all-MiniLM-L6-v2`, q8), or a model directory on disk (`embedding.modelDir`, then nothing
 * is fetched from the network). Mean (or, for BGE, CLS) pooling + L2 normalization, batched.
 *
 * The model runs in `embedding.workers` worker threads (embed-worker.mjs), each with its own copy:
 * ONNX Runtime's run() holds the calling thread, so on the main thread every batch would stall the
 * server's requests for tens of milliseconds, and one copy cannot use two cores as well as two
 * copies do (bench/search, random MiniLM-L6, q8, 2 cores, batches of 64: 279 texts/s with one
 * copy on 2 threads, 342 with two copies on one thread each).
 */
const GROUP = 4;

export async function createTransformersProvider(
  config: Config["embedding"],
  dataDir: string,
  onProgress?: (message: string) => void,
): Promise<EmbeddingProvider> {
  // Checked before any worker starts, so a wrong directory is reported at once.
  const dir = config.modelDir ? path.resolve(config.modelDir) : "";
  if (dir && !fs.existsSync(path.join(dir, "config.json"))) {
    throw new Error(`embedding.modelDir "${dir}" has no config.json (not a model directory)`);
  }
  const options = {
    model: dir || config.model,
    local: Boolean(dir),
    // Downloaded models are kept with the data so an offline restart finds them.
    cacheDir: path.join(dataDir, "models"),
    dtype: config.dtype,
    pooling: config.pooling,
    threads: config.threads,
    group: GROUP,
  };
  // The first copy alone, so that a model still to download is fetched once, not by each worker.
  const mb = (n = 0) => (n / 1e6).toFixed(1);
  const first = await ModelWorker.start(options, (p) => {
    const message = `downloading embedding model ${config.model}: ${p.file ?? ""} ${mb(p.loaded)} of ${mb(p.total)} MB`;
    logger.info(message);
    onProgress?.(message);
  });
  const started = await Promise.allSettled(Array.from({ length: config.workers - 1 }, () => ModelWorker.start(options)));
  const workers = [first, ...started.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []))];
  const failed = started.find((r) => r.status === "rejected");
  if (failed) {
    await Promise.all(workers.map((w) => w.stop()));
    throw failed.reason;
  }
  let closed = false;
  const restarting = new Set<number>();
  const lastRestart = new Map<number, number>();
  /** A copy that crashed is replaced in the background (at most every 30 s); meanwhile the others work. */
  const alive = (): ModelWorker[] => {
    workers.forEach((w, i) => {
      if (w.alive || closed || restarting.has(i) || Date.now() - (lastRestart.get(i) ?? 0) < 30_000) return;
      restarting.add(i);
      lastRestart.set(i, Date.now());
      logger.warn("embedding worker stopped; starting a new one", { error: w.error });
      ModelWorker.start(options)
        .then((fresh) => (closed ? fresh.stop() : void (workers[i] = fresh)))
        .catch((error: Error) => logger.error("embedding worker could not be restarted", { error: error.message }))
        .finally(() => restarting.delete(i));
    });
    return workers.filter((w) => w.alive);
  };
  return {
    id: providerId(config),
    dimension: first.dimension,
    embed: (texts) => (closed ? Promise.reject(new Error("embedding model closed")) : embedAcross(alive(), texts)),
    close: async () => {
      closed = true;
      await Promise.all(workers.map((w) => w.stop()));
    },
  };
}

/**
 * A few texts (a query) go to the least busy copy; a batch is sorted by length and dealt out in
 * groups, so that the copies get texts of about the same lengths and finish together.
 */
async function embedAcross(workers: ModelWorker[], texts: string[]): Promise<Float32Array[]> {
  if (texts.length === 0) return [];
  if (workers.length === 0) throw new Error("no embedding worker is running (restarting)");
  if (texts.length <= GROUP || workers.length === 1) {
    return [...workers].sort((a, b) => a.pending - b.pending)[0].embed(texts);
  }
  const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length);
  const shares = workers.map(() => [] as number[]);
  for (let g = 0; g * GROUP < order.length; g++) shares[g % workers.length].push(...order.slice(g * GROUP, (g + 1) * GROUP));
  const vectors = new Array<Float32Array>(texts.length);
  await Promise.all(
    shares.map(async (share, w) => {
      if (share.length === 0) return;
      const out = await workers[w].embed(share.map((i) => texts[i]));
      share.forEach((i, k) => (vectors[i] = out[k]));
    }),
  );
  return vectors;
}

export interface DownloadProgress {
  file?: string;
  loaded?: number;
  total?: number;
}

interface WorkerOptions {
  model: string;
  local: boolean;
  cacheDir: string;
  dtype: string;
  pooling: "mean" | "cls";
  threads: number;
  group: number;
}

type Reply =
  | { progress: DownloadProgress }
  | { ready: true; dimension: number }
  | { fatal: string }
  | { id: number; data: Float32Array; dim: number }
  | { id: number; error: string };

/** One worker thread holding one copy of the model. */
class ModelWorker {
  dimension = 0;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>();
  private dead: Error | null = null;

  private constructor(private readonly worker: Worker) {}

  get pending(): number {
    return this.waiting.size;
  }

  get alive(): boolean {
    return this.dead === null;
  }

  get error(): string | undefined {
    return this.dead?.message;
  }

  static start(options: WorkerOptions, onProgress?: (p: DownloadProgress) => void): Promise<ModelWorker> {
    // Not a bundled module: Node loads the file from the checkout (the comment keeps the bundler out).
    const file = path.join(/*turbopackIgnore: true*/ appRoot(), "lib", "embeddings", "embed-worker.mjs");
    const w = new ModelWorker(new Worker(/*turbopackIgnore: true*/ file, { workerData: options }));
    return new Promise((resolve, reject) => {
      w.worker.on("message", (m: Reply) => {
        if ("progress" in m) {
          onProgress?.(m.progress);
        } else if ("ready" in m) {
          w.dimension = m.dimension;
          w.worker.unref();
          resolve(w);
        } else if ("fatal" in m) {
          void w.worker.terminate();
          reject(new Error(m.fatal));
        } else {
          w.settle(m);
        }
      });
      const die = (error: Error) => {
        w.dead ??= error;
        for (const { reject: fail } of w.waiting.values()) fail(w.dead);
        w.waiting.clear();
        reject(error);
      };
      w.worker.on("error", die);
      w.worker.on("exit", (code) => die(new Error(`embedding worker exited (code ${code})`)));
    });
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    // Referenced only while it has work: an idle worker does not keep a finished process alive.
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, texts });
    });
  }

  private settle(m: { id: number; data: Float32Array; dim: number } | { id: number; error: string }) {
    const waiter = this.waiting.get(m.id);
    if (!waiter) return;
    this.waiting.delete(m.id);
    if (this.waiting.size === 0) this.worker.unref();
    if ("error" in m) return waiter.reject(new Error(m.error));
    const vectors: Float32Array[] = [];
    for (let i = 0; i * m.dim < m.data.length; i++) vectors.push(m.data.slice(i * m.dim, (i + 1) * m.dim));
    waiter.resolve(vectors);
  }

  async stop(): Promise<void> {
    this.dead ??= new Error("embedding model closed");
    await this.worker.terminate();
  }
}
