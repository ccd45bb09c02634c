import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../lib/config";
import { createMemory } from "../../lib/memories/create";
import { createTransformersProvider } from "../../lib/embeddings/transformers";
import type { EmbeddingProvider } from "../../lib/embeddings/provider";
import { FUSION as SHIPPED, rank, type Candidate, type Fusion } from "../../lib/search/hybrid";
import { lexicalSearch } from "../../lib/search/lexical";
import type { SearchFilters } from "../../lib/search/filters";
import { benchCtx, round, table, tempDir, writeResult } from "./common";
import { LOCOMO_DIR } from "./quality";
import { MEMORIES, QUERIES } from "./paraphrase-set";

/**
 * Retrieval quality with a real embedding model: lexical vs vector vs hybrid, on LoCoMo dev
 * (recall@5/@10 per category, protocol of bench/search/quality.ts) and on the paraphrase set
 * (hit@1/hit@5/MRR per kind), for the shipped fusion and a grid of alternatives (--grid).
 * Memories and queries are embedded once; each mode ranks the same lists through lib's rank(),
 * the vector list is the exact cosine top 100 (what the in-process index returns), the lexical
 * list lib's BM25 top 100 with each hit's coverage of the question, as in searchMemories (hybrid
 * mode, query translation off).
 *
 *   RECOLLECT_BENCH_MODEL_DIR=$(bench/models/prepare | tail -1) \
 *   RECOLLECT_SHARED_DIR=/path/to/shared npx tsx bench/search/semantic.ts [--grid] [--no-locomo]
 */
const CANDIDATES = 100;
const args = process.argv.slice(2);
const modelDir = process.env.RECOLLECT_BENCH_MODEL_DIR ?? "";
if (!modelDir || !fs.existsSync(path.join(modelDir, "config.json"))) {
  console.log("skipped semantic: set RECOLLECT_BENCH_MODEL_DIR to a prepared model (bench/models/prepare)");
  process.exit(0);
}
const QUERY_PREFIX = process.env.RECOLLECT_BENCH_QUERY_PREFIX ?? "";
const PASSAGE_PREFIX = process.env.RECOLLECT_BENCH_PASSAGE_PREFIX ?? "";

type Mode = "lexical" | "vector" | "hybrid";
interface Prepared {
  /** Per query: lexical hits, vector hits (seq, distance), expected memory seqs. */
  queries: { kind: string; lexical: ReturnType<typeof lexicalSearch>; vector: { seq: number; distance: number }[]; expected: Set<number> }[];
  candidates: Map<number, Candidate>;
}

const { config } = loadConfig({ env: { RECOLLECT_EMBEDDING_MODEL_DIR: modelDir, XDG_CONFIG_HOME: tempDir("recollect-sem-") } });
const provider: EmbeddingProvider = await createTransformersProvider(config.embedding, tempDir("recollect-sem-data-"));
const filters: SearchFilters = { projectId: null, statuses: ["active"] };

/** Stores the texts, embeds them and the queries, and keeps both candidate lists of every query. */
async function prepare(docs: { key: string; title?: string; content: string }[], queries: { q: string; kind: string; expect: string[] }[]): Promise<Prepared> {
  const ctx = benchCtx();
  const seqOf = new Map<string, number>();
  const bySeq: number[] = [];
  const texts: string[] = [];
  for (const d of docs) {
    const { memory } = createMemory(ctx, { content: d.content, title: d.title, category: "event", source: "import" });
    const seq = (ctx.sqlite.prepare("SELECT seq FROM memories WHERE id = ?").get(memory.id) as { seq: number }).seq;
    seqOf.set(d.key, seq);
    if (!bySeq.includes(seq)) {
      bySeq.push(seq);
      texts.push(PASSAGE_PREFIX + (d.title ? d.title + "\n" : "") + d.content);
    }
  }
  const docVectors = await embedAll(texts);
  const queryVectors = await embedAll(queries.map((q) => QUERY_PREFIX + q.q));
  const candidates = new Map<number, Candidate>();
  for (const r of ctx.sqlite
    .prepare("SELECT seq, pinned, category, created_at AS createdAt, access_count AS accessCount, project_id AS projectId FROM memories")
    .all() as (Omit<Candidate, "pinned"> & { pinned: number })[]) {
    candidates.set(r.seq, { ...r, pinned: r.pinned === 1 });
  }
  const out: Prepared = { queries: [], candidates };
  queries.forEach((q, i) => {
    const qv = queryVectors[i];
    const vector = docVectors
      .map((v, j) => ({ seq: bySeq[j], distance: 1 - dot(qv, v) }))
      .sort((a, b) => a.distance - b.distance)
      .slice(0, CANDIDATES);
    out.queries.push({
      kind: q.kind,
      lexical: lexicalSearch(ctx, q.q, filters, CANDIDATES, { coverage: true }),
      vector,
      expected: new Set(q.expect.map((k) => seqOf.get(k)!).filter((s) => s != null)),
    });
  });
  ctx.close();
  return out;
}

