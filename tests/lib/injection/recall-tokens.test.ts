import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recallContextInput } from "../../../lib/contracts/context";
import { buildRecallBlock, RECALL_CLOSE } from "../../../lib/injection/recall";
import { createMemory } from "../../../lib/memories";
import { countTokens } from "../../../lib/token-count";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

// The recall block's `tokens` is summed line by line (lib/injection/recall.ts FRAME_TOKENS): it must
// equal counting the whole block, whatever the memories' text. Pieces chosen where o200k's
// pre-tokenizer merges across characters: punctuation (it takes a following newline with it),
// whitespace runs, contractions, digits, non-Latin scripts, emoji, paths, a cut line's ellipsis.
const PIECES = [
  "zebra",
  "bar.",
  "…",
  "  ",
  "\t",
  "'s",
  "/",
  "//",
  "\\",
  "12345",
  "é",
  "日本語",
  "🙂",
  ",",
  ":",
  "-",
  "[x]",
  "?!",
  "'",
  '"',
  "/path/to/file.ts",
  "http://a.b/c?d=1",
  "ALLCAPS",
  "camelCase",
  "don't",
  "\u00a0",
  "\r\n",
  "\n\n",
  "=====",
  "<b>",
  "</",
  "recollect-memory",
  "x".repeat(300),
];

let ctx: ReturnType<typeof testCtx>;
let dir: string;
let seed = 7;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;

beforeAll(() => {
  ctx = testCtx({ env: { RECOLLECT_EMBEDDING_PROVIDER: "none" } });
  ctx.config.embedding.provider = "none";
  dir = tempDir("recall-tokens-");
  for (let i = 0; i < 60; i++) {
    let content = `zebra note ${i}`;
    for (let j = 0, n = 1 + Math.floor(rnd() * 14); j < n; j++) content += (rnd() < 0.5 ? " " : "") + pick(PIECES);
    // Some end in punctuation, some in a space-free run, some are cut at the line's 400 characters.
    content += pick(["", ".", "…", "?", " ", ")", "\n", "x".repeat(420)]);
    createMemory(ctx, {
      content,
      ...(rnd() < 0.3 ? { title: `T${i}${pick(PIECES.slice(0, -1))}` } : {}),
      category: pick(["decision", "gotcha", "note"]),
      directory: dir,
    });
  }
});
afterAll(() => ctx?.close());

describe("the recall block's token count", () => {
  it("equals counting the whole block, over 40 blocks of random memories", async () => {
    let lines = 0;
    for (let q = 0; q < 40; q++) {
      const r = await buildRecallBlock(
        ctx,
        recallContextInput.parse({ directory: dir, query: `zebra ${pick(PIECES)} note`, limit: 1 + Math.floor(rnd() * 8), budget: 2000 }),
      );
      expect(r.block).not.toBe("");
      expect(r.tokens).toBe(countTokens(r.block));
      // What keeps the sum exact: every piece after a newline starts with neither whitespace nor
      // "/" (o200k's punctuation run takes a following `[\r\n/]*`).
      for (const piece of r.block.split("\n").slice(1)) expect(piece).toMatch(/^[^\s/]/);
      lines += r.memoryIds.length;
    }
    expect(RECALL_CLOSE).toMatch(/^</);
    // The blocks held several lines each (the sum has boundaries to get wrong).
    expect(lines).toBeGreaterThan(80);
  });
});
