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
  fullyParallel: false,
  workers: 1,
  // One retry on CI: a test that passes only on its retry is listed as "flaky" in the report, so a
  // race is still seen and fixed, but a loaded CI machine does not throw away a whole run for it.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
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
  projects: [
    { name: "browser", testMatch: /browser\/.*\.spec\.ts$/ },
    { name: "opencode", testMatch: /opencode\/.*\.spec\.ts$/ },
    { name: "agents", testMatch: /agents\/.*\.spec\.ts$/ },
  ],
});
