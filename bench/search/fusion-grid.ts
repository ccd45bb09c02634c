import { readTuningDump } from "./tuning-dump";
import { FUSION, rank, type Fusion } from "../../lib/search/hybrid";
import { BEFORE, crossValidate, floorGrid } from "./fusion-cv";

/**
 * Tries fusion settings offline on the TUNING halves of a bench/search/unseen.ts --tuning-only --dump
 * (every set, the p6 set included, and LoCoMo conv-26): hit@1 / hit@5 per kind, vector-only beside.
 * rank() alone, without the context signals (they need the store).
 *
 * `--cv`: 5-fold cross-validation (fusion-cv.ts crossValidate, floorGrid) over the same questions.
 *
 *   npx tsx bench/search/fusion-grid.ts /tmp/tuning.json ['{"thinFloor":0.4}' ...] [--cv]
 */
const { dump, tries } = readTuningDump(process.argv.slice(2));
const now = Date.now();
const SETS = ["set", "fresh", "agents", "p6"] as const;

function score(fusion: Fusion, vectorOnly = false) {
  const out: Record<string, string> = {};
  for (const name of SETS) {
    const p = dump[name];
    if (!p) continue;
    const cands = new Map(p.candidates.map((c) => [c.seq, c]));
    const per = new Map<string, { n: number; h1: number; h5: number }>();
    for (const q of p.queries) {
      if (q.half !== "tuning") continue;
      const list = rank(vectorOnly ? [] : q.lexical, q.vector, cands, { projectId: null, now }, fusion).map((r) => r.seq);
      const at = list.findIndex((s) => q.expected.includes(s));
      const c = per.get(q.kind) ?? per.set(q.kind, { n: 0, h1: 0, h5: 0 }).get(q.kind)!;
      c.n++;
      if (at === 0) c.h1++;
      if (at >= 0 && at < 5) c.h5++;
    }
    for (const [k, c] of per) out[`${name}:${k}`] = `${(c.h1 / c.n).toFixed(2)}/${(c.h5 / c.n).toFixed(2)}`;
  }
  const conv = dump.locomo?.["conv-26"];
  if (conv && !vectorOnly) {
    const cands = new Map(conv.candidates.map((c) => [c.seq, c]));
    let r10 = 0;
    for (const q of conv.queries) {
      const top = rank(q.lexical, q.vector, cands, { projectId: null, now }, fusion).slice(0, 10);
      r10 += top.filter((r) => q.expected.includes(r.seq)).length / q.expected.length;
    }
    out.conv26 = (r10 / conv.queries.length).toFixed(3);
  }
  return out;
}
const base = score(FUSION);
const vec = score(FUSION, true);
const keys = Object.keys(base);
const rows: string[][] = [["setting", ...keys]];
rows.push(["vector only", ...keys.map((k) => vec[k] ?? "")]);
rows.push(["shipped", ...keys.map((k) => base[k])]);
for (const t of tries) {
  const s = score({ ...FUSION, ...(JSON.parse(t) as Partial<Fusion>) });
  rows.push([t, ...keys.map((k) => (s[k] === base[k] ? "=" : s[k]))]);
}
for (const r of rows) console.log(r.join("\t"));

if (process.argv.includes("--cv")) {
  const items = SETS.flatMap((name) => {
    const p = dump[name];
    if (!p) return [];
    const cands = new Map(p.candidates.map((c) => [c.seq, c]));
    return p.queries.filter((q) => q.half === "tuning").map((q) => ({ q, cands, kind: name === "set" || name === "p6" ? q.kind : name }));
  });
  const at = (fusion: Fusion, mode: "lexical" | "vector" | "hybrid") =>
    items.map(({ q, cands }) =>
      rank(mode === "vector" ? [] : q.lexical, mode === "lexical" ? null : q.vector, cands, { projectId: null, now }, fusion)
        .map((r) => r.seq)
        .findIndex((s) => q.expected.includes(s)),
    );
  const conv = dump.locomo?.["conv-26"];
  const convCands = conv ? new Map(conv.candidates.map((c) => [c.seq, c])) : null;
  const recall10 = (fusion: Fusion, lexicalOnly: boolean) =>
    conv!.queries.map((q) => {
      const top = rank(q.lexical, lexicalOnly ? null : q.vector, convCands!, { projectId: null, now }, fusion).slice(0, 10);
      return top.filter((r) => q.expected.includes(r.seq)).length / q.expected.length;
    });
  const cv = crossValidate(
    {
      kinds: items.map((i) => i.kind),
      lexicalAt: at(FUSION, "lexical"),
      beforeAt: at(BEFORE, "hybrid"),
      vectorAt: at(FUSION, "vector"),
      hybridAt: (fusion) => at(fusion, "hybrid"),
      locomoRecall10: conv ? (fusion) => recall10(fusion, false) : null,
      locomoLexicalRecall10: conv ? recall10(FUSION, true) : null,
    },
    floorGrid(FUSION),
  );
  console.log(JSON.stringify(cv.foldScores, null, 1));
  console.log("chosen", JSON.stringify(cv.chosen), cv.chosenScore);
  const s = score(cv.chosen);
  console.log(["chosen", ...keys.map((k) => (s[k] === base[k] ? "=" : s[k]))].join("\t"));
}
