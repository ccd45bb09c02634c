import type Database from "better-sqlite3";
import { writeGateIdle } from "../db/write-gate";
import type { EmbeddingStatus, ReindexProgress } from "../contracts/search";
import type { Config } from "../config";
import { AppError } from "../errors";
import { logger } from "../logging/logger";
import { redact } from "../security/redaction";
import type { SearchStatus } from "../search/status";
import { addQueueWaker, removeQueueWaker } from "../indexing/rows";
import { modelChoice } from "./model-choice";
import { warmVectorIndex } from "../indexing/vector-index";
import {
  ensureDedupModel,
  measurementDue,
  readDedupModel,
  sampleProbe,
  sampleStoredPairs,
  writeMeasurement,
  type DedupModel,
  type DedupStatus,
} from "./dedup-model";
import { dedupStatusOf } from "./dedup-status";
import { indexMeta, readMeta, writeMeta } from "./meta";
import { loadFailure, loadModel } from "./model-loader";
import { loadProvider } from "./load-provider";
import { embeddingPrefixes, type EmbedRole, type EmbeddingPrefixes } from "./prefixes";
import { providerId, type EmbeddingProvider, type ProviderFactory } from "./provider";
import { EMBED_CHARS, QueryEmbeddingCache } from "./query-cache";
import { embeddedText, enqueueAll, failBatch, failedCount, nextBatch, pendingCount, storeBatch } from "./queue";
import { beginReindex, finishReindex, reindexProgress } from "./reindex-progress";
import { countVectors, createVectorTable, dropVectorTable, vectorTableExists } from "../db/virtual-tables";

export { MAX_ATTEMPTS } from "./queue";

type State = EmbeddingStatus["state"];

/** What the service works with: one database, its configuration, and where its status goes. */
export interface EmbeddingEnv {
  sqlite: Database.Database;
  config: Config;
  dataDir: string;
  /** Receives every change of the search mode (lib/services.ts keeps it as `searchStatus`). */
  publish(status: SearchStatus): void;
}

/**
 * One per database (ctx.services.embeddings): loads the model in the background (model-loader.ts),
 * embeds the queue in batches (queue.ts), embeds queries (query-cache.ts), detects a
 * model/dimension change and runs reindexes (reindex-progress.ts). Until it is `ready`, search is
 * lexical and the status says why. Nothing here ever blocks a request.
 */
export class EmbeddingService {
  state: State = "loading";
  reason = "starting";
  provider: EmbeddingProvider | null = null;
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;
  private stopped = false;
  private queriesInFlight = 0;
  private readonly cache = new QueryEmbeddingCache();
  private readonly wake = () => void this.pump();
  private queueDepthCache = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Settles when the model load is over, whatever the outcome. */
  loaded: Promise<void> = Promise.resolve();
  /** The loaded model's dedup thresholds and fitness (dedup_models), once assessed. */
  private dedupModel: DedupModel | null = null;
  /** Settles when the first fitness measurement of the loaded model is over. */
  assessed: Promise<void> = Promise.resolve();

  constructor(
    readonly env: EmbeddingEnv,
    private readonly factory: ProviderFactory = loadProvider,
  ) {}

  get sqlite(): Database.Database {
    return this.env.sqlite;
  }

  get configuredId(): string {
    return providerId(this.env.config.embedding);
  }

  /** Kicks off the model load; returns at once. `loaded` settles when the load is over either way. */
  start(): Promise<void> {
    const cfg = this.env.config.embedding;
    if (cfg.provider === "none") {
      this.set("off", "embedding provider is 'none' (embedding.provider): lexical search only");
      return Promise.resolve();
    }
    this.set("loading", `loading embedding model ${cfg.modelDir || cfg.model}`);
    const onProgress = (message: string) => {
      if (this.state === "loading") this.set("loading", `${message}; lexical search meanwhile`);
    };
    return loadModel(this.factory, cfg, this.env.dataDir, onProgress).then(
      (provider) => {
        if (this.stopped) return void provider.close?.();
        this.provider = provider;
        this.afterLoad();
        // Settled once the model is also judged fit (or not) for deduplication.
        return this.assessed;
      },
      (error: unknown) => {
        this.set("failed", `embedding model ${cfg.modelDir || cfg.model} could not be loaded (${loadFailure(error)}): lexical search only`);
      },
    );
  }

