import type Database from "better-sqlite3";
import type { EmbeddingStatus, ReindexProgress } from "../contracts/search";
import type { Ctx } from "../ctx";
import { AppError } from "../errors";
import { catchUpForReader } from "../memories/derived";
import { prepared } from "../search/filters";
import { redact } from "../security/redact";
import { setSearchStatus } from "../search/status";
import { queueWakers } from "../search/sync";
import { LEXICAL_DEDUP } from "../search/status";
import {
  DEGENERATE_MEAN_COSINE,
  ensureDedupModel,
  isDegenerate,
  measurementDue,
  readDedupModel,
  sampleProbe,
  sampleStoredPairs,
  writeMeasurement,
  type DedupModel,
  type DedupStatus,
} from "./dedup-model";
import { indexMeta, readMeta, writeMeta } from "./meta";
import { modelChoice } from "./model-choice";
import { loadProvider, providerId, type EmbeddingProvider, type ProviderFactory } from "./provider";
import { vectorIndex } from "../search/vector-index";
import { countVectors, createVectorTable, dropVectorTable, vectorTableExists, writeVectors } from "./vector-table";

type State = EmbeddingStatus["state"];

/** Entries that failed this many times are left alone (reported as `failed`). */
export const MAX_ATTEMPTS = 5;
const LOAD_TIMEOUT_MS = 5 * 60_000;
/** Characters of a memory that are embedded (the models truncate at a few hundred tokens anyway). */
const EMBED_CHARS = 2000;
const QUERY_CACHE = 1000;

interface QueueRow {
  id: string;
  enqueuedAt: number;
  seq: number;
  title: string | null;
  content: string;
}

/**
 * One per database: loads the model in the background, embeds the queue in batches, embeds queries
 * (with a small LRU cache), detects a model/dimension change and runs reindexes. Until it is
 * `ready`, search is lexical and the status says why. Nothing here ever blocks a request.
 */
