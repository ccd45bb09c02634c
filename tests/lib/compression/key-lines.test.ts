import { describe, expect, it } from "vitest";
import { compressMessages } from "../../../lib/compression";
import { LEVELS, type Level } from "../../../lib/compression/pressure";
import { STRATEGIES } from "../../../lib/compression/strategies";
import { requiredLines } from "../../../lib/compression/strategies/key-lines";
import type { PartView, StrategyContext } from "../../../lib/compression/types";
import { testCtx } from "../../helpers/ctx";
import { fieldOf, History } from "./history";

/**
 * Every strategy that cuts inside a part keeps its error, traceback, failed-assertion and
 * `path:line` lines, at every pressure level, wherever they sit in the output (or leaves the part whole).
 */
const TRACEBACK = [
  "Traceback (most recent call last):",
  '  File "/repo/tools/convert.py", line 88, in <module>',
  "    main(sys.argv[1:])",
  '  File "/repo/tools/convert.py", line 41, in main',
  "    count = int(raw)",
  "ValueError: invalid literal for int() with base 10: 'n/a'",
];
const JEST = [
  "FAIL src/middleware/rate-limit.test.ts",
  "  ● rate limit › returns 429 after the burst",
  "    AssertionError: expected 200 to be 429",
  "      at Object.<anonymous> (src/middleware/rate-limit.test.ts:41:23)",
  "src/middleware/rate-limit.ts:14:12 - error TS2339: Property 'take' does not exist on type 'Bucket'.",
];
/** More diagnostics than any level's `maxKey`: the cap of a line selection must not drop them. */
const MANY = Array.from({ length: 30 }, (_, i) => `FAILED tests/test_convert.py::test_case_${i} - AssertionError: ${i} != ${i + 1}`);
const POSITIONS = ["head", "middle", "tail"] as const;
const LEVEL_LIST: Level[] = [0, 1, 2];

function place(filler: string[], block: string[], at: (typeof POSITIONS)[number]): string {
  const mid = Math.floor(filler.length / 2);
  const lines = at === "head" ? [...block, ...filler] : at === "tail" ? [...filler, ...block] : [...filler.slice(0, mid), ...block, ...filler.slice(mid)];
  return lines.join("\n");
}

const sc = (level: Level, previous: string[] = []): StrategyContext => ({
  level,
  p: LEVELS[level],
  ref: () => "0123456789abcdef",
  hasLaterDuplicate: () => false,
  hasLaterEdit: () => false,
  previousLines: () => new Set(previous),
});

const strategy = (name: string) => {
  const s = STRATEGIES.find((x) => x.name === name);
  if (!s) throw new Error(`no strategy ${name}`);
  return s;
};

const view = (v: Partial<PartView>): PartView => ({ messageIndex: 1, partIndex: 0, role: "assistant", kind: "tool", field: "output", original: "", ...v });

interface Case {
  name: string;
  view: PartView;
  filler: string[];
  block: string[];
  previous?: string[];
}

const grepHits = Array.from({ length: 300 }, (_, i) => `src/handlers/h${i % 40}.py:${i + 3}:    value = parse_value(raw, strict=True)`);
const logLines = Array.from({ length: 400 }, (_, i) => `[${String(i).padStart(4, "0")}] processed batch ${i} in ${(i * 7) % 90} ms`);
const listing = Array.from({ length: 60 }, (_, i) => `-rw-r--r-- 1 ci ci ${2000 + i} Jan  1 10:00 report_${i}.xml`);
/** A listing's own diagnostics: names that read as failures, and ls's errors. */
const LISTED = [
  "-rw-r--r-- 1 ci ci 2048 Jan  1 10:00 FAILED-tests.xml",
  "ls: cannot access 'build/out': No such file or directory",
  "-rw-r--r-- 1 ci ci 88 Jan  1 10:00 src/app.ts:14:2-error.txt",
];
const jsonItems = Array.from({ length: 120 }, (_, i) => `  {"id": ${i}, "name": "item-${i}", "status": "ok"},`);

