import { describe, expect, it } from "vitest";
import { supersedesByChange } from "../../../lib/consolidation/supersede";
import { jaccardOf } from "../../../lib/consolidation/features";
import { featuredMemory } from "./fixtures";

// A pair the merge rules judged one subject and one claim (with vectors, its cosine) whose
// numbers differ, one of them spelled out, is a supersession (issue #38, tenth pass:
// `supersedesByChange` reads spelled numbers too). The cases are from r10's tuning half
// (bench/consolidation/blind-store-r10.ts) and r11's tuning half; r11's frozen half was never
// looked at.
let seq = 0;
const featured = (content: string, daysAgo: number) => featuredMemory(++seq, content, Date.now() - daysAgo * 86_400_000, "convention");
const pair = (older: string, newer: string) => {
  const [a, b] = [featured(older, 200), featured(newer, 20)];
  return { a, b, jaccard: jaccardOf(a.tokens, b.tokens) };
};

describe("a number said in words", () => {
  it("makes a Chinese pair of one claim a supersession", () => {
    const c = supersedesByChange(pair("commit 标题长度限制为 72 个字符以内。", "commit 标题最多写五十个字符。"));
    expect(c?.kind).toBe("supersede");
    expect(c?.reason).toContain("50");
    const shipping = supersedesByChange(pair("订单满 99 元包邮。", "包邮门槛降到七十九元。"));
    expect(shipping?.evidence).toMatchObject({ rule: "changed", replaced: "99", by: "79" });
  });

  it("makes an English pair of one claim a supersession", () => {
    const c = supersedesByChange(pair("Keep the commit subject under 50 characters.", "A commit subject may be up to sixty characters long."));
    expect(c?.evidence).toMatchObject({ rule: "changed", replaced: "50", by: "60" });
  });

  it("leaves a pair with the same number, digits or words, alone", () => {
    expect(supersedesByChange(pair("Keep the commit subject under 50 characters.", "Commit subjects stay below fifty characters."))).toBeUndefined();
  });
});
