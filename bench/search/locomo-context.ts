import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../lib/config";
import { FUSION, rank } from "../../lib/search/hybrid";
import { CONTEXT_WEIGHTS, rerankByContext, type ContextWeights } from "../../lib/search/context-rerank";
import { cachedEmbedder, conversationLists, filters } from "./conversation-lists";
import { round, stats, table, tempDir, writeResult } from "./common";
import { LOCOMO_DIR, type Question, readJsonl, type Turn } from "./quality";

/**
 * Issue 42, the context signals (lib/search/context-rerank.ts: a strong hit's neighbours in its
 * source, dates): LoCoMo dev recall@5/@10 per category, lexical and hybrid, each without and with
 * the signals. Each turn is stored as the importers store a conversation: the speaker as title, and
 * metadata { session: "<conversation>/session_<n>", date: the session's date_time, dia_id }.
 * conv-26 is tuned on; conv-30 is scored only with --held-out (once, at the end). Embeddings
 * (real MiniLM q8) are cached in the temp directory by text.
 *
 *   RECOLLECT_BENCH_MODEL_DIR=$(bench/models/prepare | tail -1) RECOLLECT_SHARED_DIR=../shared \
 *     npx tsx bench/search/locomo-context.ts [--held-out] [--try='{"whenBoost":0.2}' ...] [--grid]
 */
const args = process.argv.slice(2);
const HELD_OUT = args.includes("--held-out");
const modelDir = process.env.RECOLLECT_BENCH_MODEL_DIR ?? "";
if (!modelDir || !fs.existsSync(path.join(modelDir, "config.json"))) {
  console.log("skipped locomo-context: set RECOLLECT_BENCH_MODEL_DIR to a prepared model (bench/models/prepare)");
  process.exit(0);
}
if (!fs.existsSync(LOCOMO_DIR)) {
  console.log(`skipped locomo-context: ${LOCOMO_DIR} is absent`);
  process.exit(0);
}
const { config } = loadConfig({
  env: { RECOLLECT_EMBEDDING_MODEL_DIR: modelDir, RECOLLECT_EMBEDDING_DTYPE: "q8", XDG_CONFIG_HOME: tempDir("recollect-lc-") },
});
const embedder = cachedEmbedder(config, modelDir, "locomo-context");

const turns = readJsonl<Turn>(path.join(LOCOMO_DIR, "locomo-dev_memories.jsonl"));
const questions = readJsonl<Question>(path.join(LOCOMO_DIR, "locomo-dev_queries.jsonl")).filter((q) => q.category !== 5 && q.evidence?.length);

type Variant = { mode: "lexical" | "hybrid"; weights: ContextWeights | null };

/** CPU time of the shipped re-rank per question, hybrid (the signals' own cost, in process; wall time is noise on a loaded machine). */
const rerankMs: number[] = [];
interface Scored {
  category: string;
  r5: number;
  r10: number;
}
/** Per conversation: the store, and per question its ranked lists, scored under every variant. */
async function scoreConversation(sample: string, variants: [string, Variant][]): Promise<Map<string, Scored[]>> {
  const { ctx, candidates, lists } = await conversationLists(config, embedder, turns, questions, sample);
  const out = new Map<string, Scored[]>(variants.map(([name]) => [name, []]));
  const now = Date.now();
  lists.forEach(({ question: q, lexical, vector, expected }) => {
    const base = {
      lexical: rank(lexical, null, candidates, { projectId: null, now }, FUSION),
      hybrid: rank(lexical, vector, candidates, { projectId: null, now }, FUSION),
    };
    for (const [name, v] of variants) {
      const list = v.weights ? rerankByContext(ctx.sqlite, q.question, base[v.mode], filters, now, v.weights) : base[v.mode];
      if (v.weights === CONTEXT_WEIGHTS && v.mode === "hybrid") {
        // Timed on a second call: the first questions pay chrono-node's and the statements' warm-up.
        const t0 = process.cpuUsage();
        rerankByContext(ctx.sqlite, q.question, base[v.mode], filters, now, v.weights);
        const used = process.cpuUsage(t0);
        rerankMs.push((used.user + used.system) / 1000);
      }
      const found = (k: number) => list.slice(0, k).filter((r) => expected.has(r.seq)).length / q.evidence.length;
      out.get(name)!.push({ category: q.category_name, r5: found(5), r10: found(10) });
    }
  });
  ctx.close();
  return out;
}

