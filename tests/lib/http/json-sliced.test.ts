import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findTooDeep } from "@/lib/http/json-depth";
import { decodeStringSteps, parseJsonSliced, parseJsonSteps, parseJsonWhole, SLICED_JSON_CHARS } from "@/lib/http/json-sliced";

/** Pads a JSON value past SLICED_JSON_CHARS so the sliced path runs (an array of fillers around it). */
const padded = (value: unknown, space = "") => {
  const filler = Array.from({ length: 3_000 }, (_, i) => ({ id: `prt_${i}`, text: "x".repeat(200), n: i, ok: i % 2 === 0, none: null }));
  return JSON.stringify({ before: filler, value, after: filler }, null, space);
};

describe("parseJsonSliced", () => {
  it("gives what JSON.parse gives, for any JSON value inside a big body", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.constantFrom("", " ", "\n\t"), (value, space) => {
        const text = padded(value, space);
        expect(text.length).toBeGreaterThanOrEqual(SLICED_JSON_CHARS);
        expect(parseJsonWhole(text)).toEqual({ value: JSON.parse(text) });
      }),
      { numRuns: 12 },
    );
  });

  it("keeps strings with escaped quotes and backslashes, and `__proto__` as an own key", () => {
    const tricky = { 'a"b\\': 'say \\"hi\\" \\\\', __proto__key: 1, list: ["\\", '"', "]}", "{["] };
    const text = padded(tricky).replace('"__proto__key"', '"__proto__"');
    const out = parseJsonWhole(text) as { value: { value: Record<string, unknown> } };
    expect(out.value).toEqual(JSON.parse(text));
    expect(Object.hasOwn(out.value.value, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(out.value.value)).toBe(Object.prototype);
  });

  it("one big array of small elements and one long string, as a history has them", async () => {
    const messages = Array.from({ length: 20_000 }, (_, i) => ({ info: { id: `msg_${i}` }, parts: [{ type: "text", text: `t${i}` }] }));
    const text = JSON.stringify({ sessionID: "s", messages, long: "y\\n".repeat(400_000) });
    expect(await parseJsonSliced(text)).toEqual({ value: JSON.parse(text) });
  });

  it("strings, escapes and surrogate pairs that cross the 64 KB pieces parse as JSON.parse parses them", async () => {
    // JSON text (not values): escaped quotes and backslashes, \u escapes, an escaped and a raw
    // surrogate pair, an escaped lone surrogate, raw non-ASCII.
    const pieces = [
      String.raw`\"`,
      String.raw`\\`,
      String.raw`\\\"`,
      String.raw`\u00e9`,
      String.raw`\ud83d\ude00`,
      "😀",
      String.raw`\udc00`,
      "é",
      String.raw`\/\n`,
    ];
    const SPLIT = 64 * 1024;
    for (let shift = 0; shift < 8; shift++) {
      const items: string[] = [];
      for (const piece of pieces) {
        // A string whose end, an escape, falls at and around the 64 KB mark of its container's text.
        items.push(`"${"a".repeat(SPLIT - 2 - piece.length + shift - 4)}${piece}"`);
        // An object key with the escape, and a value string longer than a piece.
        items.push(`{"k${piece}":"${"c".repeat(SPLIT + shift)}${piece}","n":[${shift},"${piece}"]}`);
        // Containers right under, at and over the size that is built element by element.
        for (const delta of [-1, 0, 1]) {
          const inner = `["${piece}","${"d".repeat(SPLIT + delta - 8 - 2 * piece.length)}${piece}"]`;
          items.push(inner);
        }
      }
      const text = `{"pad":"${"p".repeat(shift)}","items":[${items.join(",")}],"last":"${pieces.join("")}"}`;
      expect(text.length).toBeGreaterThanOrEqual(SLICED_JSON_CHARS);
      const expected = JSON.parse(text);
      expect(parseJsonWhole(text)).toEqual({ value: expected });
      if (shift === 0) expect(await parseJsonSliced(text)).toEqual({ value: expected });
    }
  });

  it("a string longer than a decoded piece (256 K), with an escape at every cut, decodes as JSON.parse decodes it", () => {
    const PIECE = 256 * 1024;
    const escapes = [String.raw`\"`, String.raw`\\`, String.raw`\u00e9`, String.raw`\ud83d\ude00`, String.raw`\udc00`, String.raw`\n`, "😀"];
    for (const sequence of escapes) {
      for (let shift = -7; shift <= 1; shift++) {
        // The escape straddles (or just touches) the first cut, 256 K characters after the opening quote.
        const literal = `"${"a".repeat(PIECE + shift)}${sequence}${"b".repeat(PIECE)}${sequence}"`;
        const steps = decodeStringSteps(literal, 0, literal.length);
        let step = steps.next();
        while (!step.done) step = steps.next();
        expect(step.value === JSON.parse(literal), `${sequence} at ${shift}`).toBe(true);
        const body = `{"k${sequence}":${literal},"${"k".repeat(70_000)}":[${literal}]}`;
        expect(parseJsonWhole(body)).toEqual({ value: JSON.parse(body) });
      }
    }
  });

  it("one long string (a transcript's JSON lines) is scanned and decoded in many steps, not one", () => {
    const jsonl = Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ type: "user", message: { content: `question ${i}` } })).join("\n");
    const text = JSON.stringify({ agent: "claude-code", transcript: jsonl });
    expect(text.length).toBeGreaterThan(1_000_000);
    const steps = parseJsonSteps(text);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields++;
    expect(step.value).toEqual({ value: { agent: "claude-code", transcript: jsonl } });
    // 16 K characters a scan step, 256 K a decoded piece: about 70; one string was one step before.
    expect(yields).toBeGreaterThanOrEqual(50);
  });

  it("refuses what is not JSON, as JSON.parse does", () => {
    const good = padded({ a: 1 });
    for (const bad of [
      good.slice(0, -1),
      `${good}x`,
      good.replace('"before":', '"before"'),
      good.replace("[{", "[,{"),
      good.replace("}]", "},]"),
      good.replace('"value":{"a":1}', '"value":{"a":1]'),
    ]) {
      expect(() => JSON.parse(bad)).toThrow(SyntaxError);
      expect(() => parseJsonWhole(bad)).toThrow(SyntaxError);
    }
  });

  it("past the depth limit: the path findTooDeep names, nothing built", () => {
    let deep: unknown = "end";
    for (let i = 0; i < 100; i++) deep = i % 2 ? { k: deep } : [deep];
    const text = padded(deep);
    const out = parseJsonWhole(text);
    expect(out).toHaveProperty("tooDeep");
    const expected = findTooDeep(JSON.parse(text));
    expect("tooDeep" in out && out.tooDeep).toEqual(expected);
  });

  it("past the depth limit after a long string: the path is found in steps too", () => {
    // 1,000,000 escaped quotes, as a value and as a key: the scan crosses them 16 K characters a
    // step; finding the path for the 400 crossed them (and decoded the key) in one step.
    const long = '\\"'.repeat(1_000_000);
    let deep: unknown = "end";
    for (let i = 0; i < 100; i++) deep = [deep];
    const text = `{"t":"${long}","${long}":${JSON.stringify(deep)}}`;
    const steps = parseJsonSteps(text);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields++;
    const out = step.value;
    expect("tooDeep" in out && out.tooDeep.keys.slice(0, 2)).toEqual([JSON.parse(`"${long}"`), 0]);
    // Each pass crosses 4 M characters at 16 K a step: about 250 steps each.
    expect(yields).toBeGreaterThanOrEqual(400);
  });

  it("a body nested 100,000 deep never overflows the stack", () => {
    const text = `${"[".repeat(300_000)}${"]".repeat(300_000)}`;
    const out = parseJsonWhole(text);
    expect("tooDeep" in out && out.tooDeep.message).toMatch(/nested deeper than 64 levels/);
  });
});

