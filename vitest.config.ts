import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    // Bounds for a hung test or hook, not speed (that is bench/'s): wide enough for a machine loaded
    // many times over, where one server start alone took over 60 s (tests/helpers/server.ts).
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Two cores: HTTP test files each start a real server.
    maxWorkers: 2,
    // One retry on CI, as Playwright: a test that passes only on its retry is named in `npm test`'s
    // closing summary ("flaky"), so a race is still seen and fixed, but does not fail a whole run.
    retry: process.env.CI ? 1 : 0,
    // `npm test` sets RECOLLECT_TEST_SUMMARY: the failed and flaky tests are written there and
    // printed at the very end of its output (CI shows only the end of the log).
    reporters: ["default", ...(process.env.RECOLLECT_TEST_SUMMARY ? ["./tests/helpers/summary-reporter.ts"] : [])],
  },
});
