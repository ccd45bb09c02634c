/**
 * Filing precision on real user messages to a coding agent (issue 40): of the memories extraction
 * would suggest from each message, how many are filed right, and how many instructions, questions
 * or pasted lines become a "decision" or "constraint". Two columns: the tuning half and the frozen
 * half (labelled and committed before any rule changed; the headline).
 *
 *   npx tsx bench/extraction/instructions/index.ts
 */
import fs from "node:fs";
import path from "node:path";
import { detectCandidates } from "../../../lib/extraction/detect";
import { printTable, writeResult } from "../../lib/stats";

interface Row {
  source: string;
  text: string;
  split: "tuning" | "frozen";
  label: string | null;
}

export function loadInstructionSet(): Row[] {
  return fs
    .readFileSync(path.join(import.meta.dirname, "messages.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row);
}

export function score(rows: Row[]) {
  let filed = 0;
  let right = 0;
  let misfiled = 0;
  const wrong: { text: string; label: string | null; got: string }[] = [];
  for (const r of rows) {
    for (const c of detectCandidates(r.text, "user")) {
      filed++;
      if (r.label === c.category) right++;
      else {
        if (r.label === null) misfiled++;
        wrong.push({ text: c.content, label: r.label, got: c.category });
      }
    }
  }
  const positives = rows.filter((r) => r.label).length;
  const found = rows.filter((r) => r.label && detectCandidates(r.text, "user").some((c) => c.category === r.label)).length;
  return { messages: rows.length, positives, filed, right, misfiled, precision: filed ? right / filed : 1, recall: positives ? found / positives : 1, wrong };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = loadInstructionSet();
  const showFrozen = process.argv.includes("--show-frozen");
  const result: Record<string, Omit<ReturnType<typeof score>, "wrong"> & { wrong?: ReturnType<typeof score>["wrong"] }> = {};
  for (const split of ["frozen", "tuning"] as const) {
    const { wrong, ...s } = score(rows.filter((r) => r.split === split));
    // The frozen half's items are never listed while tuning; its totals are the figure.
    result[split] = split === "tuning" || showFrozen ? { ...s, wrong } : s;
  }
  printTable(
    "Filing on real user messages to a coding agent (aider logs, 4 public repositories; bench/extraction/instructions)",
    Object.entries(result).map(([split, s]) => ({
      half: split,
      messages: s.messages,
      "worth storing": s.positives,
      suggested: s.filed,
      "filed right": s.right,
      "instructions etc. filed": s.misfiled,
      precision: s.precision.toFixed(3),
      recall: s.recall.toFixed(3),
    })),
  );
  if (result.tuning?.wrong?.length) for (const w of result.tuning.wrong) console.log(`tuning  ${w.got} (label ${w.label}): ${w.text.slice(0, 140)}`);
  writeResult("extraction-instructions", result);
}