describe("a big request body does not hold the event loop", () => {
  /** The turns the event loop takes while `work` runs: a setImmediate chain counts them. */
  async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await work();
    running = false;
    return turns;
  }

  it("readJsonBody of a 20 MB history lets the loop turn while it parses; JSON.parse of it never would", async () => {
    const messages = Array.from({ length: 40_000 }, (_, i) => ({
      info: { id: `msg_${i}`, sessionID: "ses", role: i % 2 ? "user" : "assistant" },
      parts: [{ id: `prt_${i}`, type: "text", text: `answer ${i}: ${"checked the index ".repeat(25)}` }],
    }));
    const text = JSON.stringify({ sessionID: "ses", messages });
    expect(text.length).toBeGreaterThan(20_000_000);
    const { readJsonBody } = await import("../../../app/api/_lib/read-json");
    let parsed: unknown;
    const sliced = await turnsDuring(async () => {
      parsed = await readJsonBody(new Request("http://x/", { method: "POST", body: text }), 64 * 1024 * 1024);
    });
    expect(parsed).toEqual(JSON.parse(text));
    // Reading the body takes a few turns of its own; the parse adds one per slice of SLICE_MS (a
    // synchronous JSON.parse adds none). How many slices depends on the machine's speed: 11-12 turns
    // in all on a fast 2-core machine (about 110 ms of parsing), so the bound asks for several, not ten.
    const readOnly = await turnsDuring(async () => new Request("http://x/", { method: "POST", body: text }).text());
    expect(sliced).toBeGreaterThan(readOnly + 3);
  });
});
