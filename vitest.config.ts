import path from "node:path";
import { defineConfig } from "vitest/config";

const resolve = { alias: { "@": path.resolve(import.meta.dirname) } };
// What both projects share (inline projects inherit nothing from the root without `extends`, and
// `extends` would also inherit the global setup, which must run once: it starts the shared server).
// A lib file that failed once in a shared worker (a request count off by one, load 13-35,
// 2026-11-29) and passed alone and isolated: it runs isolated until the cause is known.
const SHARED_WORKER_FAILED = ["tests/lib/extraction/llm.test.ts"];
const common = {
  // Bounds for a hung test or hook, not speed (that is bench/'s): wide enough for a machine loaded
  // many times over, where one server start alone took over 60 s (tests/helpers/server.ts).
  testTimeout: 120_000,
  hookTimeout: 300_000,
  // One retry on CI, as Playwright: a test that passes only on its retry is named in `npm test`'s
  // closing summary ("flaky"), so a race is still seen and fixed, but does not fail a whole run.
  retry: process.env.CI ? 1 : 0,
};

export default defineConfig({
  resolve,
  test: {
    // Runs once for the whole run (the root project's), whichever projects run: the run's temp dir
    // and the shared server (docs/testing.md).
    globalSetup: ["tests/helpers/global-setup.ts"],
    // Two cores: HTTP test files each start a real server.
    maxWorkers: 2,
    // `npm test` sets RECOLLECT_TEST_SUMMARY: the failed and flaky tests are written there and
    // printed at the very end of its output (CI shows only the end of the log).
    reporters: ["default", ...(process.env.RECOLLECT_TEST_SUMMARY ? ["./tests/helpers/summary-reporter.ts"] : [])],
    projects: [
      {
        resolve,
        test: {
          ...common,
          // Servers, CLI processes, OpenCode, PostgreSQL: a fresh process per file. Vitest queues the
          // projects by name, so these long files go first and the short lib files fill the end.
          name: "isolated",
          include: ["tests/{http,cli,adversarial}/**/*.test.ts", ...SHARED_WORKER_FAILED],
          pool: "forks",
        },
      },
      {
        resolve,
        test: {
          ...common,
          // Lib verbs on their own database files: each worker process runs file after file and
          // keeps the modules it loaded, instead of a new process re-importing lib/ for every file.
          name: "lib",
          include: ["tests/lib/**/*.test.ts"],
          exclude: SHARED_WORKER_FAILED,
          pool: "forks",
          isolate: false,
        },
      },
    ],
  },
});
