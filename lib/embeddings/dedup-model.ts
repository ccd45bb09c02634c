import type Database from "better-sqlite3";
import type { Config } from "../config";
import { prepared } from "../db/prepared";
import type { EmbeddingProvider } from "./provider";
import { VECTOR_TABLE, vectorTableExists } from "../db/virtual-tables";

/**
 * Whether (and with which cosine thresholds) an embedding model's vectors may decide that two
 * memories are duplicates. Thresholds are the model's (a cosine scale differs from one model to
 * the next), stored in `dedup_models`; a model whose random pairs are already close (degenerate
 * embeddings: random weights, a broken export) is not used for deduplication at all.
 */
export interface DedupModel {
  model: string;
  strictCosine: number;
  similarCosine: number;
  randomPairCosine: number | null;
  sampleBasis: "memories" | "probe" | null;
  sampleSize: number;
  measuredAt: number | null;
}

/** What /api/health and `recollect doctor` show as `search.dedup`. */
export interface DedupStatus {
  /** Whether cosine similarity takes part in deduplication (else exact and lexical only). */
  semantic: boolean;
  reason: string;
  model: string | null;
  strictCosine: number | null;
  similarCosine: number | null;
  randomPairCosine: number | null;
  sampleBasis: "memories" | "probe" | null;
  sampleSize: number;
}

/** Mean cosine of random pairs above which a model's embeddings are degenerate. */
export const DEGENERATE_MEAN_COSINE = 0.8;
/** Stored memories with vectors needed before they, not the probe sentences, are the sample. */
export const MIN_MEMORY_SAMPLE = 24;
/** Memories read for a measurement (all their pairs are compared: 64 -> 2,016 pairs). */
const SAMPLE = 64;

/**
 * Thresholds of the models we know, calibrated with the real q8 weights on labeled pairs
 * (bench/search/calibrate.ts, docs/semantic-search.md). all-MiniLM-L6-v2 (the default): restated
 * duplicates score 0.83-0.98, but so do updates of the same sentence with another value (0.56-0.99),
 * so cosine alone never reaches precision 1 below 0.99; a fold needs 0.93 plus lexical agreement
 * (recall about half of the restatements), and 0.75 proposes a merge (same-subject precision 1.00,
 * recall 0.72; unrelated memories reach 0.73).
 */
const KNOWN: { match: RegExp; strictCosine: number; similarCosine: number }[] = [
  { match: /all-MiniLM-L6-v2/i, strictCosine: 0.93, similarCosine: 0.75 },
  // all-mpnet-base-v2 (bench/search/calibrate.ts, development pairs): duplicate precision reaches
  // 1.00 only at 0.97; same-subject precision 1.00 from 0.72 (recall 0.78).
  { match: /all-mpnet-base-v2/i, strictCosine: 0.97, similarCosine: 0.72 },
  // multilingual-e5-small packs everything high (unrelated memories 0.70-0.92, restatements 0.96-0.99).
  { match: /multilingual-e5-small/i, strictCosine: 0.97, similarCosine: 0.92 },
];

/** The thresholds a model starts with: its own if known, else the configured ones. */
export function defaultThresholds(model: string, search: Config["search"]): { strictCosine: number; similarCosine: number } {
  const known = KNOWN.find((k) => k.match.test(model));
  if (known) return { strictCosine: known.strictCosine, similarCosine: known.similarCosine };
  return { strictCosine: search.dedupThreshold, similarCosine: Math.min(search.similarThreshold, search.dedupThreshold) };
}

export function readDedupModel(sqlite: Database.Database, model: string): DedupModel | undefined {
  return prepared(
    sqlite,
    `SELECT model, strict_cosine AS strictCosine, similar_cosine AS similarCosine, random_pair_cosine AS randomPairCosine,
            sample_basis AS sampleBasis, sample_size AS sampleSize, measured_at AS measuredAt FROM dedup_models WHERE model = ?`,
  ).get(model) as DedupModel | undefined;
}

