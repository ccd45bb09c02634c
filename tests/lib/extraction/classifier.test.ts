import { describe, expect, it } from "vitest";
import { classify, features } from "../../../lib/extraction/classifier";
import weights from "../../../lib/extraction/classifier-weights.json" with { type: "json" };
import { detectCandidates } from "../../../lib/extraction/detect";
import { detectByRules, detectSentence } from "../../../lib/extraction/rules";
import { toSentences } from "../../../lib/extraction/sentences";

const one = (t: string) => toSentences(t)[0];

describe("extraction classifier", () => {
  it("ships trained weights with a threshold per language", () => {
    expect(weights.classes).toEqual(["none", "decision", "constraint", "preference", "convention", "gotcha"]);
    expect(Object.keys(weights.features).length).toBeGreaterThan(1000);
    for (const lang of ["en", "zh"] as const) expect(weights.threshold[lang]).toBeGreaterThan(0.5);
  });

  it("is deterministic: the same sentence gives the same features and probabilities", () => {
    const t = "Keep every exported name unchanged.";
    expect(features(t, "en")).toEqual(features(t, "en"));
    const p = classify(t, "en");
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(classify(t, "en")).toEqual(p);
  });

  it.each([
    ["Keep every exported name unchanged.", "constraint"],
    ["Hooks go in src/hooks with a use prefix.", "convention"],
    ["Picked Zustand over Redux; the state is small.", "decision"],
    ["表单校验放在服务端做。", "decision"],
  ])("finds what no phrase rule matches: %j", (text, category) => {
    expect(detectByRules(one(text))).toBeNull();
    expect(detectSentence(one(text))).toMatchObject({ category, rule: expect.stringMatching(/\.model$/) });
  });

  it("stays behind the guards: questions, hypotheticals, quotes and code never reach it", () => {
    for (const t of [
      "Should we keep every exported name unchanged?",
      "If we pick Zustand over Redux, the state stays small.",
      'The README says "keep every exported name unchanged".',
      "// Picked Zustand over Redux; the state is small.",
      "图表库要不要选定 ECharts？",
    ])
      expect(detectCandidates(t), t).toEqual([]);
  });

  it("is not trusted on the assistant's words", () => {
    expect(detectCandidates("Picked Zustand over Redux; the state is small.", "assistant")).toEqual([]);
  });

  it("leaves long sentences to the phrase rules", () => {
    const long = `Keep every exported name unchanged ${"and also the other names ".repeat(8)}.`;
    expect(detectSentence(one(long))).toBeNull();
  });
});
