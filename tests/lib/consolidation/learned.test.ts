import { describe, expect, it } from "vitest";
import { learnedDecision, probability } from "../../../lib/consolidation/learned";
import { LEARNED_DECISION } from "../../../lib/consolidation/learned-coefficients";
import { FEATURE_NAMES, pairFeatures } from "../../../lib/consolidation/pair-features";
import type { MemoryLite } from "../../../lib/consolidation/types";
import { featuredMemory } from "./fixtures";

const featured = (seq: number, content: string, category: MemoryLite["category"] = "decision") => featuredMemory(seq, content, seq * 1000, category);

describe("the learned consolidation decision", () => {
  it("loads the committed coefficients: one weight per feature the code computes, thresholds in (0, 1)", () => {
    const d = learnedDecision();
    expect(LEARNED_DECISION).not.toBeNull();
    expect(d).toBeDefined();
    expect(d!.features).toEqual([...FEATURE_NAMES]);
    for (const m of [d!.merge, d!.supersede]) {
      expect(m.weights).toHaveLength(FEATURE_NAMES.length);
      expect(m.threshold).toBeGreaterThan(0);
      expect(m.threshold).toBeLessThan(1);
      expect(m.weights.every(Number.isFinite)).toBe(true);
    }
  });

  it("scores a pair deterministically, and a changed value with a replacement cue as a supersession, not a merge", () => {
    const d = learnedDecision()!;
    const older = featured(1, "The backend listens on port 3001 in development.", "fact");
    const newer = featured(2, "The backend now listens on port 8080 in development; 3001 was replaced.", "fact");
    const x = pairFeatures(older, newer, 0.86, { merge: false, supersede: true });
    expect(x).toHaveLength(FEATURE_NAMES.length);
    expect(pairFeatures(older, newer, 0.86, { merge: false, supersede: true })).toEqual(x);
    const p = probability(d.supersede, x);
    expect(probability(d.supersede, x)).toBe(p);
    expect(p).toBeGreaterThanOrEqual(d.supersede.threshold);
    expect(probability(d.merge, x)).toBeLessThan(d.merge.threshold);
  });

  it("does not take two procedures with different steps as one", () => {
    const d = learnedDecision()!;
    const a = featured(1, "To release, bump the version in package.json, commit, then tag the commit and push the tag.", "procedure");
    const b = featured(2, "To release, update CHANGELOG.md, commit, then run pnpm publish from the package folder.", "procedure");
    const x = pairFeatures(a, b, 0.62, { merge: false, supersede: false });
    expect(probability(d.merge, x)).toBeLessThan(d.merge.threshold);
    expect(probability(d.supersede, x)).toBeLessThan(d.supersede.threshold);
  });
});
