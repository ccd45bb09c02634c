import fs from "node:fs";
import type { Reporter, SerializedError, TestModule } from "vitest/node";
import { type RunSummary, shortError } from "../../scripts/test-summary";

/**
 * Writes what `npm test` prints last (scripts/test.ts): the failed tests, the tests that passed only
 * on a retry (flaky: named, never hidden), errors outside any test, and each file's duration. CI
 * shows only the end of its log, so this is what is read there. Active when RECOLLECT_TEST_SUMMARY
 * names the JSON file to write (vitest.config.ts).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): void {
    const file = process.env.RECOLLECT_TEST_SUMMARY;
    if (!file) return;
    const summary: RunSummary = { failed: [], flaky: [], durations: [] };
    for (const m of modules) {
      const where = m.relativeModuleId;
      summary.durations.push({ name: where, ms: Math.round(m.diagnostic().duration) });
      // An error outside any test: the file did not load, or a hook (beforeAll/afterAll) threw.
      for (const e of m.errors()) summary.failed.push({ name: `${where} (file)`, error: shortError(e.message) });
      for (const t of m.children.allTests()) {
        const result = t.result();
        const name = `${where} > ${t.fullName}`;
        if (result.state === "failed") summary.failed.push({ name, error: shortError(result.errors?.[0]?.message) });
        else if (result.state === "passed" && t.diagnostic()?.flaky)
          summary.flaky.push({ name, error: `passed on retry ${t.diagnostic()?.retryCount}; before: ${shortError(result.errors?.[0]?.message)}` });
      }
    }
    for (const e of unhandled) summary.failed.push({ name: "(unhandled error)", error: shortError(e.message) });
    fs.writeFileSync(file, JSON.stringify(summary));
  }
}
