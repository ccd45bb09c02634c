import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../lib/config";
import { createMemory } from "../../lib/memories/create";
import { createTransformersProvider } from "../../lib/embeddings/transformers";
import { embeddingPrefixes } from "../../lib/embeddings/prefixes";
import type { EmbeddingProvider } from "../../lib/embeddings/provider";
import { FUSION, rank, type Candidate, type Fusion } from "../../lib/search/hybrid";
import { lexicalSearch } from "../../lib/search/lexical";
import { lexicalEvidenceFusion } from "../../lib/search/lexical-evidence";
import { searchQuery, type QueryTranslationSetting } from "../../lib/search/bilingual";
import { isLabelName } from "../../lib/search/vector-text";
import { claimsOf } from "../../lib/embeddings/claims";
import type { SearchFilters } from "../../lib/search/filters";
import { rerankByContext } from "../../lib/search/context-rerank";
import type { Ctx } from "../../lib/ctx";
import { benchCtx, round, table, tempDir, writeResult } from "./common";
import { LOCOMO_DIR } from "./quality";
import { UNSEEN_MEMORIES, UNSEEN_QUERIES, type UnseenKind } from "./unseen-set";
import { queryHalf } from "./unseen-split";
import { FRESH_MEMORIES, FRESH_QUERIES } from "./fresh-set";
import { AGENTS_MEMORIES, AGENTS_QUERIES } from "./agents-set";
import { P6_MEMORIES, P6_QUERIES, p6Half } from "./p6-set";
import { P7_MEMORIES, P7_QUERIES, p7Half } from "./p7-set";

/**
 * Issue 42: retrieval quality on the labelled set nobody tuned on (bench/search/unseen-set.ts), per
 * half (tuning / frozen, by a hash of each question) and kind, for lexical, vector and hybrid; and
 * LoCoMo dev per conversation (conv-26 = tuning, conv-30 = held out). Memories and questions are
 * embedded once; every mode ranks lib's lexical top 100 and the exact cosine top 100 through lib's
 * rank(), as searchMemories does. `--cv`: fits the fusion by 5-fold cross-validation on the tuning
 * halves (and conv-26) only, then reports both halves with the chosen weights. The fresh set
 * (bench/search/fresh-set.ts, round 4) is scored in its own store, as the "fresh" kind; the agents set
 * (bench/search/agents-set.ts, round three session eight) in a store of its 104 memories beside the
 * 333 fresh-set memories, as the "agents" kind.
 * The p6 set (bench/search/p6-set.ts, round three session nine) is scored in its own store of 127
 * memories, its tuning half only unless `--p6-frozen` (its frozen half was scored once, at the end).
 * The p7 set (bench/search/p7-set.ts, round three session ten) likewise: its own store of 156
 * memories, its tuning half only unless `--p7-frozen`. `--blind-only` (alias `--p6-only`): only p6
 * and p7 are embedded, for a large model's quick look.
 * `--dump=FILE` writes the prepared lists for trying a fusion offline.
 *
 *   RECOLLECT_BENCH_MODEL_DIR=$(bench/models/prepare | tail -1) RECOLLECT_SHARED_DIR=../shared \
 *     npx tsx bench/search/unseen.ts [--cv] [--no-locomo]
 *   # prefixes: the model's own as lib applies them (lib/embeddings/prefixes.ts; e5 and BGE by the
 *   # directory's name); RECOLLECT_BENCH_QUERY_PREFIX / _PASSAGE_PREFIX override them ("" for none)
 */
