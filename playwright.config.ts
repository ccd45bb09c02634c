import fs from "node:fs";
import { defineConfig } from "@playwright/test";

// Debian's Chromium; Playwright never downloads a browser here.
const chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "test-results",
  timeout: 120_000,
  // A web-first assertion (toHaveURL, toContainText, expect.poll) waits for its condition up to this
  // bound, which is for a hang, not for speed: Playwright's default of 5 s was missed at load 10-12
  // on 2 cores (a page's list rendered after it), the same 30 s floor as Vitest's waits (docs/testing.md).
  expect: { timeout: 30_000 },
  // Two workers: every spec starts its own servers on free ports with their own data dirs and temp
  // HOMEs, so specs run side by side (the tests of one spec stay in order, in one worker). The
  // OpenCode and agent specs take one worker at most (below), the browser specs the other, so the
  // long OpenCode specs overlap the browser ones instead of following them.
  fullyParallel: false,
  workers: 2,
  // One retry on CI: a test that passes only on its retry is listed as "flaky" in the report, so a
  // race is still seen and fixed, but a loaded CI machine does not throw away a whole run for it.
  retries: process.env.CI ? 1 : 0,
  // `npm test` sets RECOLLECT_PLAYWRIGHT_SUMMARY: the failed and flaky tests are written there and
  // printed at the very end of its output (CI shows only the end of the log).
  reporter: [["list"], ...(process.env.RECOLLECT_PLAYWRIGHT_SUMMARY ? [["./e2e/summary-reporter.ts"] as ["./e2e/summary-reporter.ts"]] : [])],
  use: {
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        ...(isRoot ? ["--no-sandbox"] : []),
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // Listed in the order workers take them: the longest serial queue (OpenCode) starts first.
  // One OpenCode client (a Bun process, plus its server and fake LLM) at a time keeps their
  // stall and fail-open deadlines from racing another client on a 2-core machine.
  projects: [
    { name: "opencode", testMatch: /opencode\/.*\.spec\.ts$/, workers: 1 },
    { name: "agents", testMatch: /agents\/.*\.spec\.ts$/, workers: 1 },
    { name: "browser", testMatch: /browser\/.*\.spec\.ts$/ },
  ],
});
