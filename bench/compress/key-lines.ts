/**
 * Key-line retention per strategy: every strategy that cuts inside a part, at every pressure
 * level, on (a) synthetic outputs with diagnostics at the head, middle and tail (grep hits with a
 * traceback after them, test logs with more failures than a level's `maxKey`, JSON with a failed
 * item, assistant prose around a traceback), and (b) every tool output of the shared trajectories
 * when present. A required line (lib/compression/strategies/key-lines.ts) counts as kept when the
 * strategy's result contains it, or when the strategy leaves the part whole. Reported for the
 * strategies as shipped and, for comparison, without the key-line guard.
 *
 *   npx tsx bench/compress/key-lines.ts
 */
import fs from "node:fs";
import path from "node:path";
import { LEVELS, type Level } from "../../lib/compression/pressure";
import { STRATEGIES } from "../../lib/compression/strategies";
import { assistantProse } from "../../lib/compression/strategies/assistant-prose";
import { commandOutput } from "../../lib/compression/strategies/command-output";
import { fileReads } from "../../lib/compression/strategies/file-reads";
import { jsonArrays } from "../../lib/compression/strategies/json-arrays";
import { requiredLines } from "../../lib/compression/strategies/key-lines";
import { listings } from "../../lib/compression/strategies/listings";
import { longOutput } from "../../lib/compression/strategies/long-output";
import { repeatedLines } from "../../lib/compression/strategies/repeated-lines";
import { searchResults } from "../../lib/compression/strategies/search-results";
import { toolErrors } from "../../lib/compression/strategies/tool-errors";
import type { PartView, Strategy, StrategyContext } from "../../lib/compression/types";
import type { Run } from "./convert";

const RAW: Record<string, Strategy> = Object.fromEntries(
  [toolErrors, jsonArrays, listings, fileReads, searchResults, commandOutput, longOutput, repeatedLines, assistantProse].map((s) => [s.name, s]),
);
const GUARDED = Object.fromEntries(STRATEGIES.filter((s) => RAW[s.name]).map((s) => [s.name, s]));

export interface KeyLineRow {
  strategy: string;
  level: Level;
  parts: number;
  cut: number;
  required: number;
  kept: number;
  keptWithoutGuard: number;
}

const sc = (level: Level): StrategyContext => ({
  level,
  p: LEVELS[level],
  ref: () => "0123456789abcdef",
  hasLaterDuplicate: () => false,
  hasLaterEdit: () => false,
  previousLines: () => new Set(),
});

const TRACEBACK = [
  "Traceback (most recent call last):",
  '  File "/repo/tools/convert.py", line 88, in <module>',
  "    main(sys.argv[1:])",
  '  File "/repo/tools/convert.py", line 41, in main',
  "ValueError: invalid literal for int() with base 10: 'n/a'",
];
const MANY = Array.from({ length: 30 }, (_, i) => `FAILED tests/test_convert.py::test_case_${i} - AssertionError: ${i} != ${i + 1}`);
const grep = Array.from({ length: 300 }, (_, i) => `src/handlers/h${i % 40}.py:${i + 3}:    value = parse_value(raw, strict=True)`);
const log = Array.from({ length: 400 }, (_, i) => `[${String(i).padStart(4, "0")}] processed batch ${i} in ${(i * 7) % 90} ms`);

function at(filler: string[], block: string[], where: number): string {
  const i = Math.floor((filler.length * where) / 2);
  return [...filler.slice(0, i), ...block, ...filler.slice(i)].join("\n");
}

const view = (v: Partial<PartView>): PartView => ({ messageIndex: 1, partIndex: 0, role: "assistant", kind: "tool", field: "output", original: "", ...v });

export function syntheticParts(): { view: PartView; text: string }[] {
  const out: { view: PartView; text: string }[] = [];
  for (const where of [0, 1, 2]) {
    out.push({ view: view({ tool: "bash", input: { command: "grep -rn parse_value src; python tools/convert.py" } }), text: at(grep, TRACEBACK, where) });
    out.push({ view: view({ tool: "bash", input: { command: "pytest -q" } }), text: at(log, MANY, where) });
    out.push({ view: view({ tool: "webfetch", input: { url: "https://ci.example/log" } }), text: at(log, [...TRACEBACK, ...MANY], where) });
    out.push({ view: view({ tool: "read", input: { filePath: "/repo/logs/pytest.log" } }), text: at(log, MANY, where) });
    out.push({ view: view({ tool: "bash", field: "error", status: "error", input: { command: "pytest" } }), text: at(log, MANY, where) });
    const items = Array.from({ length: 120 }, (_, i) => `  {"id": ${i}, "status": "ok"}`);
    items.splice(where * 60, 0, `  {"id": 999, "status": "failed", "message": "TypeError: undefined is not a function at src/sync.ts:77:9"}`);
    out.push({ view: view({ tool: "mcp_sync", input: {} }), text: `[\n${items.join(",\n")}\n]` });
    const paras = Array.from(
      { length: 12 },
      (_, i) => `Now let me look at step ${i}. I will open the file and run it again to see what it prints this time around.`,
    );
    paras.splice(where * 6, 0, TRACEBACK.join("\n"));
    out.push({ view: view({ kind: "text", field: "text", tool: undefined }), text: paras.join("\n\n") });
  }
  return out.map((p) => ({ ...p, view: { ...p.view, original: p.text } }));
}

