import fs from "node:fs";

/**
 * What a test runner's summary reporter (tests/helpers/summary-reporter.ts, e2e/summary-reporter.ts)
 * hands to `npm test` (scripts/test.ts), which prints it at the very end of its output: CI shows only
 * the tail of the log, so what failed, and what passed only on a retry, must be there.
 */
export interface RunSummary {
  /** Failed tests, and failures outside a test (a file that did not load, a hook, an unhandled error). */
  failed: { name: string; error: string }[];
  /** Tests that failed, then passed on a retry: named so a race is seen and fixed, never hidden. */
  flaky: { name: string; error: string }[];
  /** Per file (Vitest) or per test (Playwright), in ms: where the time goes. */
  durations: { name: string; ms: number }[];
}

// Colour codes out, then the first two meaningful lines (Playwright's expected/received, fast-check's
// seed), bounded: the summary stays a few lines a test.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
export function shortError(message: string | undefined): string {
  const lines = (message ?? "")
    .replace(ANSI, "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const text = lines.slice(0, 2).join(" | ") || "(no message)";
  return text.length > 240 ? `${text.slice(0, 240)}…` : text;
}

export function readSummary(file: string): RunSummary | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as RunSummary;
  } catch {
    return undefined;
  }
}

/** The lines printed for one runner: failures and flaky tests (at most `limit` each), the slowest few. */
export function summaryLines(runner: string, summary: RunSummary | undefined, options: { limit?: number; slowest?: number } = {}): string[] {
  const { limit = 20, slowest = 5 } = options;
  if (!summary) return [`${runner}: no summary written (the runner did not finish)`];
  const list = (label: string, items: RunSummary["failed"]) =>
    items.length
      ? [
          `${runner} ${label} (${items.length}):`,
          ...items.slice(0, limit).map((i) => `  ${i.name}\n      ${i.error}`),
          ...(items.length > limit ? [`  … and ${items.length - limit} more`] : []),
        ]
      : [];
  const slow = [...summary.durations].sort((a, b) => b.ms - a.ms).slice(0, slowest);
  return [
    ...list("FAILED", summary.failed),
    ...list("flaky, passed on retry", summary.flaky),
    ...(slow.length ? [`${runner} slowest: ${slow.map((d) => `${d.name} ${(d.ms / 1000).toFixed(1)}s`).join(", ")}`] : []),
  ];
}
