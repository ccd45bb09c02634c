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

  it("reads the files it guards", () => {
    expect(files).toContain("tests/lib/search/near-duplicate-index.test.ts");
    expect(files.some((f) => f.startsWith("e2e/browser/"))).toBe(true);
  });
});