export function trajectoryParts(runs: Run[]): { view: PartView; text: string }[] {
  const out: { view: PartView; text: string }[] = [];
  for (const run of runs)
    for (const [mi, m] of run.messages.entries())
      for (const [pi, p] of m.parts.entries()) {
        const part = p as {
          type: string;
          tool?: string;
          text?: string;
          state?: { status: string; input?: Record<string, unknown>; output?: string; error?: string };
        };
        if (part.type === "tool" && part.state) {
          const text = part.state.status === "error" ? part.state.error : part.state.output;
          if (!text) continue;
          const field = part.state.status === "error" ? "error" : "output";
          out.push({
            text,
            view: {
              messageIndex: mi,
              partIndex: pi,
              role: "assistant",
              kind: "tool",
              tool: part.tool,
              input: part.state.input,
              status: part.state.status,
              field,
              original: text,
            },
          });
        } else if (part.type === "text" && m.info.role === "assistant" && part.text)
          out.push({ text: part.text, view: { messageIndex: mi, partIndex: pi, role: "assistant", kind: "text", field: "text", original: part.text } });
      }
  return out;
}

export function keyLineRetention(parts: { view: PartView; text: string }[]): KeyLineRow[] {
  const rows: KeyLineRow[] = [];
  for (const name of Object.keys(RAW))
    for (const level of [0, 1, 2] as Level[]) {
      const row: KeyLineRow = { strategy: name, level, parts: 0, cut: 0, required: 0, kept: 0, keptWithoutGuard: 0 };
      for (const { view: v, text } of parts) {
        if (!RAW[name].appliesTo(v)) continue;
        const required = requiredLines(text, v);
        const raw = RAW[name].apply(text, v, sc(level));
        const guarded = GUARDED[name].apply(text, v, sc(level));
        row.parts++;
        if (guarded) row.cut++;
        row.required += required.length;
        row.kept += required.filter((l) => !guarded || guarded.text.includes(l.trim())).length;
        row.keptWithoutGuard += required.filter((l) => !raw || raw.text.includes(l.trim())).length;
      }
      rows.push(row);
    }
  return rows;
}

export function keyLineTable(rows: KeyLineRow[]): string {
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : "-");
  return [
    "| strategy | level | parts it applies to | parts cut | required lines | kept | kept without the guard |",
    "|---|---|---|---|---|---|---|",
    ...rows
      .filter((r) => r.parts)
      .map(
        (r) => `| ${r.strategy} | ${r.level} | ${r.parts} | ${r.cut} | ${r.required} | ${pct(r.kept, r.required)} | ${pct(r.keptWithoutGuard, r.required)} |`,
      ),
  ].join("\n");
}

async function main() {
  const synthetic = keyLineRetention(syntheticParts());
  console.log("\nKey-line retention per strategy, synthetic outputs (diagnostics at head, middle, tail)\n");
  console.log(keyLineTable(synthetic));
  const root = path.resolve(import.meta.dirname, "../..");
  const data = [path.resolve(root, "../shared/data/trajectories"), path.resolve(root, "../../shared/data/trajectories")].find((d) => fs.existsSync(d));
  let trajectories: KeyLineRow[] | null = null;
  if (data) {
    const { loadTrajectories } = await import("./convert");
    trajectories = keyLineRetention(trajectoryParts(loadTrajectories(data)));
    console.log("\nKey-line retention per strategy, every tool output and assistant text of the shared trajectories\n");
    console.log(keyLineTable(trajectories));
  } else console.log("\nshared trajectories not found: that part skipped");
  const results = path.join(root, "bench", "results");
  fs.mkdirSync(results, { recursive: true });
  fs.writeFileSync(path.join(results, "compress-key-lines.json"), JSON.stringify({ at: new Date().toISOString(), synthetic, trajectories }, null, 2));
  console.log("\nwrote bench/results/compress-key-lines.json");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) void main();
