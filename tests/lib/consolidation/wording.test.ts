import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Featured } from "@/lib/consolidation/features";
import { mergedWording } from "@/lib/consolidation/merge";
import { protectedSpans, sentencesOf } from "@/lib/consolidation/sentences";
import type { MemoryLite } from "@/lib/consolidation/types";
import { tokenize } from "@/lib/search/tokenizer";

const featured = (content: string): Featured => {
  const sequence = tokenize(content, "query");
  return { memory: { content, title: null } as MemoryLite, tokens: new Set(sequence), sequence };
};

// ---- a generator of memories made of known sentences ------------------------------------------

const word = fc.constantFrom(
  "never",
  "commit",
  "the",
  "file",
  "it",
  "holds",
  "keys",
  "database",
  "deploy",
  "Stripe",
  "run",
  "tests",
  "staging",
  "cache",
  "order",
  "service",
  "timeout",
  "Postgres",
  "use",
  "config",
);
/** Parts that carry dots, slashes, colons: what a naive splitter cuts. */
const tricky = fc.constantFrom(
  "`.env`",
  "`.env.local`",
  "`config.server.port`",
  "`foo.bar()`",
  "`a. B`",
  "`x! Y? z.`",
  "lib/tax/client.ts",
  "./scripts/run.sh",
  "~/.config/app.json",
  "C:\\Users\\me\\app.ini",
  "https://shop.example.com/admin?x=1.5&y=2",
  "http://localhost:3000/api/v1.2/items",
  "www.example.org/a.b",
  "v2.3.1",
  "10.00",
  "3.14",
  "1,000.50",
  "192.168.0.1",
  "e.g.",
  "i.e.",
  "etc.",
  "Dr.",
  "vs.",
  "user.profile.email",
  "node:fs",
  "@scope/pkg@1.2.3",
);
const cjk = fc.constantFrom("订单服务", "数据库连接池", "使用", "部署到", "预发环境", "不要提交", "文件", "密钥", "版本");
const enSentence = fc
  .tuple(
    fc.array(fc.oneof({ weight: 3, arbitrary: word }, { weight: 2, arbitrary: tricky }), { minLength: 2, maxLength: 9 }),
    fc.constantFrom(".", "!", "?", "."),
    fc.constantFrom(" ", ", ", "; ", ": "),
  )
  .map(([parts, end, inner]) => {
    const body = parts.join(" ").replace(/ /, inner);
    return `${body.charAt(0).toUpperCase()}${body.slice(1)}${end}`;
  });
const zhSentence = fc
  .tuple(
    fc.array(fc.oneof({ weight: 3, arbitrary: cjk }, { weight: 1, arbitrary: tricky }), { minLength: 2, maxLength: 6 }),
    fc.constantFrom("。", "！", "？"),
    fc.constantFrom("，", "；", "："),
  )
  .map(([parts, end, inner]) => `${parts.map((p, i) => (i === 1 ? `${inner}${p}` : p)).join(" ")}${end}`);
const memoryArb = fc
  .tuple(
    fc.array(fc.oneof(enSentence, zhSentence), { minLength: 1, maxLength: 4 }),
    fc.array(fc.constantFrom(" ", " ", "\n", ""), { minLength: 4, maxLength: 4 }),
  )
  .map(([sentences, seps]) => {
    let text = "";
    const bounds: number[] = [0];
    sentences.forEach((s, i) => {
      if (i > 0) text += /[。！？]$/.test(text) ? seps[i]! : seps[i]! || " ";
      text += s;
      bounds.push(text.length);
    });
    return { text, sentences, bounds };
  });

/** Every slice of a memory from one sentence start to a later sentence end, trimmed: consecutive whole sentences. */
function wholeRuns(m: { text: string; sentences: string[] }): Set<string> {
  const starts: number[] = [];
  const ends: number[] = [];
  let from = 0;
  for (const s of m.sentences) {
    const at = m.text.indexOf(s, from);
    starts.push(at);
    ends.push(at + s.length);
    from = at + s.length;
  }
  const out = new Set<string>();
  for (let i = 0; i < starts.length; i++) for (let j = i; j < ends.length; j++) out.add(m.text.slice(starts[i], ends[j]).trim());
  return out;
}

/** Whether `text` is one input whole, then pieces that are each consecutive whole sentences of an input, with only white space between. */
function madeOfWholeSentences(text: string, inputs: readonly { text: string; sentences: string[] }[]): boolean {
  const pieces = new Set(inputs.flatMap((m) => [...wholeRuns(m)]));
  const memo = new Map<number, boolean>();
  const rest = (pos: number): boolean => {
    if (pos === text.length) return true;
    const cached = memo.get(pos);
    if (cached !== undefined) return cached;
    let at = pos;
    while (at < text.length && /\s/.test(text[at]!)) at++;
    let ok = false;
    for (const p of pieces) if (p && text.startsWith(p, at) && rest(at + p.length)) ok = true;
    memo.set(pos, ok);
    return ok;
  };
  return inputs.some((m) => text.startsWith(m.text.trim()) && rest(m.text.trim().length));
}

describe("the merge's wording", () => {
  it("is made only of whole sentences of its inputs (10,000 generated memories with code spans, dotted names, paths, URLs, numbers, abbreviations, CJK punctuation)", () => {
    fc.assert(
      fc.property(fc.array(memoryArb, { minLength: 2, maxLength: 3 }), (inputs) => {
        const text = mergedWording(inputs.map((m) => featured(m.text)));
        expect(madeOfWholeSentences(text, inputs)).toBe(true);
      }),
      { numRuns: 10_000, seed: 38 },
    );
  }, 600_000);

  it("never cuts a sentence inside a protected span", () => {
    fc.assert(
      fc.property(memoryArb, (m) => {
        const spans = protectedSpans(m.text);
        let from = 0;
        for (const s of sentencesOf(m.text)) {
          const start = m.text.indexOf(s, from);
          expect(start).toBeGreaterThanOrEqual(0);
          const end = start + s.length;
          for (const p of spans) {
            expect(start > p.start && start < p.end).toBe(false);
            expect(end > p.start && end < p.end).toBe(false);
          }
          from = end;
        }
      }),
      { numRuns: 2_000, seed: 7 },
    );
  }, 300_000);

  it("keeps the `.env` sentence of the issue whole (the splitter once cut at its dot)", () => {
    const a = "Never commit the `.env` file; it holds the Stripe keys and the database URL.";
    const b = "Never commit the `.env` file: it holds the Stripe keys and the database URL for local development.";
    expect(sentencesOf(`${a} ${b}`)).toEqual([a, b]);
    const text = mergedWording([featured(a), featured(b)]);
    expect(text).toBe(b);
    expect(text).not.toMatch(/(^|\s)env`/);
  });

  it("cuts English and Chinese sentences where they end, not at abbreviations, versions or paths", () => {
    expect(sentencesOf("Use e.g. Vitest. Bump to v2.3.1 now! See lib/x.ts. 订单服务的连接池是 50。用户服务是 30！好吗？")).toEqual([
      "Use e.g. Vitest.",
      "Bump to v2.3.1 now!",
      "See lib/x.ts.",
      "订单服务的连接池是 50。",
      "用户服务是 30！",
      "好吗？",
    ]);
  });
});
