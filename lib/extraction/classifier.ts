import type { ExtractedCategory } from "../contracts/extraction";
import weights from "./classifier-weights.json" with { type: "json" };

/**
 * A small multinomial logistic regression over word and character n-grams (English) and
 * character n-grams (Chinese), trained offline by `bench/extraction/train.ts` on
 * `tests/fixtures/extraction/{train,labeled,holdout,blind}.jsonl` (never on `unseen.jsonl`).
 * Deterministic, no network, a few microseconds a sentence. The weights file is generated;
 * retrain instead of editing it.
 */
export const CLASSES = ["none", "decision", "constraint", "preference", "convention", "gotcha"] as const;
export type ClassifierClass = (typeof CLASSES)[number];

export interface ClassifierWeights {
  version: number;
  classes: readonly string[];
  bias: number[];
  /** feature -> one weight per class */
  features: Record<string, number[]>;
  /** a sentence is worth storing when 1 - P(none) reaches this, per language */
  threshold: { en: number; zh: number };
}

const MAX_EN_WORDS = 30;
const MAX_ZH_CHARS = 60;
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** The features of a sentence: a de-duplicated list, the same for training and for use. */
export function features(text: string, lang: "en" | "zh"): string[] {
  const t = text.toLowerCase().replace(/\d+/g, "0");
  const out = new Set<string>();
  const words = t.match(/[a-z0-9_]+(?:'[a-z]+)?|[\u3400-\u9fff\uf900-\ufaff]+/g) ?? [];
  if (lang === "zh") {
    const chars = [...t].filter((c) => CJK.test(c) || /[a-z0-9]/.test(c));
    const cjk = chars.join("");
    for (let i = 0; i < cjk.length; i++) {
      out.add(`c1:${cjk[i]}`);
      if (i + 1 < cjk.length) out.add(`c2:${cjk.slice(i, i + 2)}`);
      if (i + 2 < cjk.length) out.add(`c3:${cjk.slice(i, i + 3)}`);
    }
    if (cjk.length >= 2) out.add(`s2:${cjk.slice(0, 2)}`);
    for (const w of words) if (!CJK.test(w)) out.add(`w:${w}`);
  } else {
    for (let i = 0; i < words.length; i++) {
      out.add(`w:${words[i]}`);
      if (i + 1 < words.length) out.add(`b:${words[i]}_${words[i + 1]}`);
    }
    if (words[0]) out.add(`s:${words[0]}`);
    if (words[1]) out.add(`s2:${words[0]}_${words[1]}`);
    for (const w of words) {
      const p = `<${w}>`;
      for (let i = 0; i + 4 <= p.length; i++) out.add(`c4:${p.slice(i, i + 4)}`);
    }
  }
  if (/[:：]/.test(t)) out.add("p:colon");
  if (/[;；]|,\s|，/.test(t)) out.add("p:clause");
  return [...out];
}

/** Class probabilities of a sentence. */
export function classify(text: string, lang: "en" | "zh", w: ClassifierWeights = weights as ClassifierWeights): number[] {
  const z = [...w.bias];
  const fs = features(text, lang);
  for (const f of fs) {
    const row = w.features[f];
    if (row) for (let k = 0; k < z.length; k++) z[k] += row[k];
  }
  const max = Math.max(...z);
  const e = z.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

/** The category the classifier finds worth storing, or null. */
export function classifySentence(
  text: string,
  lang: "en" | "zh",
  w: ClassifierWeights = weights as ClassifierWeights,
): { category: ExtractedCategory; confidence: number } | null {
  // Memories are short statements; a long sentence is left to the phrase rules.
  if (lang === "zh" ? text.length > MAX_ZH_CHARS : text.split(/\s+/).length > MAX_EN_WORDS) return null;
  const p = classify(text, lang, w);
  const positive = 1 - p[0];
  if (positive < w.threshold[lang]) return null;
  let best = 1;
  for (let k = 2; k < p.length; k++) if (p[k] > p[best]) best = k;
  return { category: CLASSES[best] as ExtractedCategory, confidence: Math.round(positive * 100) / 100 };
}
