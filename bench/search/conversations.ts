import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../lib/config";
import { rank, type Ranked } from "../../lib/search/hybrid";
import { idf, lexicalSearch, type LexicalHit } from "../../lib/search/lexical";
import { queryTerms } from "../../lib/search/tokenizer";
import { ensureTermCountTable } from "../../lib/db/virtual-tables";
import { rerankByContext } from "../../lib/search/context-rerank";
import { LEXICAL_KEEP, keepLexicalHits, type LexicalKeep } from "../../lib/search/lexical-keep";
import type { VectorHit } from "../../lib/search/vector";
import { CANDIDATES, cachedEmbedder, conversationLists, filters } from "./conversation-lists";
import { round, stats, table, tempDir, writeResult } from "./common";
import { LOCOMO_DIR, type Question, readJsonl, type Turn } from "./quality";

/**
 * Issue 42, long conversations: recall@5/@10 of the evidence turns, lexical / vector / hybrid as
 * shipped (context signals on: lib/search/context-rerank.ts) and hybrid with lexical's strong hits
 * kept (lib/search/lexical-keep.ts), on any folder in the locomo-dev shape, every conversation in
 * it. Each turn is stored as the importers store a conversation (speaker as title; session, date,
 * dia_id in metadata). Embeddings (real MiniLM q8) are cached in the temp directory by text.
 *
 *   # tuning: LoCoMo conv-26 + conv-30 and REALTALK's tuning half (bench/search/realtalk-set.ts)
 *   RECOLLECT_BENCH_MODEL_DIR=... npx tsx bench/search/conversations.ts --dir=$SHARED/data/locomo-dev --dir=/tmp/realtalk-set/tuning [--try='{"keep":5}'] [--grid] [--prf]
 *   # frozen (headline, scored once): REALTALK's frozen half
 *   RECOLLECT_BENCH_MODEL_DIR=... npx tsx bench/search/conversations.ts --dir=/tmp/realtalk-set/frozen
 */
const args = process.argv.slice(2);
const dirs = args.filter((a) => a.startsWith("--dir=")).map((a) => path.resolve(a.slice(6)));
if (!dirs.length) dirs.push(LOCOMO_DIR);
const modelDir = process.env.RECOLLECT_BENCH_MODEL_DIR ?? "";
if (!modelDir || !fs.existsSync(path.join(modelDir, "config.json"))) {
  console.log("skipped conversations: set RECOLLECT_BENCH_MODEL_DIR to a prepared model (bench/models/prepare)");
  process.exit(0);
}
const { config } = loadConfig({
  env: { RECOLLECT_EMBEDDING_MODEL_DIR: modelDir, RECOLLECT_EMBEDDING_DTYPE: "q8", XDG_CONFIG_HOME: tempDir("recollect-conv-") },
});
const embedder = cachedEmbedder(config, modelDir, "conversations");

/** What a variant sees of one question: both lists, and the ranked lists the shipped search makes. */
interface Asked {
  query: string;
  /** Pseudo-relevance feedback (explored, not shipped): the fused list re-ranked with a second lexical pass. */
  prf: (depth: number, terms: number) => Ranked[];
  lexical: LexicalHit[];
  vector: VectorHit[];
  lexicalRanked: Ranked[];
  hybridRanked: Ranked[];
}
type Variant = (a: Asked) => Ranked[];
interface Scored {
  sample: string;
  category: string;
  r5: number;
  r10: number;
}

const keepMicros: number[] = [];
const tried = args.filter((a) => a.startsWith("--try=")).map((a) => ({ ...LEXICAL_KEEP, ...(JSON.parse(a.slice(6)) as Partial<LexicalKeep>) }));
const grid: LexicalKeep[] = [];
if (args.includes("--grid"))
  for (const keep of [3, 4, 5, 6, 7])
    for (const slack of [0, 2, 4, 5, 6, 7])
      for (const minShare of [0, 0.5, 0.8]) for (const minCoverage of [0, 0.3, 0.5]) grid.push({ keep, slack, minShare, minCoverage });