const CANDIDATES = 100;
const args = process.argv.slice(2);
const modelDir = process.env.RECOLLECT_BENCH_MODEL_DIR ?? "";
if (!modelDir || !fs.existsSync(path.join(modelDir, "config.json"))) {
  console.log("skipped unseen: set RECOLLECT_BENCH_MODEL_DIR to a prepared model (bench/models/prepare)");
  process.exit(0);
}
/** Optional query rewriting before search (the dictionary translation experiment), by module path. */
const REWRITE = process.env.RECOLLECT_BENCH_QUERY_REWRITE;
/** Query translation as lib/search/bilingual.ts does it (the `search.translateQuery` setting). */
const TRANSLATE = (process.env.RECOLLECT_BENCH_TRANSLATE ?? "off") as QueryTranslationSetting;
/** While tuning: the frozen half is neither scored nor printed. */
const TUNING_ONLY = args.includes("--tuning-only");
/** `keep`: the question's names stay in its embedded text (as before issue 42 round 5). */
const NAMES_IN_VECTOR = process.env.RECOLLECT_BENCH_NAMES_IN_VECTOR === "keep";
/** `max`: each memory's claims (lib/embeddings/claims.ts) get vectors beside the whole; its distance is the nearest. */
const CLAIM_VECTORS = ["max", "mix"].includes(process.env.RECOLLECT_BENCH_CLAIM_VECTORS ?? "");
/** `mix`: a memory's distance is the mean of its whole text's and its nearest claim's. */
const CLAIM_MIX = process.env.RECOLLECT_BENCH_CLAIM_VECTORS === "mix";
/** Vectors embedded per memory (index cost of CLAIM_VECTORS), per store prepared. */
const vectorsPerMemory: number[] = [];

type Mode = "lexical" | "vector" | "hybrid";
export interface PreparedQuery {
  question: string;
  kind: string;
  half: string;
  lexical: ReturnType<typeof lexicalSearch>;
  vector: { seq: number; distance: number }[];
  expected: Set<number>;
}
interface Prepared {
  queries: PreparedQuery[];
  candidates: Map<number, Candidate>;
  /** The store, kept open for the context signals (lib/search/context-rerank.ts), as searchMemories applies them. */
  sqlite: Ctx["sqlite"];
}
/** `RECOLLECT_BENCH_CONTEXT=off`: rank() alone, without the context signals (as before issue 42 round 7). */
const CONTEXT = process.env.RECOLLECT_BENCH_CONTEXT !== "off";

const { config } = loadConfig({
  env: {
    RECOLLECT_EMBEDDING_MODEL_DIR: modelDir,
    // BGE reads the first token's vector (bench/models/prepare prints what each model needs).
    RECOLLECT_EMBEDDING_POOLING: process.env.RECOLLECT_EMBEDDING_POOLING ?? "mean",
    // fp32 against q8: whether the quantization costs a model its ranking.
    RECOLLECT_EMBEDDING_DTYPE: process.env.RECOLLECT_EMBEDDING_DTYPE ?? "q8",
    XDG_CONFIG_HOME: tempDir("recollect-unseen-"),
  },
});
const provider: EmbeddingProvider = await createTransformersProvider(config.embedding, tempDir("recollect-unseen-data-"));
/** The model's own prefixes as lib applies them (e5: "query: " / "passage: "; by the directory's name), unless set here. */
const QUERY_PREFIX = process.env.RECOLLECT_BENCH_QUERY_PREFIX ?? embeddingPrefixes(config.embedding).query;
const PASSAGE_PREFIX = process.env.RECOLLECT_BENCH_PASSAGE_PREFIX ?? embeddingPrefixes(config.embedding).passage;
/**
 * A second model whose cosine is averaged with the first's (RECOLLECT_BENCH_SECOND_MODEL_DIR, with
 * its own _POOLING / _QUERY_PREFIX / _PASSAGE_PREFIX): the two-model experiment of issue 42.
 */
