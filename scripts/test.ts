import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { ensureBuild, formatSeconds, ROOT } from "./build-if-needed";
import { readSummary, summaryLines } from "./test-summary";

/**
 * `npm test`: build once, then the type check, lint and format (Biome), the layer rules (dependency-cruiser), the unit and
 * HTTP tests (Vitest), then the browser and OpenCode tests (Playwright), all on that one build.
 * Each phase's time is printed as it ends, and all of them at the end, then what failed: the failing
 * phases and tests, and the tests that passed only on a retry (CI shows only the end of the log).
 */
const times: string[] = [];
function phase<T>(name: string, work: () => T): T {
  const started = Date.now();
  try {
    return work();
  } finally {
    const line = `${name.padEnd(12)} ${formatSeconds((Date.now() - started) / 1000)}`;
    times.push(line);
    console.log(`[test] ${line}`);
  }
}
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

// The runners' summary reporters write here (tests/helpers/summary-reporter.ts, e2e/summary-reporter.ts).
const summaryDir = fs.mkdtempSync(path.join(os.tmpdir(), "test-summary-"));
const vitestSummary = path.join(summaryDir, "vitest.json");
const playwrightSummary = path.join(summaryDir, "playwright.json");

// The checks' output is short: it is printed as it comes, and a failing one's last lines again at the end.
const checkTails: string[] = [];
const runCheck = (name: string, cmd: string, args: string[]) => {
  const res = spawnSync(cmd, args, { cwd: ROOT, env: process.env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const out = `${res.stdout ?? ""}${res.stderr ?? ""}`;
  process.stdout.write(out);
  const status = res.status ?? 1;
  if (status !== 0)
    checkTails.push(
      `${name} (exit ${status}), last lines:`,
      ...out
        .trimEnd()
        .split("\n")
        .slice(-15)
        .map((l) => `  ${l}`),
    );
  return status;
};

const failedPhases: string[] = [];
const check = (name: string, work: () => number) => {
  if (phase(name, work) !== 0) failedPhases.push(name);
};
phase("build", () => ensureBuild());
check("typecheck", () => runCheck("typecheck", bin("tsc"), ["--noEmit", "-p", "."]));
check("biome", () => runCheck("biome", bin("biome"), ["check", "."]));
check("layers", () => runCheck("layers", "npm", ["run", "--silent", "lint:deps"]));
check("vitest", () => run(bin("vitest"), ["run", ...process.argv.slice(2)], { RECOLLECT_TEST_SUMMARY: vitestSummary }));
const hasE2e = fs.existsSync(path.join(ROOT, "e2e")) && fs.readdirSync(path.join(ROOT, "e2e"), { recursive: true }).some((f) => String(f).endsWith(".spec.ts"));
const runE2e = hasE2e && process.argv.length <= 2;
if (runE2e) check("playwright", () => run(bin("playwright"), ["test"], { RECOLLECT_PLAYWRIGHT_SUMMARY: playwrightSummary }));

console.log(`[test] phases:\n${times.map((t) => `  ${t}`).join("\n")}`);
const report = [
  ...checkTails,
  ...summaryLines("vitest", readSummary(vitestSummary)),
  ...(runE2e ? summaryLines("playwright", readSummary(playwrightSummary)) : []),
];
fs.rmSync(summaryDir, { recursive: true, force: true });
console.log(report.map((l) => `[test] ${l}`).join("\n"));
console.log(failedPhases.length ? `[test] FAILED: ${failedPhases.join(", ")}` : "[test] all phases passed");
process.exit(failedPhases.length ? 1 : 0);