const summary = (scores: Scored[], category?: string) => {
  const s = category ? scores.filter((x) => x.category === category) : scores;
  const mean = (f: (x: Scored) => number) => round(s.reduce((a, x) => a + f(x), 0) / Math.max(1, s.length), 3);
  return { n: s.length, r5: mean((x) => x.r5), r10: mean((x) => x.r10) };
};

const tried = args.filter((a) => a.startsWith("--try=")).map((a) => ({ ...CONTEXT_WEIGHTS, ...(JSON.parse(a.slice(6)) as Partial<ContextWeights>) }));
const grid: ContextWeights[] = [];
if (args.includes("--grid"))
  for (const neighbourHits of [0, 1, 2, 3])
    for (const neighbourShare of neighbourHits ? [0.5, 0.6, 0.7, 0.85] : [0.9])
      for (const neighbourMinShare of neighbourHits > 1 ? [0.8, 0.9] : [0.8])
        for (const whenBoost of [0, 0.1, 0.2, 0.4])
          grid.push({ ...CONTEXT_WEIGHTS, neighbourHits, neighbourShare, neighbourMinShare, whenBoost, rangeBoost: whenBoost });
const variants: [string, Variant][] = [
  ["lexical", { mode: "lexical", weights: null }],
  ["hybrid", { mode: "hybrid", weights: null }],
  ["lexical + context (shipped)", { mode: "lexical", weights: CONTEXT_WEIGHTS }],
  ["hybrid + context (shipped)", { mode: "hybrid", weights: CONTEXT_WEIGHTS }],
  ...tried.flatMap((w): [string, Variant][] => [
    [`lexical ${JSON.stringify(w)}`, { mode: "lexical", weights: w }],
    [`hybrid ${JSON.stringify(w)}`, { mode: "hybrid", weights: w }],
  ]),
  ...grid.flatMap((w): [string, Variant][] => [
    [`grid ${JSON.stringify(w)}`, { mode: "hybrid", weights: w }],
    [`gridlex ${JSON.stringify(w)}`, { mode: "lexical", weights: w }],
  ]),
];

const result: Record<string, unknown> = { at: new Date().toISOString(), model: path.basename(modelDir), weights: CONTEXT_WEIGHTS, conversations: {} };
for (const sample of HELD_OUT ? ["conv-26", "conv-30"] : ["conv-26"]) {
  const scored = await scoreConversation(sample, variants);
  const categories = [...new Set(questions.filter((q) => q.sample_id === sample).map((q) => q.category_name))].sort();
  const rows = [...scored]
    .filter(([name]) => !name.startsWith("grid"))
    .map(([name, s]) => ({
      variant: name,
      ...Object.fromEntries(
        [...categories, "overall"].map((c) => {
          const x = summary(s, c === "overall" ? undefined : c);
          return [`${c} (${x.n})`, `${x.r5.toFixed(3)} / ${x.r10.toFixed(3)}`];
        }),
      ),
    }));
  console.log(`\nLoCoMo ${sample}${sample === "conv-26" ? " (tuning)" : " (held out)"}: recall@5 / recall@10`);
  console.log(table(rows));
  if (grid.length) {
    const ranked = [...scored]
      .filter(([name]) => name.startsWith("grid "))
      .map(([name, s]) => ({ weights: name.slice(5), ...summary(s), "lexical r10": summary(scored.get(`gridlex ${name.slice(5)}`)!).r10 }))
      .sort((a, b) => b.r10 - a.r10 || b.r5 - a.r5);
    console.log(table(ranked.slice(0, 15)));
  }
  (result.conversations as Record<string, unknown>)[sample] = rows;
}
const timing = stats(rerankMs);
console.log(
  `\nrerankByContext CPU per question (hybrid, shipped weights, in process): p50 ${timing.p50} ms, p95 ${timing.p95} ms, max ${timing.max} ms (n ${timing.n}, load ${os.loadavg()[0].toFixed(1)})`,
);
result.rerankMs = { ...timing, load: os.loadavg()[0] };
await embedder.close();
console.log(`\nwrote ${writeResult(`locomo-context-${path.basename(modelDir)}${HELD_OUT ? "-held-out" : "-tuning"}`, result)}`);
process.exit(0);
