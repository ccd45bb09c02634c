/**
 * Filing of Chinese user sentences to a coding agent (issue 40): per half and per category, how
 * many sentences were suggested with the right category (precision, recall), and how many were
 * misfiled (a sentence labelled nothing that was suggested, or a memory suggested under the wrong
 * category). Two columns: tuning and frozen (the headline; its items are never listed unless
 * --show-frozen, which is for the one scoring at the end).
 *
 *   npx tsx bench/extraction/chinese/index.ts
 */
import { detectCandidates } from "../../../lib/extraction/detect";
import { printTable, writeResult } from "../../lib/stats";
import { splitOf, ZH_SENTENCES, type ZhSentence } from "./sentences";

const CATEGORIES = ["constraint", "convention", "decision", "preference", "gotcha"] as const;

export function scoreZh(rows: ZhSentence[]) {
  const per: Record<string, { labelled: number; suggested: number; right: number }> = {};
  for (const c of [...CATEGORIES, "nothing"]) per[c] = { labelled: 0, suggested: 0, right: 0 };
  let misfiled = 0;
  let suggestedFromNothing = 0;
  const wrong: { text: string; label: string; got: string }[] = [];
  for (const r of rows) {
    const got = detectCandidates(r.text, "user")[0]?.category ?? null;
    const label = r.label ?? "nothing";
    per[label]!.labelled++;
    if (got) per[got]!.suggested++;
    if (got === r.label) {
      if (got) per[got]!.right++;
      continue;
    }
    if (got) {
      misfiled++;
      if (!r.label) suggestedFromNothing++;
    }
    wrong.push({ text: r.text, label, got: got ?? "nothing" });
  }
  const memories = rows.filter((r) => r.label).length;
  const suggested = rows.filter((r) => detectCandidates(r.text, "user").length).length;
  const right = CATEGORIES.reduce((n, c) => n + per[c]!.right, 0);
  return {
    sentences: rows.length,
    memories,
    suggested,
    right,
    misfiled,
    suggestedFromNothing,
    precision: suggested ? right / suggested : 1,
    recall: memories ? right / memories : 1,
    perCategory: Object.fromEntries(
      CATEGORIES.map((c) => [
        c,
        { ...per[c], precision: per[c]!.suggested ? per[c]!.right / per[c]!.suggested : 1, recall: per[c]!.labelled ? per[c]!.right / per[c]!.labelled : 1 },
      ]),
    ),
    wrong,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const showFrozen = process.argv.includes("--show-frozen");
  const halves = Object.fromEntries((["frozen", "tuning"] as const).map((h) => [h, scoreZh(ZH_SENTENCES.filter((s) => splitOf(s.text) === h))]));
  printTable(
    "Chinese user sentences to a coding agent (bench/extraction/chinese; frozen = headline)",
    Object.entries(halves).map(([half, s]) => ({
      half,
      sentences: s.sentences,
      memories: s.memories,
      suggested: s.suggested,
      "filed right": s.right,
      misfiled: s.misfiled,
      "of them from nothing": s.suggestedFromNothing,
      precision: s.precision.toFixed(3),
      recall: s.recall.toFixed(3),
    })),
  );
  printTable(
    "Per category (precision / recall, right of suggested / of labelled)",
    CATEGORIES.map((c) => ({
      category: c,
      ...Object.fromEntries(
        Object.entries(halves).map(([h, s]) => {
          const p = s.perCategory[c]!;
          return [h, `${p.precision.toFixed(2)} / ${p.recall.toFixed(2)} (${p.right}/${p.suggested}, ${p.right}/${p.labelled})`];
        }),
      ),
    })),
  );
  for (const [h, s] of Object.entries(halves))
    if (h === "tuning" || showFrozen) for (const w of s.wrong) console.log(`${h}  ${w.got} (label ${w.label}): ${w.text}`);
  writeResult(
    "extraction-chinese",
    Object.fromEntries(Object.entries(halves).map(([h, s]) => [h, h === "tuning" || showFrozen ? s : { ...s, wrong: undefined }])),
  );
}
