import { afterEach, describe, expect, it } from "vitest";
import { deepJsonArray, deepJsonObject } from "../../bench/adversarial/generators";
import { compressMessages } from "../../lib/compression";
import { testCtx } from "../helpers/ctx";
import { fieldOf, History } from "../lib/compression/history";

/**
 * Issue 37, finding 7: a 4 KB JSON array nested 2,000 deep as an old tool output overflowed the
 * stack of the JSON strategy, and every later compress of that session was a 500. Walks over
 * nested data are iterative with a depth bound; past it the input comes back unchanged.
 */
describe("deeply nested data", () => {
  let ctx: ReturnType<typeof testCtx> | undefined;
  afterEach(() => ctx?.close());

  for (const [name, text] of [
    ["an array 2,000 deep", deepJsonArray(2000)],
    ["an array 100,000 deep", deepJsonArray(100_000)],
    ["an object 50,000 deep", deepJsonObject(50_000)],
  ] as const) {
    it(`compress: ${name} as an old tool output is not a 500 and never crushed, every time`, () => {
      ctx = testCtx({ env: { RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
      const h = new History().user("read").step({ tools: [{ name: "deep", tool: "bash", input: { command: "cat deep.json" }, output: text }] });
      h.filler(3);
      for (let i = 0; i < 2; i++) {
        const result = compressMessages(ctx, h.body());
        // The JSON strategy leaves it as it is; the long-output cut may still shorten it, as for any text.
        expect(result.stats.byStrategy["json-arrays"] ?? 0).toBe(0);
        expect(fieldOf(result.messages, h.ids.deep).startsWith(text.slice(0, 40))).toBe(true);
      }
    });
  }

  it("compress: long arrays inside shallow JSON are still cut", () => {
    ctx = testCtx({ env: { RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
    const rows = JSON.stringify({ data: { rows: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}`, ok: true })) } }, null, 2);
    const h = new History().user("list").step({ tools: [{ name: "rows", tool: "bash", input: { command: "curl api" }, output: rows }] });
    h.filler(3);
    const result = compressMessages(ctx, h.body());
    expect(result.stats.byStrategy["json-arrays"]).toBeGreaterThan(0);
  });
});
