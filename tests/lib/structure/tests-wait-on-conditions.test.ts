import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Tests wait for conditions, never for time (issue 43, point 6): a fixed sleep stands in for a
 * condition and fails on a loaded machine, or hides the bug it waits past; a duration compared in
 * an expect measures the machine. Speed is measured in bench/. Poll with `vi.waitFor` in Vitest,
 * `waitUntil` (tests/helpers/wait-until.ts) elsewhere, Playwright's `expect.poll`/locators in e2e/;
 * a test of a linear-time fix relies on its per-test `timeout`.
 */
const ROOT = path.resolve(__dirname, "../../..");
const SELF = path.relative(ROOT, __filename);

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "fixtures" || e.name === "node_modules" ? [] : sources(rel);
    return /\.tsx?$/.test(e.name) && rel !== SELF ? [rel] : [];
  });
}
const files = [...sources("tests"), ...sources("e2e")];

/** Files that read performance.now() as a start time given to the code they test, never to compare. */
const CLOCK_READERS = ["tests/lib/metrics/metrics.test.ts", "tests/lib/services.test.ts"];

function offending(patterns: RegExp[]): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .flatMap((line, i) => (patterns.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/** The text of a call's arguments, from just after its "(" to its matching ")". */
function callArguments(text: string, start: number): string {
  let depth = 1;
  let i = start;
  for (; i < text.length && depth > 0; i++) {
    if ("([{".includes(text[i])) depth++;
    else if (")]}".includes(text[i])) depth--;
  }
  return text.slice(start, i - 1);
}

/** A wait's options given by name (`waitOpts`): the timeout in that constant's definition. */
function named(text: string, args: string): RegExpExecArray | null {
  const name = /,\s*([A-Za-z_$][\w$]*)\s*,?\s*$/.exec(args)?.[1];
  return name ? new RegExp(`\\b${name}\\s*=\\s*\\{[^}]*\\btimeout:\\s*([\\d_]+)`).exec(text) : null;
}

describe("tests wait on conditions", () => {
  it("sleep for no fixed 100 ms or more", () => {
    const sleeps = offending([
      // new Promise((r) => setTimeout(r, 300)), setTimeout(resolve, 1_000)
      /setTimeout\(\s*[A-Za-z_$][\w$]*\s*,\s*(?:[1-9][\d_]{2,})\s*\)/,
      /\bsleep\(\s*[1-9][\d_]{2,}\s*\)/,
      /\.waitForTimeout\(/,
    ]);
    expect(sleeps).toEqual([]);
  });

  it("assert no durations measured on the wall clock", () => {
    // expect(performance.now() - started).toBeLessThan(2000)
    expect(offending([/expect\([^\n]*\b(?:performance\.now\(\)|Date\.now\(\))\s*-\s*[A-Za-z_$]/])).toEqual([]);
    // Nor a duration computed first and compared after (two timings of one run, a gap between answers):
    // a test reads the monotonic clock only to hand a start time to the code under test.
    const clockReads = offending([/\bperformance\.now\(\)|process\.hrtime\b/]).filter((hit) => !CLOCK_READERS.some((file) => hit.startsWith(`${file}:`)));
    expect(clockReads).toEqual([]);
  });

  it("bound every Vitest wait for a loaded machine: a timeout of 30 s or more, never the 1 s default", () => {
    // At load 25-30 on 2 cores a background write the tests waited 1 s for came later (docs/testing.md,
    // "Time in tests"). The bound is for a hang; the condition is what is asserted.
    const short: string[] = [];
    for (const file of files.filter((f) => f.startsWith("tests/"))) {
      const text = fs.readFileSync(path.join(ROOT, file), "utf8");
      for (const call of text.matchAll(/\b(?:vi\.waitFor|expect\.poll)\(/g)) {
        const args = callArguments(text, call.index + call[0].length);
        const bound = /\btimeout:\s*([\d_]+)/.exec(args) ?? named(text, args);
        const line = text.slice(0, call.index).split("\n").length;
        if (!bound || Number(bound[1].replace(/_/g, "")) < 30_000) short.push(`${file}:${line}`);
      }
    }
    expect(short).toEqual([]);
  });

  it("bound every Playwright wait for a loaded machine: 30 s or more, Playwright's 5 s default raised in its config", () => {
    // At load 10-12 on 2 cores a page's list rendered after the 5 s default: a web-first assertion
    // with no timeout of its own waits up to playwright.config.ts' `expect.timeout`.
    const config = fs.readFileSync(path.join(ROOT, "playwright.config.ts"), "utf8");
    expect(Number(/\bexpect:\s*\{\s*timeout:\s*([\d_]+)/.exec(config)?.[1].replace(/_/g, ""))).toBeGreaterThanOrEqual(30_000);
    // A poll or a retried block that names its own bound names one as long (a short bound inside
    // `toPass` is one try of many, and is not checked).
    const short: string[] = [];
    for (const file of files.filter((f) => f.startsWith("e2e/"))) {
      const text = fs.readFileSync(path.join(ROOT, file), "utf8");
      for (const call of text.matchAll(/\bexpect(?:\.soft)?\.poll\(|\.toPass\(/g)) {
        const args = callArguments(text, call.index + call[0].length);
        const bound = /\btimeout:\s*([\d_]+)/.exec(args);
        const line = text.slice(0, call.index).split("\n").length;
        if (bound && Number(bound[1].replace(/_/g, "")) < 30_000) short.push(`${file}:${line}`);
      }
    }
    expect(short).toEqual([]);
  });

  it("reads the files it guards", () => {
    expect(files).toContain("tests/lib/search/near-duplicate-index.test.ts");
    expect(files.some((f) => f.startsWith("e2e/browser/"))).toBe(true);
  });
});
