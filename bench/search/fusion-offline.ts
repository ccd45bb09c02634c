import { type DumpedQuestion, type DumpedSet, readTuningDump } from "./tuning-dump";
import { FUSION, rank, type Candidate, type Fusion } from "../../lib/search/hybrid";
import { LEXICAL_EVIDENCE, lexicalEvidenceFusion, type LexicalEvidence } from "../../lib/search/lexical-evidence";

/**
 * Tries fusions offline on the lists bench/search/unseen.ts --dump wrote, on the TUNING half only
 * (the frozen half is never read here): hit@1 / hit@5 per kind and LoCoMo conv-26 recall@10. The
 * dump holds no question text: a "zh" question stands for one in Chinese (lexical-evidence.ts).
 *
 *   npx tsx bench/search/unseen.ts --tuning-only --dump=/tmp/tuning.json   # (with the model env)
 *   npx tsx bench/search/fusion-offline.ts /tmp/tuning.json ['{"agreementDepth":5}' ...] [--cv]
 */
type Q = DumpedQuestion;
type P = DumpedSet;
const { dump, tries } = readTuningDump(process.argv.slice(2));
const now = Date.now();

function score(fusion: Fusion | "vector", evidence: LexicalEvidence | null) {
  const out: Record<string, string> = {};
  const per = new Map<string, { n: number; h1: number; h5: number }>();
  for (const p of [dump.set, dump.fresh, dump.agents].filter((x): x is P => !!x)) {
    const cands = new Map(p.candidates.map((c) => [c.seq, c]));
    for (const q of p.queries) {
      if (q.half !== "tuning") continue;
      const f = fusion === "vector" ? FUSION : evidence ? lexicalEvidenceFusion(q.kind === "zh" ? "中" : "", q.lexical, q.vector, fusion, evidence) : fusion;
      const list = rank(fusion === "vector" ? [] : q.lexical, q.vector, cands, { projectId: null, now }, f).map((r) => r.seq);
      const at = list.findIndex((s) => q.expected.includes(s));
      const c = per.get(q.kind) ?? per.set(q.kind, { n: 0, h1: 0, h5: 0 }).get(q.kind)!;
      c.n++;
      if (at === 0) c.h1++;
      if (at >= 0 && at < 5) c.h5++;
    }
  }
  for (const [k, c] of per) out[k] = `${(c.h1 / c.n).toFixed(2)}/${(c.h5 / c.n).toFixed(2)}`;
  const conv = dump.locomo?.["conv-26"];
  if (conv) {
    const cands = new Map(conv.candidates.map((c) => [c.seq, c]));
    let r10 = 0;
    for (const q of conv.queries) {
      const f = fusion === "vector" ? FUSION : evidence ? lexicalEvidenceFusion(q.kind === "zh" ? "中" : "", q.lexical, q.vector, fusion, evidence) : fusion;
      const top = rank(fusion === "vector" ? [] : q.lexical, q.vector, cands, { projectId: null, now }, f).slice(0, 10);
      r10 += top.filter((r) => q.expected.includes(r.seq)).length / q.expected.length;
    }
    out.conv26 = (r10 / conv.queries.length).toFixed(3);
  }
  return out;
}
console.log("vector ", JSON.stringify(score("vector", null)));
console.log("fusion alone", JSON.stringify(score(FUSION, null)));
console.log("fusion + LEXICAL_EVIDENCE", JSON.stringify(score(FUSION, LEXICAL_EVIDENCE)));
// Each argument: an evidence setting (agreementDepth / sureShare / weakWeight) tried with the fusion.
for (const t of tries) console.log(t, JSON.stringify(score(FUSION, { ...LEXICAL_EVIDENCE, ...(JSON.parse(t) as Partial<LexicalEvidence>) })));

/**
 * `--cv`: 5-fold cross-validation of the evidence setting on the tuning questions (fold = position
 * mod 5 in each set; conv-26 split the same way). Each fold picks, on the other four, the grid point
 * with the best paraphrase hit@1 + hit@5 (the three paraphrase sets) whose keyword / identifier /
 * zh / distractor hit@5 and conv-26 recall@10 stay within 0.005 of the shipped fusion's; the held-out
 * fold then compares it with the shipped fusion.
 */