const variants: [string, Variant][] = [
  ["lexical", (a) => a.lexicalRanked],
  ["vector", (a) => a.vector.map((h, i) => ({ seq: h.seq, score: 1 - i / 1000 }) as Ranked)],
  ["hybrid (shipped)", (a) => a.hybridRanked],
  [
    "hybrid + lexical kept",
    (a) => {
      // Its own cost (CPU, in process): wall time is noise on a shared machine.
      const t0 = process.cpuUsage();
      const out = keepLexicalHits(a.hybridRanked, a.lexical);
      const used = process.cpuUsage(t0);
      keepMicros.push(used.user + used.system);
      return out;
    },
  ],
  ...[...tried, ...grid].map((w): [string, Variant] => [JSON.stringify(w), (a) => keepLexicalHits(a.hybridRanked, a.lexical, w)]),
  ...(args.includes("--prf") ? [1, 2, 3, 5] : []).flatMap((depth) =>
    [3, 5, 8].map((n): [string, Variant] => [`prf depth ${depth} terms ${n}`, (a) => keepLexicalHits(a.prf(depth, n), a.lexical)]),
  ),
  // Explored, not shipped: reciprocal rank fusion of the lexical and the fused rankings.
  ...(args.includes("--grid") ? [0.5, 1, 2] : []).flatMap((w) =>
    [1, 5, 20, 60].map((k): [string, Variant] => [`{"rrfLexical":${w},"k":${k}}`, (a) => rrfOf(a.lexicalRanked, a.hybridRanked, w, k)]),
  ),
];

function rrfOf(lexical: Ranked[], fused: Ranked[], weight: number, k: number): Ranked[] {
  const score = new Map<number, { r: Ranked; s: number }>();
  lexical.forEach((r, i) => score.set(r.seq, { r, s: weight / (k + i + 1) }));
  fused.forEach((r, i) => {
    const e = score.get(r.seq) ?? score.set(r.seq, { r, s: 0 }).get(r.seq)!;
    e.s += 1 / (k + i + 1);
  });
  return [...score.values()].sort((a, b) => b.s - a.s).map((e) => e.r);
}