const secondDir = process.env.RECOLLECT_BENCH_SECOND_MODEL_DIR ?? "";
const second = secondDir
  ? {
      provider: await createTransformersProvider(
        loadConfig({
          env: {
            RECOLLECT_EMBEDDING_MODEL_DIR: secondDir,
            RECOLLECT_EMBEDDING_POOLING: process.env.RECOLLECT_BENCH_SECOND_POOLING ?? "mean",
            XDG_CONFIG_HOME: tempDir("recollect-unseen-"),
          },
        }).config.embedding,
        tempDir("recollect-unseen-data-"),
      ),
      queryPrefix: process.env.RECOLLECT_BENCH_SECOND_QUERY_PREFIX ?? "",
      passagePrefix: process.env.RECOLLECT_BENCH_SECOND_PASSAGE_PREFIX ?? "",
    }
  : null;
const filters: SearchFilters = { projectId: null, statuses: ["active"] };
const rewrite: ((q: string) => string) | null = REWRITE
  ? ((await import(path.resolve(REWRITE))) as { rewriteQuery: (q: string) => string }).rewriteQuery
  : null;

async function prepare(
  docs: { key: string; title?: string; content: string }[],
  queries: { q: string; kind: string; half: string; expect: string[] }[],
): Promise<Prepared> {
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
      texts.push((d.title ? `${d.title}\n` : "") + d.content);
    }
  }
  const asked = queries.map((q) => searchQuery(rewrite ? rewrite(q.q) : q.q, TRANSLATE, NAMES_IN_VECTOR ? undefined : (name) => isLabelName(ctx.sqlite, name)));
  // Claim vectors: each piece remembers its memory; a memory's distance is its nearest piece's.
  const pieces = texts.map((t, j) => ({ text: t, owner: j }));
  if (CLAIM_VECTORS) texts.forEach((t, j) => pieces.push(...claimsOf(t).map((c) => ({ text: c, owner: j }))));
  vectorsPerMemory.push(pieces.length / texts.length);
  const pieceVectors = await embedAll(
    pieces.map((p) => p.text),
    "passage",
  );
  const queryVectors = await embedAll(
    asked.map((q) => q.embedText),
    "query",
  );
  const candidates = new Map<number, Candidate>();
  for (const r of ctx.sqlite
    .prepare("SELECT seq, pinned, category, created_at AS createdAt, access_count AS accessCount, project_id AS projectId FROM memories")
    .all() as (Omit<Candidate, "pinned"> & { pinned: number })[])
    candidates.set(r.seq, { ...r, pinned: r.pinned === 1 });
  const out: Prepared = { queries: [], candidates, sqlite: ctx.sqlite };
  queries.forEach((q, i) => {
    const qv = queryVectors[i];
    const nearest = new Map<number, number>();
    const whole = new Map<number, number>();
    pieceVectors.forEach((v, i) => {
      const seq = bySeq[pieces[i].owner];
      const d = 1 - dot(qv, v);
      if (i < texts.length) whole.set(seq, d);
      if (d < (nearest.get(seq) ?? 9)) nearest.set(seq, d);
    });
    if (CLAIM_MIX) for (const [seq, d] of nearest) nearest.set(seq, (d + (whole.get(seq) ?? d)) / 2);
    const vector = [...nearest]
      .map(([seq, distance]) => ({ seq, distance }))
      .sort((a, b) => a.distance - b.distance)
      .slice(0, CANDIDATES);
    out.queries.push({
      question: q.q,
      kind: q.kind,
      half: q.half,
      lexical: lexicalSearch(ctx, asked[i].terms, filters, CANDIDATES, {
        coverage: true,
        ownTerms: asked[i].ownTerms,
        translatedTerms: asked[i].translatedTerms,
      }),
      vector,
      expected: new Set(q.expect.map((k) => seqOf.get(k)!).filter((s) => s != null)),
    });
  });
  return out;
}