if (process.argv.includes("--cv")) {
  type Item = { p: P; q: Q; fold: number };
  const items: Item[] = [];
  for (const p of [dump.set, dump.fresh, dump.agents].filter((x): x is P => !!x))
    p.queries.filter((q) => q.half === "tuning").forEach((q, i) => items.push({ p, q, fold: i % 5 }));
  const conv = dump.locomo?.["conv-26"];
  const convItems = conv ? conv.queries.map((q, i) => ({ p: conv, q, fold: i % 5 })) : [];
  const PARA = new Set(["paraphrase", "fresh", "agents"]);
  const GUARD = new Set(["keyword", "identifier", "zh", "distractor"]);
  const candsOf = new Map<P, Map<number, Candidate>>();
  const cands = (p: P) => candsOf.get(p) ?? candsOf.set(p, new Map(p.candidates.map((c) => [c.seq, c]))).get(p)!;
  const at = (it: Item, e: LexicalEvidence | null) => {
    const f = e ? lexicalEvidenceFusion(it.q.kind === "zh" ? "中" : "", it.q.lexical, it.q.vector, FUSION, e) : FUSION;
    return rank(it.q.lexical, it.q.vector, cands(it.p), { projectId: null, now }, f)
      .map((r) => r.seq)
      .findIndex((s) => it.q.expected.includes(s));
  };
  const r10 = (it: Item, e: LexicalEvidence | null) => {
    const f = e ? lexicalEvidenceFusion("", it.q.lexical, it.q.vector, FUSION, e) : FUSION;
    const top = rank(it.q.lexical, it.q.vector, cands(it.p), { projectId: null, now }, f).slice(0, 10);
    return top.filter((r) => it.q.expected.includes(r.seq)).length / it.q.expected.length;
  };
  const measure = (keep: (fold: number) => boolean, e: LexicalEvidence | null) => {
    let para = 0;
    let paraN = 0;
    const guard = new Map<string, { n: number; h5: number }>();
    for (const it of items) {
      if (!keep(it.fold)) continue;
      const a = at(it, e);
      if (PARA.has(it.q.kind)) {
        paraN++;
        para += (a === 0 ? 1 : 0) + (a >= 0 && a < 5 ? 1 : 0);
      } else if (GUARD.has(it.q.kind)) {
        const g = guard.get(it.q.kind) ?? guard.set(it.q.kind, { n: 0, h5: 0 }).get(it.q.kind)!;
        g.n++;
        if (a >= 0 && a < 5) g.h5++;
      }
    }
    const kept = convItems.filter((it) => keep(it.fold));
    return {
      para: para / Math.max(1, paraN),
      guard: Object.fromEntries([...guard].map(([k, g]) => [k, g.h5 / g.n])),
      conv: kept.length ? kept.reduce((s, it) => s + r10(it, e), 0) / kept.length : 0,
    };
  };
  const grid: LexicalEvidence[] = [];
  for (const agreementDepth of [3, 5, 10, 20])
    for (const sureShare of [0.5, 0.6, 0.7, 0.8]) for (const weakWeight of [0, 0.25, 0.5]) grid.push({ agreementDepth, sureShare, weakWeight });
  const chosen: string[] = [];
  for (let fold = 0; fold < 5; fold++) {
    const train = (f: number) => f !== fold;
    const base = measure(train, null);
    let best: { e: LexicalEvidence | null; para: number } = { e: null, para: base.para };
    for (const e of grid) {
      const m = measure(train, e);
      const guarded = Object.entries(base.guard).every(([k, v]) => (m.guard[k] ?? 0) >= v - 0.005) && m.conv >= base.conv - 0.005;
      if (guarded && m.para > best.para + 1e-9) best = { e, para: m.para };
    }
    const held = (f: number) => f === fold;
    const before = measure(held, null);
    const after = measure(held, best.e);
    chosen.push(JSON.stringify(best.e && { a: best.e.agreementDepth, s: best.e.sureShare, w: best.e.weakWeight }));
    console.log(
      `fold ${fold}: chose ${chosen[fold]}; held out paraphrase (hit@1+hit@5)/2 ${(before.para / 2).toFixed(3)} -> ${(after.para / 2).toFixed(3)}, conv-26 R@10 ${before.conv.toFixed(3)} -> ${after.conv.toFixed(3)}, guards ${JSON.stringify(before.guard)} -> ${JSON.stringify(after.guard)}`,
    );
  }
}
