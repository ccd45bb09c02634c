/**
 * Extraction quality and speed.
 *
 * 1. The labeled set (tests/fixtures/extraction/labeled.jsonl): detection precision/recall and
 *    category accuracy, per language and per category. The detectors were written against it.
 * 2. The holdout set (holdout.jsonl) and the blind set (blind.jsonl): each written after a
 *    version of the detectors and scored once before any change (the first-look scores are
 *    recorded below), then used for a round of fixes, so neither is blind any more. The
 *    first-look scores are the honest estimate of quality on new phrasing.
 * 3. The shared coding-agent trajectories (../shared, skipped when absent): how many sentences of
 *    real user/assistant prose the detectors flag, with every flagged sentence listed in the JSON
 *    for review (these runs hold few real decisions; most flags there are false positives).
 * 4. The unseen set (unseen.jsonl, issue 23): never used for tuning; its first-look figures (the
 *    code before issue 23) beside today's, per language and per kind (docs/extraction.md).
 * 5. Throughput of the detectors (rules, decision phrases and the classifier).
 *
 * Run: npx tsx bench/extraction/index.ts
 */
import fs from "node:fs";
import path from "node:path";
import { detectCandidates } from "../../lib/extraction/detect";
import { toSentences } from "../../lib/extraction/sentences";
import { messageTexts } from "../../lib/extraction/texts";
import { evaluate, loadLabeled, type Labeled } from "./evaluate";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const FIX = path.join(ROOT, "tests", "fixtures", "extraction");
const RESULTS = path.join(ROOT, "bench", "results");
// ../shared beside the checkout, or two levels up from a git worktree.
const SHARED =
  [path.join(ROOT, "..", "shared", "data", "trajectories"), path.join(ROOT, "..", "..", "shared", "data", "trajectories")].find((d) => fs.existsSync(d)) ?? "";

/** Scores at first sight (before the set influenced any rule), measured 2026-11-22. */
const FIRST_LOOK = {
  holdout: { en: { precision: 0.733, recall: 0.314 }, zh: { precision: 0.667, recall: 0.19 } },
  blind: { en: { precision: 0.923, recall: 0.444 }, zh: { precision: 1.0, recall: 0.375 } },
};

/**
 * The unseen set (issue 23): written and committed before any rule changed, scored once on the
 * code before (a5f791b) — these figures — and never used for tuning since.
 */
const FIRST_LOOK_UNSEEN = { en: { precision: 0.985, recall: 0.77 }, zh: { precision: 0.924, recall: 0.726 } };
/** Per kind at first look: sentences, how many were flagged, how many with the right category. */
const FIRST_LOOK_UNSEEN_KINDS: Record<string, { n: number; flagged: number; exact: number }> = {
  "en/decision": { n: 22, flagged: 7, exact: 6 },
  "en/constraint": { n: 18, flagged: 15, exact: 15 },
  "en/preference": { n: 15, flagged: 15, exact: 14 },
  "en/convention": { n: 16, flagged: 15, exact: 15 },
  "en/gotcha": { n: 16, flagged: 15, exact: 15 },
  "en/question": { n: 12, flagged: 0, exact: 0 },
  "en/hypothetical": { n: 12, flagged: 0, exact: 0 },
  "en/quote": { n: 10, flagged: 0, exact: 0 },
  "en/code": { n: 10, flagged: 0, exact: 0 },
  "en/negated": { n: 8, flagged: 1, exact: 0 },
  "en/narration": { n: 20, flagged: 0, exact: 0 },
  "zh/decision": { n: 20, flagged: 9, exact: 8 },
  "zh/constraint": { n: 18, flagged: 13, exact: 12 },
  "zh/preference": { n: 14, flagged: 12, exact: 10 },
  "zh/convention": { n: 16, flagged: 13, exact: 13 },
  "zh/gotcha": { n: 16, flagged: 14, exact: 14 },
  "zh/question": { n: 12, flagged: 0, exact: 0 },
  "zh/hypothetical": { n: 12, flagged: 0, exact: 0 },
  "zh/quote": { n: 10, flagged: 2, exact: 0 },
  "zh/code": { n: 8, flagged: 0, exact: 0 },
  "zh/negated": { n: 8, flagged: 3, exact: 0 },
  "zh/narration": { n: 18, flagged: 0, exact: 0 },
};

const pct = (x: number) => x.toFixed(3);

/** Per kind of the unseen set: for a category, how many were found (and with the right category); for a hard negative, how many were wrongly flagged. */
function perKind(rows: (Labeled & { kind?: string })[]) {
  const out: Record<string, { n: number; flagged: number; exact: number }> = {};
  for (const r of rows) {
    const k = `${r.lang}/${r.kind ?? r.label ?? "negative"}`;
    const got = detectCandidates(r.text, "user")[0]?.category ?? null;
    out[k] ??= { n: 0, flagged: 0, exact: 0 };
    out[k].n++;
    if (got) out[k].flagged++;
    if (got && got === r.label) out[k].exact++;
  }
  return out;
}

function table(name: string, rows: Labeled[]) {
  const lines: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [label, subset] of [
    ["all", rows],
    ["en", rows.filter((r) => r.lang === "en")],
    ["zh", rows.filter((r) => r.lang === "zh")],
  ] as const) {
    const s = evaluate(subset);
    out[label] = { ...s, errors: s.errors };
    lines.push(
      `| ${name} | ${label} | ${s.n} | ${s.positives} | ${s.tp} | ${s.fp} | ${s.fn} | ${pct(s.precision)} | ${pct(s.recall)} | ${pct(s.categoryAccuracy)} |`,
    );
  }
  return { lines, out };
}