async function embedAll(texts: string[], role: "query" | "passage"): Promise<Float32Array[]> {
  const own = await embedWith(
    provider,
    texts.map((t) => (role === "query" ? QUERY_PREFIX : PASSAGE_PREFIX) + t),
  );
  if (!second) return own;
  // Two models: each vector is both models' unit vectors side by side, scaled so that a cosine of
  // the pair is the mean of the two models' cosines.
  const other = await embedWith(
    second.provider,
    texts.map((t) => (role === "query" ? second.queryPrefix : second.passagePrefix) + t),
  );
  return own.map((a, i) => {
    const v = new Float32Array(a.length + other[i].length);
    v.set(a);
    v.set(other[i], a.length);
    return v.map((x) => x * Math.SQRT1_2);
  });
}
async function embedWith(p: EmbeddingProvider, texts: string[]): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += 64) out.push(...(await p.embed(texts.slice(i, i + 64))));
  return out;
}
const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

/** `RECOLLECT_BENCH_LEXICAL_EVIDENCE=on` also scores the fusion with lib/search/lexical-evidence.ts (fitted, not shipped: search does not use it). */
const TRY_EVIDENCE = process.env.RECOLLECT_BENCH_LEXICAL_EVIDENCE === "on";
let EVIDENCE = false;
function ranked(p: Prepared, q: PreparedQuery, mode: Mode, fusion: Fusion): number[] {
  const lexical = mode === "vector" ? [] : q.lexical;
  const vector = mode === "lexical" ? null : q.vector;
  const now = Date.now();
  const f = EVIDENCE ? lexicalEvidenceFusion(q.question, lexical, vector, fusion) : fusion;
  const list = rank(lexical, vector, p.candidates, { projectId: null, now }, f);
  return (CONTEXT ? rerankByContext(p.sqlite, q.question, list, filters, now) : list).map((r) => r.seq);
}

interface HitScore {
  n: number;
  hit1: number;
  hit5: number;
  mrr: number;
}
/** hit@1, hit@5, MRR per kind (and "overall") for the queries `keep` lets through. */
function scoreHits(p: Prepared, mode: Mode, fusion: Fusion, keep: (q: PreparedQuery, i: number) => boolean): Record<string, HitScore> {
  const per = new Map<string, HitScore>();
  p.queries.forEach((q, i) => {
    if (!keep(q, i)) return;
    const at = ranked(p, q, mode, fusion).findIndex((s) => q.expected.has(s));
    for (const key of [q.kind, "overall"]) {
      const c = per.get(key) ?? per.set(key, { n: 0, hit1: 0, hit5: 0, mrr: 0 }).get(key)!;
      c.n++;
      if (at === 0) c.hit1++;
      if (at >= 0 && at < 5) c.hit5++;
      if (at >= 0) c.mrr += 1 / (at + 1);
    }
  });
  return Object.fromEntries([...per].map(([k, c]) => [k, { n: c.n, hit1: round(c.hit1 / c.n, 3), hit5: round(c.hit5 / c.n, 3), mrr: round(c.mrr / c.n, 3) }]));
}

/** LoCoMo recall@5/@10 of the evidence turns, over the queries `keep` lets through. */
function scoreRecall(p: Prepared, mode: Mode, fusion: Fusion, keep: (i: number) => boolean = () => true) {
  let n = 0;
  let r5 = 0;
  let r10 = 0;
  p.queries.forEach((q, i) => {
    if (!keep(i)) return;
    const list = ranked(p, q, mode, fusion);
    const found = (k: number) => list.slice(0, k).filter((s) => q.expected.has(s)).length / q.expected.size;
    n++;
    r5 += found(5);
    r10 += found(10);
  });
  return { n, r5: round(r5 / n, 3), r10: round(r10 / n, 3) };
}

