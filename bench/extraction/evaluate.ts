import fs from "node:fs";
import { detectCandidates } from "../../lib/extraction/detect";

export interface Labeled {
  text: string;
  lang: "en" | "zh";
  label: string | null;
  note?: string;
}

export interface Scores {
  n: number;
  positives: number;
  tp: number;
  fp: number;
  fn: number;
  /** Detected something, but of another category. */
  wrongCategory: number;
  precision: number;
  recall: number;
  categoryAccuracy: number;
}

export function loadLabeled(file: string): Labeled[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Labeled);
}

/**
 * Detection precision/recall (a positive is "something worth storing"), plus category accuracy
 * over true positives. A detection of the wrong category counts as a true positive for
 * detection and against category accuracy.
 */
export function evaluate(rows: Labeled[]): Scores & { errors: { text: string; label: string | null; got: string | null }[] } {
  let tp = 0,
    fp = 0,
    fn = 0,
    wrong = 0;
  const errors: { text: string; label: string | null; got: string | null }[] = [];
  for (const r of rows) {
    const got = detectCandidates(r.text, "user")[0]?.category ?? null;
    if (got && r.label) {
      tp++;
      if (got !== r.label) {
        wrong++;
        errors.push({ text: r.text, label: r.label, got });
      }
    } else if (got && !r.label) {
      fp++;
      errors.push({ text: r.text, label: null, got });
    } else if (!got && r.label) {
      fn++;
      errors.push({ text: r.text, label: r.label, got: null });
    }
  }
  const positives = rows.filter((r) => r.label).length;
  return {
    n: rows.length,
    positives,
    tp,
    fp,
    fn,
    wrongCategory: wrong,
    precision: tp + fp ? tp / (tp + fp) : 1,
    recall: positives ? tp / positives : 1,
    categoryAccuracy: tp ? (tp - wrong) / tp : 1,
    errors,
  };
}