  /** Compares the loaded model with the one the vectors were built with. */
  private afterLoad() {
    const p = this.provider!;
    this.assessed = this.assessDedup();
    const meta = indexMeta(this.sqlite);
    const m = readMeta(this.sqlite);
    if (!meta.model || !vectorTableExists(this.sqlite)) {
      // First use (or the table is gone): build from scratch, everything goes through the queue.
      this.sqlite
        .transaction(() => {
          dropVectorTable(this.sqlite);
          createVectorTable(this.sqlite, p.dimension);
          writeMeta(this.sqlite, { model: p.id, dimension: p.dimension });
          enqueueAll(this.sqlite);
        })
        .immediate();
    } else if (meta.model !== p.id || meta.dimension !== p.dimension) {
      this.set(
        "mismatch",
        `vectors were built with ${meta.model} (${meta.dimension} dims) but the configured model is ${p.id} (${p.dimension} dims): ` +
          `lexical search until a reindex (POST /api/embeddings/reindex)`,
      );
      return;
    }
    addQueueWaker(this.sqlite, this.wake);
    if (m.reindex_state === "running") this.set("reindexing", this.reindexReason());
    else this.set("ready", this.readyReason());
    void this.pump();
    // Load the in-process vector index now, in slices, rather than on the first hybrid search.
    setImmediate(() => {
      if (this.stopped) return;
      // On failure the first search loads it (or reports why it cannot).
      warmVectorIndex(this.sqlite).catch(() => {});
    }).unref?.();
  }

  /** Hybrid search is possible: the model is loaded and the vectors were built with it. */
  ready(): boolean {
    return this.state === "ready" && this.provider !== null;
  }

  /**
   * A query's embedding (cached: the plugin asks the same things again and again). `passage`: a
   * text about to be stored, compared with stored ones (the near-duplicate check), embedded as they are.
   */
  async embedQuery(text: string, role: EmbedRole = "query"): Promise<Float32Array | null> {
    if (!this.ready()) return null;
    const key = this.prefixes[role] + text.slice(0, EMBED_CHARS);
    const hit = this.cache.take(key);
    if (hit) return hit;
    this.queriesInFlight++;
    try {
      const [v] = await this.provider!.embed([key]);
      this.cache.remember(key, v);
      return v;
    } finally {
      this.queriesInFlight--;
    }
  }

  /** A cached embedding of exactly this text in this role, if one is at hand (no model call). */
  cachedEmbedding(text: string, role: EmbedRole): Float32Array | undefined {
    return this.cache.peek(this.prefixes[role] + text.slice(0, EMBED_CHARS));
  }

  /** The model's query / passage prefixes (lib/embeddings/prefixes.ts). */
  get prefixes(): EmbeddingPrefixes {
    return embeddingPrefixes(this.env.config.embedding);
  }