function locomoSets(): Promise<Record<string, Prepared>> | Record<string, Prepared> {
  if (args.includes("--no-locomo") || P6_ONLY || !fs.existsSync(LOCOMO_DIR)) {
    console.log(`LoCoMo skipped (${LOCOMO_DIR} absent or --no-locomo)`);
    return {};
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
  return (async () => {
    const out: Record<string, Prepared> = {};
    for (const sample of [...new Set(turns.map((t) => t.sample_id))].filter((s) => !TUNING_ONLY || s === "conv-26"))
      out[sample] = await prepare(
        turns.filter((t) => t.sample_id === sample).map((t) => ({ key: t.dia_id, title: t.speaker, content: t.text })),
        questions.filter((q) => q.sample_id === sample).map((q) => ({ q: q.question, kind: q.category_name, half: sample, expect: q.evidence })),
      );
    return out;
  })();
}

const t0 = performance.now();
/** `--blind-only` (`--p6-only`): the earlier sets and LoCoMo are not embedded (their rows print empty): a large model's quick look at p6 and p7. */
const P6_ONLY = args.includes("--p6-only") || args.includes("--blind-only");
const unlessP6Only = <T>(items: T[]) => (P6_ONLY ? [] : items);
const set = await prepare(
  unlessP6Only(UNSEEN_MEMORIES.map((m) => ({ key: m.key, content: m.content }))),
  UNSEEN_QUERIES.filter((_q) => !P6_ONLY)
    .filter((q) => !TUNING_ONLY || queryHalf(q) === "tuning")
    .map((q) => ({ q: q.q, kind: q.kind, half: queryHalf(q), expect: [q.expect] })),
);
// The fresh set (bench/search/fresh-set.ts): its own store of 333 style-guide memories.
const fresh = await prepare(
  unlessP6Only(FRESH_MEMORIES.map((m) => ({ key: m.key, content: m.content }))),
  FRESH_QUERIES.filter((_q) => !P6_ONLY)
    .filter((q) => !TUNING_ONLY || queryHalf(q) === "tuning")
    .map((q) => ({ q: q.q, kind: "fresh", half: queryHalf(q), expect: [q.expect] })),
);
// The agents set (bench/search/agents-set.ts): its 104 memories beside the fresh set's 333 as neighbours.
const agents = await prepare(
  unlessP6Only([...AGENTS_MEMORIES, ...FRESH_MEMORIES].map((m) => ({ key: m.key, content: m.content }))),
  AGENTS_QUERIES.filter((_q) => !P6_ONLY)
    .filter((q) => !TUNING_ONLY || queryHalf(q) === "tuning")
    .map((q) => ({ q: q.q, kind: "agents", half: queryHalf(q), expect: [q.expect] })),
);
// The p6 set (bench/search/p6-set.ts): its own store; the frozen half only when asked for.
const P6_FROZEN = args.includes("--p6-frozen") && !TUNING_ONLY;
const p6 = await prepare(
  P6_MEMORIES.map((m) => ({ key: m.key, content: m.content })),
  P6_QUERIES.filter((q) => P6_FROZEN || p6Half(q) === "tuning").map((q) => ({ q: q.q, kind: q.kind, half: p6Half(q), expect: [q.expect] })),
);
// The p7 set (bench/search/p7-set.ts): its own store; the frozen half only when asked for.
const P7_FROZEN = args.includes("--p7-frozen") && !TUNING_ONLY;
const p7 = await prepare(
  P7_MEMORIES.map((m) => ({ key: m.key, content: m.content })),
  P7_QUERIES.filter((q) => P7_FROZEN || p7Half(q) === "tuning").map((q) => ({ q: q.q, kind: q.kind, half: p7Half(q), expect: [q.expect] })),
);
const locomo = await locomoSets();
console.log(
  `embedded in ${round((performance.now() - t0) / 1000, 1)} s (model ${path.basename(modelDir)}${REWRITE ? `, queries rewritten by ${REWRITE}` : ""}${CLAIM_VECTORS ? `, claim vectors: ${vectorsPerMemory.map((n) => round(n, 2)).join(" / ")} vectors a memory` : ""})`,
);

// `--dump=file`: the prepared lists (lexical with coverage, vector), for trying fusions offline.
const dumpTo = args.find((a) => a.startsWith("--dump="))?.slice(7);
if (dumpTo) {
  const plain = (p: Prepared) => ({ queries: p.queries.map((q) => ({ ...q, expected: [...q.expected] })), candidates: [...p.candidates.values()] });
  fs.writeFileSync(
    dumpTo,
    JSON.stringify({
      set: plain(set),
      fresh: plain(fresh),
      agents: plain(agents),
      p6: plain(p6),
      p7: plain(p7),
      locomo: Object.fromEntries(Object.entries(locomo).map(([k, p]) => [k, plain(p)])),
    }),
  );
}

const KINDS: (UnseenKind | "fresh" | "agents")[] = ["paraphrase", "cross", "keyword", "identifier", "zh", "distractor", "fresh", "agents"];
const MODES: Mode[] = ["lexical", "vector", "hybrid"];

function report(fusion: Fusion, label: string) {
  const rows: Record<string, unknown>[] = [];
  for (const half of TUNING_ONLY ? ["tuning"] : ["frozen", "tuning"])
    for (const kind of [...KINDS, "overall"]) {
      const row: Record<string, unknown> = { half, kind };
      for (const mode of MODES) {
        const own = kind === "fresh" ? fresh : kind === "agents" ? agents : set;
        const s = scoreHits(own, mode, fusion, (q) => q.half === half)[kind];
        row.n = s?.n ?? 0;
        row[mode] = s ? `${s.hit1.toFixed(2)} / ${s.hit5.toFixed(2)} / ${s.mrr.toFixed(2)}` : "";
      }
      rows.push(row);
    }
  console.log(`\n${label}: hit@1 / hit@5 / MRR, fusion ${JSON.stringify(fusion)}`);
  console.log(table(rows));
  const blindRows = (p: Prepared, frozen: boolean) => {
    const out: Record<string, unknown>[] = [];
    for (const half of frozen ? ["frozen", "tuning"] : ["tuning"])
      for (const kind of ["paraphrase", "keyword", "identifier", "distractor", "zh", "cross", "overall"]) {
        const row: Record<string, unknown> = { half, kind };
        for (const mode of MODES) {
          const s = scoreHits(p, mode, fusion, (q) => q.half === half)[kind];
          row.n = s?.n ?? 0;
          row[mode] = s ? `${s.hit1.toFixed(2)} / ${s.hit5.toFixed(2)} / ${s.mrr.toFixed(2)}` : "";
        }
        out.push(row);
      }
    return out;
  };
  const p6Rows = blindRows(p6, P6_FROZEN);
  console.log(`\np6 set (${P6_FROZEN ? "both halves" : "tuning half only"}): hit@1 / hit@5 / MRR`);
  console.log(table(p6Rows));
  const p7Rows = blindRows(p7, P7_FROZEN);
  console.log(`\np7 set (${P7_FROZEN ? "both halves" : "tuning half only"}): hit@1 / hit@5 / MRR`);
  console.log(table(p7Rows));
  const loco: Record<string, unknown>[] = [];
  for (const [sample, p] of Object.entries(locomo)) {
    if (TUNING_ONLY && sample !== "conv-26") continue;
    const row: Record<string, unknown> = { conversation: `${sample}${sample === "conv-26" ? " (tuning)" : " (held out)"}` };
    for (const mode of MODES) {
      const s = scoreRecall(p, mode, fusion);
      row.n = s.n;
      row[mode] = `${s.r5.toFixed(3)} / ${s.r10.toFixed(3)}`;
    }
    loco.push(row);
  }
  if (loco.length) {
    console.log("\nLoCoMo dev recall@5 / recall@10");
    console.log(table(loco));
  }
  return { rows, p6: p6Rows, p7: p7Rows, locomo: loco };
}

const result: Record<string, unknown> = {
  at: new Date().toISOString(),
  model: path.basename(modelDir) + (second ? `+${path.basename(secondDir)}` : ""),
  rewrite: REWRITE ?? null,
  translate: TRANSLATE,
  tuningOnly: TUNING_ONLY,
  p6Frozen: P6_FROZEN,
  p7Frozen: P7_FROZEN,
  lexicalEvidence: TRY_EVIDENCE,
  claimVectors: CLAIM_VECTORS ? vectorsPerMemory : null,
};
result.shipped = report(FUSION, "Shipped fusion");
// The same lists with lexical-evidence.ts, which search does not use (docs/semantic-search.md says why).
if (TRY_EVIDENCE) {
  EVIDENCE = true;
  result.withEvidence = report(FUSION, "Shipped fusion WITH lexical-evidence.ts (not shipped)");
  EVIDENCE = false;
}

// `--try={...}`: a fusion to compare with the shipped one (merged over it), tuning only unless asked.
for (const a of args.filter((x) => x.startsWith("--try="))) {
  const fusion = { ...FUSION, ...(JSON.parse(a.slice(6)) as Partial<Fusion>) };
  result[a] = report(fusion, `Tried ${a.slice(6)}`);
}

if (args.includes("--cv")) {
  const { crossValidate, gateGrid, leadGrid, BEFORE } = await import("./fusion-cv");
  const now = Date.now();
  // Both sets' tuning halves (the fresh set ranks in its own store).
  const tuningOf = (p: Prepared) => p.queries.filter((q) => q.half === "tuning").map((q) => ({ q, p }));
  const tuning = [...tuningOf(set), ...tuningOf(fresh), ...tuningOf(agents), ...tuningOf(p6), ...tuningOf(p7)];
  const position = (q: PreparedQuery, list: number[]) => list.findIndex((s) => q.expected.has(s));
  const lexicalAt = tuning.map(({ q, p }) => position(q, ranked(p, q, "lexical", FUSION)));
  const conv26 = locomo["conv-26"];
  const cv = crossValidate(
    {
      kinds: tuning.map(({ q }) => q.kind),
      lexicalAt,
      beforeAt: tuning.map(({ q, p }) => position(q, ranked(p, q, "hybrid", BEFORE))),
      vectorAt: tuning.map(({ q, p }) => position(q, ranked(p, q, "vector", FUSION))),
      hybridAt: (fusion) =>
        tuning.map(({ q, p }) =>
          position(
            q,
            rank(q.lexical, q.vector, p.candidates, { projectId: null, now }, fusion).map((r) => r.seq),
          ),
        ),
      locomoRecall10: conv26
        ? (fusion) =>
            conv26.queries.map((q) => {
              const top = rank(q.lexical, q.vector, conv26.candidates, { projectId: null, now }, fusion)
                .slice(0, 10)
                .map((r) => r.seq);
              return top.filter((s) => q.expected.has(s)).length / q.expected.size;
            })
        : null,
      locomoLexicalRecall10: conv26
        ? conv26.queries.map((q) => {
            const top = ranked(conv26, q, "lexical", FUSION).slice(0, 10);
            return top.filter((s) => q.expected.has(s)).length / q.expected.size;
          })
        : null,
    },
    args.includes("--cv-round3") ? undefined : args.includes("--cv-round4") ? gateGrid(FUSION) : leadGrid(FUSION),
  );
  console.log(`\nCross-validation on the tuning half (${cv.folds} folds): ${JSON.stringify(cv.foldScores)}; chosen ${JSON.stringify(cv.chosen)}`);
  result.cv = cv;
  result.chosen = report(cv.chosen, "Fusion chosen by cross-validation on the tuning half");
}
await provider.close?.();
console.log(
  `\nwrote ${writeResult(`unseen-${path.basename(modelDir)}${second ? `+${path.basename(secondDir)}` : ""}${REWRITE ? "-rewritten" : ""}${TRANSLATE === "off" ? "" : `-${TRANSLATE}`}${TUNING_ONLY ? "-tuning" : ""}${P6_FROZEN ? "-p6frozen" : ""}${P7_FROZEN ? "-p7frozen" : ""}${P6_ONLY ? "-blindonly" : ""}`, result)}`,
);
process.exit(0);