export class EmbeddingService {
  state: State = "loading";
  reason = "starting";
  provider: EmbeddingProvider | null = null;
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;
  private stopped = false;
  private queriesInFlight = 0;
  private readonly cache = new Map<string, Float32Array>();
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
    readonly ctx: Ctx,
    private readonly factory: ProviderFactory = loadProvider,
  ) {}

  get sqlite(): Database.Database {
    return this.ctx.sqlite;
  }

  get configuredId(): string {
    return providerId(this.ctx.config.embedding);
  }

  /** Kicks off the model load; returns at once. `loaded` settles when the load is over either way. */
  start(): Promise<void> {
    const cfg = this.ctx.config.embedding;
    if (cfg.provider === "none") {
      this.set("off", "embedding provider is 'none' (embedding.provider): lexical search only");
      return Promise.resolve();
    }
    this.set("loading", `loading embedding model ${cfg.modelDir || cfg.model}`);
    const timeout = new Promise<never>((_, reject) => {
      const t = setTimeout(() => reject(new Error(`timed out after ${LOAD_TIMEOUT_MS / 1000}s`)), LOAD_TIMEOUT_MS);
      t.unref?.();
    });
    const onProgress = (message: string) => {
      if (this.state === "loading") this.set("loading", `${message}; lexical search meanwhile`);
    };
    return Promise.race([this.factory(cfg, this.ctx.dataDir, onProgress), timeout]).then(
      (provider) => {
        if (this.stopped) return void provider.close?.();
        this.provider = provider;
        this.afterLoad();
        // Settled once the model is also judged fit (or not) for deduplication.
        return this.assessed;
      },
      (error: unknown) => {
        const msg = error instanceof Error ? error.message : String(error);
        this.set("failed", `embedding model ${cfg.modelDir || cfg.model} could not be loaded (${msg.split("\n")[0].slice(0, 300)}): lexical search only`);
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
      this.sqlite.transaction(() => {
        dropVectorTable(this.sqlite);
        createVectorTable(this.sqlite, p.dimension);
        writeMeta(this.sqlite, { model: p.id, dimension: p.dimension });
        this.enqueueAll();
      }).immediate();
    } else if (meta.model !== p.id || meta.dimension !== p.dimension) {
      this.set(
        "mismatch",
        `vectors were built with ${meta.model} (${meta.dimension} dims) but the configured model is ${p.id} (${p.dimension} dims): ` +
          `lexical search until a reindex (POST /api/embeddings/reindex)`,
      );
      return;
    }
    queueWakers.add(this.wake);
    if (m.reindex_state === "running") this.set("reindexing", this.reindexReason());
    else this.set("ready", this.readyReason());
    void this.pump();
    // Load the in-process vector index now rather than on the first hybrid search.
    setImmediate(() => {
      if (this.stopped) return;
      try {
        vectorIndex(this.sqlite);
      } catch {
        // The first search loads it (or reports why it cannot).
      }
    }).unref?.();
  }

  /** Hybrid search is possible: the model is loaded and the vectors were built with it. */
  ready(): boolean {
    return this.state === "ready" && this.provider !== null;
  }

  /** A query's embedding (cached: the plugin asks the same things again and again). */
  async embedQuery(text: string): Promise<Float32Array | null> {
    if (!this.ready()) return null;
    const key = text.slice(0, EMBED_CHARS);
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    this.queriesInFlight++;
    try {
      const [v] = await this.provider!.embed([key]);
      this.remember(key, v);
      return v;
    } finally {
      this.queriesInFlight--;
    }
  }

  /** A cached embedding of exactly this text, if one is at hand (no model call). */
  cachedEmbedding(text: string): Float32Array | undefined {
    return this.cache.get(text.slice(0, EMBED_CHARS));
  }

  private remember(key: string, v: Float32Array) {
    this.cache.set(key, v);
    if (this.cache.size > QUERY_CACHE) this.cache.delete(this.cache.keys().next().value!);
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
    catchUpForReader(this.sqlite);
    return (prepared(this.sqlite, "SELECT count(*) AS n FROM embedding_queue WHERE attempts < ?").get(MAX_ATTEMPTS) as { n: number }).n;
  }

  /** Embeds one batch; returns how many queue entries it took. */
  private async embedBatch(): Promise<number> {
    catchUpForReader(this.sqlite);
    const batch = prepared(
      this.sqlite,
      `SELECT q.memory_id AS id, q.enqueued_at AS enqueuedAt, m.seq AS seq, m.title AS title, m.content AS content
       FROM embedding_queue q JOIN memories m ON m.id = q.memory_id
       WHERE q.attempts < ? ORDER BY q.enqueued_at, q.memory_id LIMIT ?`,
    ).all(MAX_ATTEMPTS, this.ctx.config.embedding.batchSize) as QueueRow[];
    if (batch.length === 0) return 0;
    while (this.queriesInFlight > 0) await new Promise((r) => setTimeout(r, 1));
    let vectors: Float32Array[];
    try {
      vectors = await this.provider!.embed(batch.map((r) => ((r.title ? r.title + "\n" : "") + r.content).slice(0, EMBED_CHARS)));
      if (vectors.length !== batch.length || vectors.some((v) => v.length !== this.provider!.dimension)) {
        throw new Error(`the model returned ${vectors.length} vectors of ${vectors[0]?.length} dims for ${batch.length} texts`);
      }
    } catch (error) {
      // A provider's message may quote its URL or key: it is stored and logged.
      const msg = redact(error instanceof Error ? error.message : String(error));
      const fail = prepared(this.sqlite, "UPDATE embedding_queue SET attempts = attempts + 1, last_error = ? WHERE memory_id = ?");
      this.sqlite.transaction(() => batch.forEach((r) => fail.run(msg.slice(0, 500), r.id))).immediate();
      console.warn(`[recollect] embedding a batch of ${batch.length} failed: ${msg}`);
      // Back off a little so a broken provider does not spin.
      await new Promise((r) => (this.retryTimer = setTimeout(r, 500)));
      this.retryTimer = null;
      return batch.length;
    }
    if (this.stopped || !vectorTableExists(this.sqlite)) return 0;
    const current = prepared(
      this.sqlite,
      "SELECT seq, project_id AS projectId, scope, category, status, session_id AS sessionId FROM memories WHERE id = ?",
    );
    const done = prepared(this.sqlite, "DELETE FROM embedding_queue WHERE memory_id = ? AND enqueued_at = ?");
    this.sqlite
      .transaction(() => {
        batch.forEach((r, i) => {
          const meta = current.get(r.id) as Parameters<typeof writeVectors>[1][number] | undefined;
          if (!meta) return; // removed meanwhile (its queue entry went with it)
          writeVectors(this.sqlite, [meta], [vectors[i]]);
          done.run(r.id, r.enqueuedAt); // a newer text stays queued
        });
      })
      .immediate();
    this.remeasureIfDue();
    this.refreshStatus();
    return batch.length;
  }

  private enqueueAll() {
    this.sqlite.exec(
      "INSERT INTO embedding_queue(memory_id) SELECT id FROM memories WHERE true ON CONFLICT(memory_id) DO UPDATE SET attempts = 0, last_error = NULL",
    );
  }

  /** Drops the vectors and re-embeds every memory with the configured model, in batches. */
  startReindex(): ReindexProgress {
    if (!this.provider) {
      throw new AppError("unavailable", `no embedding model is loaded (${this.reason}); nothing to reindex with`);
    }
    const p = this.provider;
    this.sqlite
      .transaction(() => {
        dropVectorTable(this.sqlite);
        createVectorTable(this.sqlite, p.dimension);
        this.enqueueAll();
        const total = (this.sqlite.prepare("SELECT count(*) AS n FROM memories").get() as { n: number }).n;
        writeMeta(this.sqlite, {
          model: p.id,
          dimension: p.dimension,
          reindex_state: "running",
          reindex_total: total,
          reindex_started_at: Date.now(),
          reindex_finished_at: null,
          reindex_error: null,
        });
      })
      .immediate();
    queueWakers.add(this.wake);
    this.assessed = this.assessDedup();
    this.set("reindexing", this.reindexReason());
    void this.pump();
    return this.reindexProgress();
  }

  reindexProgress(): ReindexProgress {
    const m = readMeta(this.sqlite);
    const total = Number(m.reindex_total ?? 0);
    const state = (m.reindex_state as ReindexProgress["state"]) ?? "idle";
    const pending = state === "running" ? this.pendingCount() : 0;
    return {
      state,
      total,
      done: state === "done" ? total : Math.max(0, total - pending),
      startedAt: m.reindex_started_at ? new Date(Number(m.reindex_started_at)).toISOString() : null,
      finishedAt: m.reindex_finished_at ? new Date(Number(m.reindex_finished_at)).toISOString() : null,
      error: m.reindex_error ?? null,
      model: m.model ?? null,
      dimension: m.dimension ? Number(m.dimension) : null,
    };
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
        writeMeta(this.sqlite, { reindex_state: "done", reindex_finished_at: Date.now() });
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
    setSearchStatus({
      mode: this.ready() ? "hybrid" : "lexical",
      reason: this.reason,
      model: this.provider?.id ?? null,
      choice: modelChoice(this.ctx.config.embedding),
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
      const model = ensureDedupModel(this.sqlite, p.id, this.ctx.config.search);
      this.dedupModel = model;
      const vectorsFromThisModel = indexMeta(this.sqlite).model === p.id ? countVectors(this.sqlite) : 0;
      const stored = vectorsFromThisModel > 0 ? sampleStoredPairs(this.sqlite) : undefined;
      if (stored) writeMeasurement(this.sqlite, p.id, { ...stored, basis: "memories" });
      else if (model.measuredAt === null || model.sampleBasis === "probe") writeMeasurement(this.sqlite, p.id, { ...(await sampleProbe(p)), basis: "probe" });
      if (this.stopped) return;
      this.dedupModel = readDedupModel(this.sqlite, p.id) ?? model;
    } catch (error) {
      console.warn(`[recollect] measuring the embedding model for deduplication failed: ${(error as Error).message}`);
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
    const m = this.dedupModel;
    if (!this.provider || !m) return { ...LEXICAL_DEDUP, reason: `${LEXICAL_DEDUP.reason} (${this.reason})` };
    const base = {
      model: m.model,
      strictCosine: m.strictCosine,
      similarCosine: m.similarCosine,
      randomPairCosine: m.randomPairCosine,
      sampleBasis: m.sampleBasis,
      sampleSize: m.sampleSize,
    };
    const on = (reason: string): DedupStatus => ({ semantic: true, reason, ...base });
    const off = (reason: string): DedupStatus => ({ semantic: false, reason, ...base });
    if (m.randomPairCosine === null) return off("the model has not been measured yet: exact and lexical deduplication only");
    if (isDegenerate(m)) {
      return off(
        `model embeddings are degenerate (mean random-pair cosine ${m.randomPairCosine.toFixed(2)} > ${DEGENERATE_MEAN_COSINE}, ` +
          `${m.sampleSize} ${m.sampleBasis === "memories" ? "stored memories" : "probe sentences"}): exact and lexical deduplication only`,
      );
    }
    if (!this.ready()) return off(`vectors are not ready (${this.state}): exact and lexical deduplication only`);
    return on(`cosine >= ${m.strictCosine} and words agreeing fold a near duplicate; cosine >= ${m.similarCosine} links a similar memory for review`);
  }

  status(): EmbeddingStatus {
    catchUpForReader(this.sqlite);
    const meta = indexMeta(this.sqlite);
    const failed = (prepared(this.sqlite, "SELECT count(*) AS n FROM embedding_queue WHERE attempts >= ?").get(MAX_ATTEMPTS) as { n: number }).n;
    return {
      provider: this.ctx.config.embedding.provider,
      state: this.state,
      mode: this.ready() ? "hybrid" : "lexical",
      reason: this.reason,
      model: this.provider?.id ?? null,
      choice: modelChoice(this.ctx.config.embedding),
      dimension: this.provider?.dimension ?? null,
      indexModel: meta.model,
      indexDimension: meta.dimension,
      vectors: countVectors(this.sqlite),
      queueDepth: this.pendingCount(),
      failed,
      reindex: this.reindexProgress(),
    };
  }

  async stop() {
    this.stopped = true;
    queueWakers.delete(this.wake);
    if (this.pumping) await this.pumping.catch(() => {});
    await this.provider?.close?.().catch(() => {});
  }
}

const g = globalThis as typeof globalThis & { __recollectEmbeddings?: WeakMap<Database.Database, EmbeddingService> };
const services: WeakMap<Database.Database, EmbeddingService> = (g.__recollectEmbeddings ??= new WeakMap());

/** Starts (once per database) the embedding service in the background. */
export function startEmbeddings(ctx: Ctx, factory?: ProviderFactory): EmbeddingService {
  let service = services.get(ctx.sqlite);
  if (!service) {
    service = new EmbeddingService(ctx, factory);
    services.set(ctx.sqlite, service);
    service.loaded = service.start();
  }
  return service;
}

export function embeddingService(ctx: Ctx): EmbeddingService | undefined {
  return services.get(ctx.sqlite);
}

export async function stopEmbeddings(ctx: Ctx) {
  const s = services.get(ctx.sqlite);
  services.delete(ctx.sqlite);
  await s?.stop();
}
