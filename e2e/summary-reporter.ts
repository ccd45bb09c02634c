import fs from "node:fs";
import type { FullConfig, Reporter, Suite, TestCase, TestError } from "@playwright/test/reporter";
import { type RunSummary, shortError } from "../scripts/test-summary";

/**
 * Writes what `npm test` prints last (scripts/test.ts): the failed tests, the tests that passed only
 * on their retry (flaky: named, never hidden), errors outside any test, and each test's time over
 * its attempts. Active when RECOLLECT_PLAYWRIGHT_SUMMARY names the JSON file (playwright.config.ts).
 */
export default class SummaryReporter implements Reporter {
  private root: Suite | undefined;
  private errors: TestError[] = [];

  onBegin(_config: FullConfig, suite: Suite): void {
    this.root = suite;
  }

  onError(error: TestError): void {
    this.errors.push(error);
  }

  onEnd(): void {
    const file = process.env.RECOLLECT_PLAYWRIGHT_SUMMARY;
    if (!file) return;
    const summary: RunSummary = { failed: [], flaky: [], durations: [] };
    const nameOf = (t: TestCase) => `${t.location.file.split("/e2e/").pop()} > ${t.titlePath().slice(3).join(" > ")}`;
    for (const t of this.root?.allTests() ?? []) {
      const outcome = t.outcome();
      const firstError = t.results.find((r) => r.error)?.error?.message;
      if (outcome === "unexpected") summary.failed.push({ name: nameOf(t), error: shortError(firstError) });
      else if (outcome === "flaky") summary.flaky.push({ name: nameOf(t), error: `passed on retry; before: ${shortError(firstError)}` });
      if (t.results.length) summary.durations.push({ name: nameOf(t), ms: t.results.reduce((sum, r) => sum + r.duration, 0) });
    }
    for (const e of this.errors) summary.failed.push({ name: "(outside a test)", error: shortError(e.message) });
    fs.writeFileSync(file, JSON.stringify(summary));
  }

  printsToStdio(): boolean {
    return false;
  }
}
