import { countTokens as raw } from "gpt-tokenizer";
import { describe, expect, it } from "vitest";
import { countTokens } from "../../../lib/token-count";

describe("countTokens", () => {
  it("counts with the o200k tokenizer, the same with and without its cache", () => {
    expect(countTokens("")).toBe(0);
    expect(countTokens("hello world")).toBe(raw("hello world"));
    const long = Array.from({ length: 200 }, (_, i) => `line ${i}: const value${i} = compute(${i});`).join("\n");
    const first = countTokens(long);
    expect(first).toBe(raw(long));
    expect(countTokens(long)).toBe(first);
    expect(countTokens(`${long}!`)).toBe(raw(`${long}!`));
    expect(first).not.toBe(Math.round(long.length / 4));
  });
});