  /** Embeds queued memories in batches until the queue is empty. One pump at a time. */
  pump(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return this.pumping;
    }
    if (this.stopped || !this.provider || (this.state !== "ready" && this.state !== "reindexing")) return Promise.resolve();
    this.pumping = (async () => {
      try {
        do {
          this.pumpAgain = false;
          while (!this.stopped && (await this.embedBatch()) > 0) {
            // Let requests run between batches.
            await new Promise((r) => setImmediate(r));
          }
        } while (this.pumpAgain && !this.stopped);
      } finally {
        this.pumping = null;
        this.refreshStatus();
      }
    })();
    return this.pumping;
  }

  /** Resolves when nothing is left to embed (tests, reindex, benchmarks). */
  async drain(): Promise<void> {
    for (let i = 0; i < 10_000; i++) {
      await this.pump();
      if (this.pendingCount() === 0 || this.stopped || !this.provider) return;
      if (this.retryTimer) await new Promise((r) => setTimeout(r, 50));
    }
  }

  private pendingCount(): number {
    return pendingCount(this.sqlite);
  }

  /** Embeds one batch; returns how many queue entries it took. */
  private async embedBatch(): Promise<number> {
    const batch = nextBatch(this.sqlite, this.env.config.embedding.batchSize);
    if (batch.length === 0) return 0;
    // Queries first: a search waits for its query's embedding, the queue can wait.
    while (this.queriesInFlight > 0) await new Promise((r) => setTimeout(r, 1));
    let vectors: Float32Array[];
    try {
      const passage = this.prefixes.passage;
      vectors = await this.provider!.embed(batch.map((row) => passage + embeddedText(row)));
      if (vectors.length !== batch.length || vectors.some((v) => v.length !== this.provider!.dimension)) {
        throw new Error(`the model returned ${vectors.length} vectors of ${vectors[0]?.length} dims for ${batch.length} texts`);
      }
    } catch (error) {
      // A provider's message may quote its URL or key: it is stored and logged.
      const msg = redact(error instanceof Error ? error.message : String(error));
      failBatch(this.sqlite, batch, msg);
      logger.warn(`embedding a batch of ${batch.length} failed: ${msg}`);
      // Back off a little so a broken provider does not spin.
      await new Promise((r) => (this.retryTimer = setTimeout(r, 500)));
      this.retryTimer = null;
      return batch.length;
    }
    // A sliced write (an import) holds the write lock on its own connection: store after it.
    await writeGateIdle();
    if (this.stopped || !vectorTableExists(this.sqlite)) return 0;
    storeBatch(this.sqlite, batch, vectors);
    this.remeasureIfDue();
    this.refreshStatus();
    return batch.length;
  }

  /** Drops the vectors and re-embeds every memory with the configured model, in batches. */
  startReindex(): ReindexProgress {
    if (!this.provider) {
      throw new AppError("unavailable", `no embedding model is loaded (${this.reason}); nothing to reindex with`);
    }
    beginReindex(this.sqlite, this.provider);
    addQueueWaker(this.sqlite, this.wake);
    this.assessed = this.assessDedup();
    this.set("reindexing", this.reindexReason());
    void this.pump();
    return this.reindexProgress();
  }

  reindexProgress(): ReindexProgress {
    return reindexProgress(this.sqlite);
  }

  private reindexReason(): string {
    const r = this.reindexProgress();
    return `reindexing with ${this.provider?.id}: ${r.done} of ${r.total} memories embedded; lexical search until it finishes`;
  }

  private readyReason(): string {
    const depth = this.queueDepthCache;
    return `vectors ready (${this.provider!.id}, ${this.provider!.dimension} dims)` + (depth ? `; ${depth} memories waiting to be embedded` : "");
  }

  /** Re-reads the queue depth, finishes a reindex when the queue is empty, publishes the status. */
  private refreshStatus() {
    if (this.stopped) return;
    try {
      this.queueDepthCache = this.pendingCount();
    } catch {
      return; // database closed
    }
    if (this.state === "reindexing") {
      if (this.queueDepthCache === 0) {
        finishReindex(this.sqlite);
        this.set("ready", this.readyReason());
      } else this.set("reindexing", this.reindexReason());
    } else if (this.state === "ready") this.set("ready", this.readyReason());
    else this.publish();
  }

  private set(state: State, reason: string) {
    this.state = state;
    this.reason = reason;
    this.publish();
  }

  private publish() {
    this.env.publish({
      mode: this.ready() ? "hybrid" : "lexical",
      reason: this.reason,
      model: this.provider?.id ?? null,
      choice: modelChoice(this.env.config.embedding),
      dimension: this.provider?.dimension ?? null,
      queueDepth: this.queueDepthCache,
      dedup: this.dedupStatus(),
    });
  }

  /**
   * The thresholds of the loaded model (created on first sight) and its fitness: measured now on
   * stored memories if enough have vectors made with it, else on the probe sentences.
   */
  private async assessDedup(): Promise<void> {
    const p = this.provider;
    if (!p || this.stopped) return;
    try {
      const model = ensureDedupModel(this.sqlite, p.id, this.env.config.search);
      this.dedupModel = model;
      const vectorsFromThisModel = indexMeta(this.sqlite).model === p.id ? countVectors(this.sqlite) : 0;
      const stored = vectorsFromThisModel > 0 ? sampleStoredPairs(this.sqlite) : undefined;
      if (stored) writeMeasurement(this.sqlite, p.id, { ...stored, basis: "memories" });
      else if (model.measuredAt === null || model.sampleBasis === "probe")
        writeMeasurement(this.sqlite, p.id, { ...(await sampleProbe(p, this.prefixes.passage)), basis: "probe" });
      if (this.stopped) return;
      this.dedupModel = readDedupModel(this.sqlite, p.id) ?? model;
    } catch (error) {
      logger.warn(`measuring the embedding model for deduplication failed: ${(error as Error).message}`);
    }
    this.publish();
  }

  /** After a batch: measure again on stored memories when enough more of them have vectors. */
  private remeasureIfDue() {
    const m = this.dedupModel;
    if (!m || !this.provider || (m.sampleBasis === "memories" && !measurementDue(m, Number.MAX_SAFE_INTEGER))) return;
    if (!measurementDue(m, countVectors(this.sqlite))) return;
    const stored = sampleStoredPairs(this.sqlite);
    if (!stored) return;
    writeMeasurement(this.sqlite, m.model, { ...stored, basis: "memories" });
    this.dedupModel = readDedupModel(this.sqlite, m.model) ?? m;
  }

  /** Whether cosine similarity may decide duplicates now, with which thresholds, and why. */
  dedupStatus(): DedupStatus {
    return dedupStatusOf(this.provider ? this.dedupModel : null, this.state, this.reason, this.ready());
  }

  status(): EmbeddingStatus {
    const queueDepth = this.pendingCount();
    const meta = indexMeta(this.sqlite);
    return {
      provider: this.env.config.embedding.provider,
      state: this.state,
      mode: this.ready() ? "hybrid" : "lexical",
      reason: this.reason,
      model: this.provider?.id ?? null,
      choice: modelChoice(this.env.config.embedding),
      dimension: this.provider?.dimension ?? null,
      indexModel: meta.model,
      indexDimension: meta.dimension,
      vectors: countVectors(this.sqlite),
      queueDepth,
      failed: failedCount(this.sqlite),
      reindex: this.reindexProgress(),
    };
  }

  async stop() {
    this.stopped = true;
    removeQueueWaker(this.sqlite, this.wake);
    if (this.pumping) await this.pumping.catch(() => {});
    await this.provider?.close?.().catch(() => {});
  }
}