async function embedAll(texts: string[]): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += 64) out.push(...(await provider.embed(texts.slice(i, i + 64))));
  return out;
}

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

function ranked(p: Prepared, q: Prepared["queries"][number], mode: Mode, fusion: Fusion): number[] {
  const now = Date.now();
  const lexical = mode === "vector" ? [] : q.lexical;
  const vector = mode === "lexical" ? null : q.vector;
  return rank(lexical, vector, p.candidates, { projectId: null, now }, fusion).map((r) => r.seq);
}

/** Paraphrase set: hit@1, hit@5, MRR (first expected memory) per kind and overall. */
function scoreParaphrase(p: Prepared, mode: Mode, fusion: Fusion) {
  const per = new Map<string, { n: number; h1: number; h5: number; mrr: number }>();
  for (const q of p.queries) {
    const list = ranked(p, q, mode, fusion);
    const at = list.findIndex((s) => q.expected.has(s));
    for (const key of [q.kind, "overall"]) {
      const c = per.get(key) ?? per.set(key, { n: 0, h1: 0, h5: 0, mrr: 0 }).get(key)!;
      c.n++;
      if (at === 0) c.h1++;
      if (at >= 0 && at < 5) c.h5++;
      if (at >= 0) c.mrr += 1 / (at + 1);
    }
  }
  return Object.fromEntries([...per].map(([k, c]) => [k, { n: c.n, hit1: round(c.h1 / c.n, 3), hit5: round(c.h5 / c.n, 3), mrr: round(c.mrr / c.n, 3) }]));
}

/** LoCoMo: recall@5/@10 of evidence turns per category and overall. */
function scoreLocomo(p: Prepared, mode: Mode, fusion: Fusion) {
  const per = new Map<string, { n: number; r5: number; r10: number }>();
  for (const q of p.queries) {
    const list = ranked(p, q, mode, fusion);
    const found = (k: number) => list.slice(0, k).filter((s) => q.expected.has(s)).length / q.expected.size;
    for (const key of [q.kind, "overall"]) {
      const c = per.get(key) ?? per.set(key, { n: 0, r5: 0, r10: 0 }).get(key)!;
      c.n++;
      c.r5 += found(5);
      c.r10 += found(10);
    }
  }
  return Object.fromEntries([...per].map(([k, c]) => [k, { n: c.n, r5: round(c.r5 / c.n, 3), r10: round(c.r10 / c.n, 3) }]));
}

function locomoSets(): Prepared[] | Promise<Prepared[]> {
  if (args.includes("--no-locomo") || !fs.existsSync(LOCOMO_DIR)) {
    console.log(`LoCoMo skipped (${LOCOMO_DIR} absent or --no-locomo)`);
    return [];
  }
  const read = <T>(f: string) =>
    fs
      .readFileSync(path.join(LOCOMO_DIR, f), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as T);
  const turns = read<{ sample_id: string; dia_id: string; speaker: string; text: string }>("locomo-dev_memories.jsonl");
  const questions = read<{ sample_id: string; question: string; category: number; category_name: string; evidence: string[] }>(
    "locomo-dev_queries.jsonl",
  ).filter((q) => q.category !== 5 && q.evidence?.length);
  return Promise.all(
    [...new Set(turns.map((t) => t.sample_id))].map((sample) =>
      prepare(
        turns.filter((t) => t.sample_id === sample).map((t) => ({ key: t.dia_id, title: t.speaker, content: t.text })),
        questions.filter((q) => q.sample_id === sample).map((q) => ({ q: q.question, kind: q.category_name, expect: q.evidence })),
      ),
    ),
  );
}

