import { describe, expect, it } from "vitest";
import { compressMessages } from "../../lib/compression";
import { headOf, tailOf } from "../../lib/text-slice";
import { testCtx } from "../helpers/ctx";
import { fieldOf, History } from "./compression/history";

/** Half of a surrogate pair on its own: not valid Unicode. */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("headOf / tailOf", () => {
  it("cut at most n code units, never between the halves of a pair", () => {
    expect(headOf("ab😀cd", 3)).toBe("ab");
    expect(headOf("ab😀cd", 4)).toBe("ab😀");
    expect(headOf("abc", 5)).toBe("abc");
    expect(headOf("abc", 0)).toBe("");
    expect(tailOf("ab😀cd", 3)).toBe("cd");
    expect(tailOf("ab😀cd", 4)).toBe("😀cd");
    expect(tailOf("abc", 2)).toBe("bc");
    expect(tailOf("abc", 0)).toBe("");
  });
});

describe("compression cuts", () => {
  it("leave no half of an emoji, wherever the cut falls", () => {
    const ctx = testCtx({ env: { RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
    try {
      for (const pad of [0, 1]) {
        const emoji = "😀".repeat(4000);
        const h = new History(`ses_emoji_${pad}`)
          .user("go")
          // A failed call's few long lines (tool-errors), a few huge lines (cutLongLines), many long lines (selectLines).
          .step({ tools: [{ name: "e", tool: "bash", input: { command: "run" }, error: "x".repeat(149 + pad) + "😀".repeat(200) }] })
          .step({ tools: [{ name: "l", tool: "bash", input: { command: "cat emoji" }, output: `${"a".repeat(pad)}${emoji}` }] })
          .step({
            tools: [
              {
                name: "m",
                tool: "bash",
                input: { command: "cat lines" },
                output: Array.from({ length: 60 }, (_, i) => `${"y".repeat(pad)}${"😀".repeat(150)}${i}`).join("\n"),
              },
            ],
          })
          .filler(3);
        const out = compressMessages(ctx, h.body()).messages;
        for (const id of [h.ids.e, h.ids.l, h.ids.m]) {
          const shown = fieldOf(out, id);
          expect(shown).toContain("[recollect:");
          expect(LONE.test(shown)).toBe(false);
        }
      }
    } finally {
      ctx.close();
    }
  });
});