function perCategory(rows: Labeled[]) {
  const cats = ["decision", "constraint", "preference", "convention", "gotcha"];
  return cats.map((c) => {
    const positives = rows.filter((r) => r.label === c);
    let found = 0;
    let exact = 0;
    for (const r of positives) {
      const got = detectCandidates(r.text)[0]?.category;
      if (got) found++;
      if (got === c) exact++;
    }
    const predicted = rows.filter((r) => detectCandidates(r.text)[0]?.category === c);
    const correct = predicted.filter((r) => r.label === c).length;
    return {
      category: c,
      positives: positives.length,
      recall: positives.length ? exact / positives.length : 1,
      precision: predicted.length ? correct / predicted.length : 1,
      detected: found,
    };
  });
}

async function main() {
  const labeled = loadLabeled(path.join(FIX, "labeled.jsonl"));
  const holdout = loadLabeled(path.join(FIX, "holdout.jsonl"));
  const blind = loadLabeled(path.join(FIX, "blind.jsonl"));
  const unseen = loadLabeled(path.join(FIX, "unseen.jsonl"));
  const header = "| set | lang | n | positives | TP | FP | FN | precision | recall | category acc. |\n|---|---|---|---|---|---|---|---|---|---|";
  const a = table("labeled", labeled);
  const b = table("holdout", holdout);
  const c = table("blind", blind);
  const u = table("unseen", unseen);
  console.log("\nExtraction: detection precision/recall (a positive = worth storing)\n");
  console.log([header, ...a.lines, ...b.lines, ...c.lines, ...u.lines].join("\n"));

  console.log(
    "\nUnseen set (never tuned on): first look (code before issue 23) and now\n\n| lang | precision first look | precision now | recall first look | recall now |\n|---|---|---|---|---|",
  );
  for (const lang of ["en", "zh"] as const) {
    const now = evaluate(unseen.filter((r) => r.lang === lang));
    const fl = FIRST_LOOK_UNSEEN[lang];
    console.log(`| ${lang} | ${pct(fl.precision)} | ${pct(now.precision)} | ${pct(fl.recall)} | ${pct(now.recall)} |`);
  }
  const kinds = perKind(unseen);
  console.log("\nUnseen set per kind: categories found (right category), hard negatives wrongly flagged\n\n| kind | n | first look | now |\n|---|---|---|---|");
  for (const [k, v] of Object.entries(kinds)) {
    const fl = FIRST_LOOK_UNSEEN_KINDS[k];
    const negative = /question|hypothetical|quote|code|negated|narration/.test(k);
    const cell = (x: { flagged: number; exact: number } | undefined) =>
      x ? (negative ? `${x.flagged} flagged` : `${x.flagged} found (${x.exact} right category)`) : "-";
    console.log(`| ${k} | ${v.n} | ${cell(fl)} | ${cell(v)} |`);
  }
  console.log("\nFirst look (before the set was used to fix rules): the estimate for new phrasing\n\n| set | lang | precision | recall |\n|---|---|---|---|");
  for (const [set, langs] of Object.entries(FIRST_LOOK))
    for (const [lang, v] of Object.entries(langs)) console.log(`| ${set} | ${lang} | ${v.precision.toFixed(3)} | ${v.recall.toFixed(3)} |`);

  const cats = perCategory([...labeled]);
  console.log("\nPer category (labeled set)\n\n| category | positives | precision | recall |\n|---|---|---|---|");
  for (const c of cats) console.log(`| ${c.category} | ${c.positives} | ${pct(c.precision)} | ${pct(c.recall)} |`);

  // Real agent prose.
  let trajectories: Record<string, unknown> | null = null;
  if (SHARED) {
    const { loadTrajectories } = await import("../compress/convert");
    const runs = loadTrajectories(SHARED);
    let sentences = 0;
    const flagged: { run: string; role: string; category: string; rule: string; text: string }[] = [];
    for (const run of runs) {
      for (const t of messageTexts(run.messages as never)) {
        sentences += toSentences(t.text).filter((s) => !s.code).length;
        for (const c of detectCandidates(t.text, t.role)) flagged.push({ run: run.name, role: t.role, category: c.category, rule: c.rule, text: c.content });
      }
    }
    const distinct = [...new Map(flagged.map((f) => [f.text, f])).values()];
    trajectories = { runs: runs.length, sentences, flagged: flagged.length, distinctFlagged: distinct.length, items: distinct };
    console.log(
      `\nShared trajectories: ${runs.length} runs, ${sentences} prose sentences, ${flagged.length} flagged (${distinct.length} distinct; listed in the JSON for review)`,
    );
    for (const f of distinct.slice(0, 15)) console.log(`  [${f.role} ${f.category} ${f.rule}] ${f.text.slice(0, 140)}`);
  } else {
    console.log("\n../shared/data/trajectories not found: trajectory pass skipped");
  }

  // Throughput.
  const texts = [...labeled, ...holdout, ...blind, ...unseen].map((r) => r.text);
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < 1000) for (const t of texts) detectCandidates(t), n++;
  const perSec = n / ((performance.now() - start) / 1000);
  console.log(
    `\nThroughput: ${Math.round(perSec).toLocaleString()} sentences/s (single core), ${(1e6 / perSec).toFixed(1)} µs per sentence (rules + classifier)`,
  );

  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, "extraction.json");
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        labeled: a.out,
        holdout: b.out,
        blind: c.out,
        unseen: u.out,
        unseenFirstLook: FIRST_LOOK_UNSEEN,
        unseenPerKind: kinds,
        unseenPerKindFirstLook: FIRST_LOOK_UNSEEN_KINDS,
        firstLook: FIRST_LOOK,
        perCategory: cats,
        trajectories,
        sentencesPerSecond: perSec,
        microsecondsPerSentence: 1e6 / perSec,
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${path.relative(ROOT, file)}`);
}

void main();