async function scoreConversation(turns: Turn[], questions: Question[], sample: string): Promise<Map<string, Scored[]>> {
  const { ctx, candidates, lists } = await conversationLists(config, embedder, turns, questions, sample);
  const out = new Map<string, Scored[]>(variants.map(([name]) => [name, []]));
  const now = Date.now();
  lists.forEach(({ question: q, asked, lexical, vector, expected }) => {
    const prf = (depth: number, n: number): Ranked[] => {
      // RM3-like: the rarest terms (df <= 2% of the store) of the first `depth` fused hits, not in the question, re-searched with it.
      const top = base.slice(0, depth).map((r) => r.seq);
      const rows = ctx.sqlite.prepare("SELECT content FROM memories WHERE seq IN (SELECT value FROM json_each(?))").all(JSON.stringify(top)) as {
        content: string;
      }[];
      const own = new Set(asked.terms);
      const counts = new Map<string, number>();
      for (const r of rows) for (const t of new Set(queryTerms(r.content))) if (!own.has(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
      const vocab = ensureTermCountTable(ctx.sqlite);
      const dfOf = ctx.sqlite.prepare(`SELECT doc FROM ${vocab} WHERE term = ?`);
      const size = candidates.size;
      const expansion = [...counts]
        .map(([t, c]) => ({ t, c, df: ((dfOf.get(t) as { doc: number } | undefined)?.doc ?? 0) as number }))
        .filter((x) => x.df > 0 && x.df <= Math.max(2, 0.02 * size))
        .sort((x, y) => y.c * idf(y.df, size) - x.c * idf(x.df, size))
        .slice(0, n)
        .map((x) => x.t);
      if (!expansion.length) return base;
      const second = lexicalSearch(ctx, [...asked.terms, ...expansion], filters, CANDIDATES, {
        coverage: true,
        ownTerms: asked.ownTerms,
        translatedTerms: asked.translatedTerms,
      });
      return rerankByContext(ctx.sqlite, q.question, rank(second, vector, candidates, { projectId: null, now }), filters, now);
    };
    const base = rerankByContext(ctx.sqlite, q.question, rank(lexical, vector, candidates, { projectId: null, now }), filters, now);
    const a: Asked = {
      prf,
      query: q.question,
      lexical,
      vector,
      lexicalRanked: rerankByContext(ctx.sqlite, q.question, rank(lexical, null, candidates, { projectId: null, now }), filters, now),
      hybridRanked: base,
    };
    for (const [name, v] of variants) {
      const list = v(a);
      const found = (k: number) => list.slice(0, k).filter((r) => expected.has(r.seq)).length / q.evidence.length;
      out.get(name)!.push({ sample, category: q.category_name, r5: found(5), r10: found(10) });
    }
  });
  ctx.close();
  return out;
}

const summary = (scores: Scored[], keep: (s: Scored) => boolean = () => true) => {
  const s = scores.filter(keep);
  const mean = (f: (x: Scored) => number) => round(s.reduce((a, x) => a + f(x), 0) / Math.max(1, s.length), 3);
  return { n: s.length, r5: mean((x) => x.r5), r10: mean((x) => x.r10) };
};

const all = new Map<string, Scored[]>(variants.map(([name]) => [name, []]));
for (const dir of dirs) {
  const turns = readJsonl<Turn>(path.join(dir, "locomo-dev_memories.jsonl"));
  const questions = readJsonl<Question>(path.join(dir, "locomo-dev_queries.jsonl")).filter((q) => q.category !== 5 && q.evidence?.length);
  for (const sample of [...new Set(turns.map((t) => t.sample_id))]) {
    for (const [name, s] of await scoreConversation(turns, questions, sample)) all.get(name)!.push(...s);
  }
}
const samples = [...new Set([...all.values()][0].map((s) => s.sample))];
const categories = [...new Set([...all.values()][0].map((s) => s.category))].sort();
const cell = (x: { r5: number; r10: number }) => `${x.r5.toFixed(3)} / ${x.r10.toFixed(3)}`;
const rows = [...all]
  .filter(([name]) => !name.startsWith("{") || tried.some((w) => JSON.stringify(w) === name))
  .map(([name, s]) => ({
    variant: name,
    ...Object.fromEntries(categories.map((c) => [`${c} (${summary(s, (x) => x.category === c).n})`, cell(summary(s, (x) => x.category === c))])),
    ...Object.fromEntries(samples.map((c) => [c, cell(summary(s, (x) => x.sample === c))])),
    [`overall (${s.length})`]: cell(summary(s)),
  }));
console.log(`\n${dirs.map((d) => path.basename(d)).join(" + ")}: recall@5 / recall@10`);
console.log(table(rows));
if (grid.length) {
  const lexical = summary(all.get("lexical")!);
  const ranked = [...all]
    .filter(([name]) => name.startsWith("{"))
    .map(([name, s]) => ({
      weights: name,
      ...summary(s),
      // The worst conversation's margin over lexical: a setting must not win on one and lose the rest.
      "worst Δr10": Math.min(...samples.map((c) => round(summary(s, (x) => x.sample === c).r10 - summary(all.get("lexical")!, (x) => x.sample === c).r10, 3))),
    }))
    .sort((a, b) => b.r10 - a.r10 || b.r5 - a.r5);
  console.log(`lexical overall ${cell(lexical)}`);
  console.log(table(ranked.slice(0, 20)));
  // Leave one conversation out: the setting best on the others (R@10, then R@5), scored on the one left out.
  const gridNames = ranked.map((r) => r.weights);
  const cv = samples.map((left) => {
    const on = (name: string, keep: (x: Scored) => boolean) => summary(all.get(name)!, keep);
    const chosen = [...gridNames].sort((a, b) => {
      const x = on(a, (s) => s.sample !== left);
      const y = on(b, (s) => s.sample !== left);
      return y.r10 - x.r10 || y.r5 - x.r5;
    })[0];
    const held = on(chosen, (s) => s.sample === left);
    const lex = on("lexical", (s) => s.sample === left);
    const hyb = on("hybrid (shipped)", (s) => s.sample === left);
    return { left, chosen, n: held.n, r5: held.r5, r10: held.r10, "lexical r10": lex.r10, "hybrid r10": hyb.r10 };
  });
  console.log("\nleave one conversation out");
  console.log(table(cv));
  const weighted = (f: (c: (typeof cv)[number]) => number) => round(cv.reduce((a, c) => a + f(c) * c.n, 0) / cv.reduce((a, c) => a + c.n, 0), 3);
  console.log(`CV R@10 ${weighted((c) => c.r10)} (lexical ${weighted((c) => c["lexical r10"])}, hybrid ${weighted((c) => c["hybrid r10"])})`);
}
const keepCost = stats(keepMicros);
console.log(
  `keepLexicalHits CPU per question: p50 ${keepCost.p50} us, p95 ${keepCost.p95} us, max ${keepCost.max} us (n ${keepCost.n}, load ${os.loadavg()[0].toFixed(1)})`,
);
await embedder.close();
const label = dirs.map((d) => path.basename(d)).join("+");
console.log(
  `\nwrote ${writeResult(`conversations-${path.basename(modelDir)}-${label}`, { at: new Date().toISOString(), model: path.basename(modelDir), keep: LEXICAL_KEEP, dirs: dirs.map((d) => path.basename(d)), rows, keepMicros: keepCost })}`,
);
process.exit(0);