/** The model's row, created with its default thresholds the first time the model is seen. */
export function ensureDedupModel(sqlite: Database.Database, model: string, search: Config["search"]): DedupModel {
  const { strictCosine, similarCosine } = defaultThresholds(model, search);
  prepared(sqlite, "INSERT INTO dedup_models(model, strict_cosine, similar_cosine) VALUES (?, ?, ?) ON CONFLICT(model) DO NOTHING").run(
    model,
    strictCosine,
    similarCosine,
  );
  return readDedupModel(sqlite, model)!;
}

export function writeMeasurement(sqlite: Database.Database, model: string, m: { mean: number; basis: "memories" | "probe"; size: number }) {
  prepared(sqlite, "UPDATE dedup_models SET random_pair_cosine = ?, sample_basis = ?, sample_size = ?, measured_at = ? WHERE model = ?").run(
    Math.round(m.mean * 10_000) / 10_000,
    m.basis,
    m.size,
    Date.now(),
    model,
  );
}

export function isDegenerate(m: DedupModel): boolean {
  return m.randomPairCosine !== null && m.randomPairCosine > DEGENERATE_MEAN_COSINE;
}

/** Whether a measurement is due: none yet, still on the probe while memories are now enough, or twice as many memories as last time. */
export function measurementDue(m: DedupModel, vectors: number): boolean {
  if (m.measuredAt === null) return true;
  if (vectors < MIN_MEMORY_SAMPLE) return false;
  if (m.sampleBasis !== "memories") return true;
  return m.sampleSize < SAMPLE && vectors >= 2 * m.sampleSize;
}

/** Mean cosine over all pairs of up to 64 stored vectors picked at random, if at least MIN_MEMORY_SAMPLE exist. */
export function sampleStoredPairs(sqlite: Database.Database): { mean: number; size: number } | undefined {
  if (!vectorTableExists(sqlite)) return undefined;
  const rows = sqlite.prepare(`SELECT embedding FROM ${VECTOR_TABLE} WHERE seq IN (SELECT seq FROM ${VECTOR_TABLE} ORDER BY random() LIMIT ?)`).all(SAMPLE) as {
    embedding: Buffer;
  }[];
  if (rows.length < MIN_MEMORY_SAMPLE) return undefined;
  const vectors = rows.map((r) => new Float32Array(r.embedding.buffer, r.embedding.byteOffset, r.embedding.byteLength / 4));
  return { mean: meanPairCosine(vectors), size: vectors.length };
}

/** The mean cosine of the probe sentences' pairs, with this model (before enough memories are stored). */
export async function sampleProbe(provider: EmbeddingProvider, passagePrefix = ""): Promise<{ mean: number; size: number }> {
  const vectors = await provider.embed(PROBE.map((t) => passagePrefix + t));
  return { mean: meanPairCosine(vectors), size: vectors.length };
}

export function meanPairCosine(vectors: readonly Float32Array[]): number {
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < vectors.length; i++) {
    for (let j = i + 1; j < vectors.length; j++) {
      sum += cosine(vectors[i], vectors[j]);
      pairs++;
    }
  }
  return pairs ? sum / pairs : 0;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Unrelated coding facts: with a sound model their pairs average well under 0.5. */
const PROBE = [
  "Amounts are stored as integer cents, never floats",
  "Use pnpm only; npm and yarn lockfiles are rejected in CI",
  "Prisma error P2002 on upsert means a unique constraint race",
  "Stripe webhooks need the raw request body to verify the signature",
  "The staging database is reset every Sunday night",
  "Never deploy on Friday afternoons",
  "Feature flags live in LaunchDarkly, not in environment variables",
  "The mobile app pins API version 3 until the next store release",
  "Redis keys for sessions expire after thirty minutes",
  "Tailwind classes are sorted by the prettier plugin",
  "Docker images are built for arm64 and amd64",
  "Logs older than fourteen days are deleted by a cron job",
  "The search page debounces input by 250 milliseconds",
  "Playwright tests run against a seeded SQLite file",
  "Timezones are stored as IANA names, displayed in the user's locale",
  "Emails are sent through a queue so that a request never waits on SMTP",
];