const t0 = performance.now();
const para = await prepare(
  Object.entries(MEMORIES).map(([key, content]) => ({ key, content })),
  QUERIES.map((q) => ({ q: q.q, kind: q.kind, expect: [q.expect] })),
);
const locomo = await locomoSets();
console.log(`embedded in ${round((performance.now() - t0) / 1000, 1)} s (model ${modelDir})`);

/** LoCoMo over both conversations: question-weighted means of the per-conversation scores. */
function locomoScores(mode: Mode, fusion: Fusion) {
  const merged = new Map<string, { n: number; r5: number; r10: number }>();
  for (const p of locomo) {
    for (const [k, v] of Object.entries(scoreLocomo(p, mode, fusion))) {
      const c = merged.get(k) ?? merged.set(k, { n: 0, r5: 0, r10: 0 }).get(k)!;
      c.n += v.n;
      c.r5 += v.r5 * v.n;
      c.r10 += v.r10 * v.n;
    }
  }
  return Object.fromEntries([...merged].map(([k, c]) => [k, { n: c.n, r5: round(c.r5 / c.n, 3), r10: round(c.r10 / c.n, 3) }]));
}

const modes: Mode[] = ["lexical", "vector", "hybrid"];
// RECOLLECT_BENCH_FUSION='{...}': a fusion merged over the shipped one, reported in its place.
const FUSION: Fusion = { ...SHIPPED, ...(JSON.parse(process.env.RECOLLECT_BENCH_FUSION ?? "{}") as Partial<Fusion>) };
const result: Record<string, unknown> = { at: new Date().toISOString(), model: path.basename(modelDir), fusion: FUSION };
const paraRows = modes.flatMap((mode) =>
  Object.entries(scoreParaphrase(para, mode, FUSION)).map(([kind, s]) => ({ mode, kind, queries: s.n, "hit@1": s.hit1, "hit@5": s.hit5, MRR: s.mrr })),
);
console.log(`\nParaphrase set (${QUERIES.length} queries, ${Object.keys(MEMORIES).length} memories), fusion ${JSON.stringify(FUSION)}`);
console.log(table(paraRows));
result.paraphrase = paraRows;
if (locomo.length) {
  const rows = modes.flatMap((mode) =>
    Object.entries(locomoScores(mode, FUSION)).map(([category, s]) => ({ mode, category, questions: s.n, "recall@5": s.r5, "recall@10": s.r10 })),
  );
  console.log("\nLoCoMo dev (conv-26, conv-30)");
  console.log(table(rows));
  result.locomo = rows;
}

if (args.includes("--grid")) {
  const grid: Record<string, unknown>[] = [];
  const fusions: Fusion[] = [];
  for (const rrfK of [5, 10, 60])
    for (const lexicalWeight of [1, 2])
      for (const maxVectorDistance of [2, 0.75]) fusions.push({ ...FUSION, kind: "rrf", rrfK, lexicalWeight, maxVectorDistance });
  for (const lexicalWeight of [0.5, 1, 1.5, 2])
    for (const similarityFloor of [0, 0.2, 0.3, 0.4]) fusions.push({ ...FUSION, kind: "blend", lexicalWeight, similarityFloor });
  for (const f of fusions) {
    const s = scoreParaphrase(para, "hybrid", f);
    const l = locomo.length ? locomoScores("hybrid", f).overall : { r5: null, r10: null };
    grid.push({
      kind: f.kind,
      rrfK: f.kind === "rrf" ? f.rrfK : "",
      lexW: f.lexicalWeight,
      maxDist: f.kind === "rrf" ? f.maxVectorDistance : "",
      floor: f.kind === "blend" ? f.similarityFloor : "",
      "kw h@1": s.keyword.hit1,
      "id h@1": s.identifier.hit1,
      "para h@1": s.paraphrase.hit1,
      "para h@5": s.paraphrase.hit5,
      "zh h@1": s.zh.hit1,
      "cross h@5": s.cross.hit5,
      "distr h@1": s.distractor.hit1,
      "all MRR": s.overall.mrr,
      "locomo r@5": l.r5,
      "locomo r@10": l.r10,
    });
  }
  console.log("\nFusion grid (hybrid mode)");
  console.log(table(grid));
  result.grid = grid;
}
await provider.close?.();
console.log(`\nwrote ${writeResult(`semantic-${path.basename(modelDir)}`, result)}`);
process.exit(0);