const CASES: Case[] = [
  {
    name: "search-results",
    view: view({ tool: "bash", input: { command: "grep -rn parse_value src && python tools/convert.py" } }),
    filler: grepHits,
    block: TRACEBACK,
  },
  { name: "search-results", view: view({ tool: "grep", input: { pattern: "parse_value" } }), filler: grepHits, block: JEST },
  { name: "command-output", view: view({ tool: "bash", input: { command: "npm test" } }), filler: logLines, block: JEST },
  { name: "listings", view: view({ tool: "bash", input: { command: "ls -l reports" } }), filler: listing, block: LISTED },
  { name: "command-output", view: view({ tool: "bash", input: { command: "python tools/convert.py" } }), filler: logLines, block: TRACEBACK },
  { name: "long-output", view: view({ tool: "webfetch", input: { url: "https://ci.example/log" } }), filler: logLines, block: TRACEBACK },
  { name: "long-output", view: view({ tool: "mcp_ci_logs", input: {} }), filler: logLines, block: JEST },
  { name: "file-reads", view: view({ tool: "read", input: { filePath: "/repo/logs/run.log" } }), filler: logLines, block: TRACEBACK },
  { name: "tool-errors", view: view({ tool: "bash", field: "error", status: "error", input: { command: "make" } }), filler: logLines, block: JEST },
  {
    name: "repeated-lines",
    view: view({ tool: "bash", input: { command: "make check" } }),
    filler: logLines.slice(0, 8),
    block: JEST,
    previous: [...logLines.slice(0, 8), ...JEST],
  },
  { name: "command-output", view: view({ tool: "bash", input: { command: "pytest -q" } }), filler: logLines, block: MANY },
  { name: "long-output", view: view({ tool: "webfetch", input: { url: "https://ci.example/log" } }), filler: logLines, block: MANY },
  { name: "file-reads", view: view({ tool: "read", input: { filePath: "/repo/logs/pytest.log" } }), filler: logLines, block: MANY },
  { name: "tool-errors", view: view({ tool: "bash", field: "error", status: "error", input: { command: "pytest" } }), filler: logLines, block: MANY },
  { name: "assistant-prose", view: view({ kind: "text", field: "text", tool: undefined }), filler: [], block: TRACEBACK },
];

function jsonText(at: (typeof POSITIONS)[number]): string {
  const err = `  {"id": 999, "name": "broken", "status": "failed", "message": "TypeError: Cannot read properties of undefined (reading 'id') at src/sync.ts:77:9"},`;
  const items = [...jsonItems];
  items.splice(at === "head" ? 0 : at === "tail" ? items.length : 60, 0, err);
  items[items.length - 1] = items[items.length - 1].replace(/,$/, "");
  return `[\n${items.join("\n")}\n]`;
}

function prose(at: (typeof POSITIONS)[number]): string {
  const para = (i: number) =>
    `Now let me look at the converter step ${i}. I will open the file and then run it again to see what it prints this time around, since the previous output was long.`;
  const paras = Array.from({ length: 12 }, (_, i) => para(i));
  const block = TRACEBACK.join("\n");
  const at2 = at === "head" ? 0 : at === "tail" ? paras.length : 6;
  paras.splice(at2, 0, block);
  return paras.join("\n\n");
}

describe("key lines survive every strategy at every pressure level", () => {
  for (const c of CASES)
    for (const at of POSITIONS)
      for (const level of LEVEL_LIST)
        it(`${c.name} (${c.view.tool ?? c.view.kind}) with diagnostics at the ${at}, level ${level}`, () => {
          const text = c.name === "assistant-prose" ? prose(at) : place(c.filler, c.block, at);
          const s = strategy(c.name);
          expect(s.appliesTo(c.view)).toBe(true);
          const r = s.apply(text, { ...c.view, original: text }, sc(level, c.previous));
          const out = r?.text ?? text;
          for (const l of c.block) if (requiredLines(l, c.view).length) expect(out, `${l}\n---\n${out}`).toContain(l.trim());
          expect(out.length).toBeLessThanOrEqual(text.length);
        });

  for (const at of POSITIONS)
    for (const level of LEVEL_LIST)
      it(`json-arrays with the failed item at the ${at}, level ${level}`, () => {
        const text = jsonText(at);
        const r = strategy("json-arrays").apply(text, view({ tool: "mcp_sync", original: text }), sc(level));
        expect(r).toBeDefined();
        expect(r?.text).toContain("TypeError: Cannot read properties of undefined (reading 'id') at src/sync.ts:77:9");
      });

  it("the required lines of a tool output: diagnostics yes, search hits no; of prose: output-like diagnostics only", () => {
    const tool = view({});
    const required = requiredLines([...TRACEBACK, ...JEST].join("\n"), tool);
    for (const l of [TRACEBACK[0], TRACEBACK[1], TRACEBACK[3], TRACEBACK[5], JEST[0], JEST[2], JEST[3], JEST[4]]) expect(required).toContain(l);
    expect(requiredLines("src/a.py:12:    raise ValueError('x')\nsrc/b.py:3: error = None", tool)).toEqual([]);
    expect(requiredLines("The test failed because of a typo.\nValueError: bad input", view({ kind: "text", field: "text" }))).toEqual([
      "ValueError: bad input",
    ]);
  });
});

describe("the issue's grep + traceback through the pipeline", () => {
  it("keeps every traceback and ValueError line of a search output at the highest pressure", () => {
    const ctx = testCtx();
    try {
      const output = place(grepHits, TRACEBACK, "tail");
      const h = new History().user("find the converter bug").step({
        tools: [{ name: "g", tool: "bash", input: { command: "grep -rn parse_value src; python tools/convert.py" }, output }],
      });
      h.filler(2);
      const body = h.body();
      const out = fieldOf(compressMessages(ctx, { ...body, contextLimit: 4000 }).messages, h.ids.g);
      expect(out.length).toBeLessThan(output.length);
      for (const l of TRACEBACK) if (l.trim() !== "main(sys.argv[1:])" && l.trim() !== "count = int(raw)") expect(out).toContain(l.trim());
    } finally {
      ctx.close();
    }
  });
});
