import { spawn, spawnSync } from "node:child_process";
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
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
// The runners' summary reporters write here (tests/helpers/summary-reporter.ts, e2e/summary-reporter.ts).
const summaryDir = fs.mkdtempSync(path.join(os.tmpdir(), "test-summary-"));
const vitestSummary = path.join(summaryDir, "vitest.json");
const playwrightSummary = path.join(summaryDir, "playwright.json");

// The checks' output is short: it is held and printed when each ends, and a failing one's last lines
// again at the end.
const checkTails: string[] = [];
const failedPhases: string[] = [];
const phaseLine = (name: string, started: number) => {
  const line = `${name.padEnd(12)} ${formatSeconds((Date.now() - started) / 1000)}`;
  times.push(line);
  console.log(`[test] ${line}`);
};
// The type check, Biome and the layer rules run side by side, and beside the start of Vitest: tsc and
// dependency-cruiser each use one core, and Vitest's two workers leave a core idle while they wait
// for the servers and processes they start (docs/testing.md, "How the suite is split").
const runCheck = (name: string, cmd: string, args: string[]) =>
  new Promise<void>((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: ROOT, env: process.env });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const done = (status: number) => {
      process.stdout.write(out);
      phaseLine(name, started);
      if (status !== 0) {
        failedPhases.push(name);
        checkTails.push(
          `${name} (exit ${status}), last lines:`,
          ...out
            .trimEnd()
            .split("\n")
            .slice(-15)
            .map((l) => `  ${l}`),
        );
      }
      resolve();
    };
    child.on("error", (e) => {
      out += String(e);
      done(1);
    });
    child.on("close", (code) => done(code ?? 1));
  });
const runAsync = (name: string, cmd: string, args: string[], env: Record<string, string>) =>
  new Promise<void>((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
    const done = (status: number) => {
      phaseLine(name, started);
      if (status !== 0) failedPhases.push(name);
      resolve();
    };
    child.on("error", () => done(1));
    child.on("close", (code) => done(code ?? 1));
  });

const build = Date.now();
ensureBuild();
phaseLine("build", build);
await Promise.all([
  runCheck("typecheck", bin("tsc"), ["--noEmit", "-p", "."]),
  runCheck("biome", bin("biome"), ["check", "."]),
  runCheck("layers", "npm", ["run", "--silent", "lint:deps"]),
  runAsync("vitest", bin("vitest"), ["run", ...process.argv.slice(2)], { RECOLLECT_TEST_SUMMARY: vitestSummary }),
]);
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
const check = (name: string, work: () => number) => {
  const started = Date.now();
  const status = work();
  phaseLine(name, started);
  if (status !== 0) failedPhases.push(name);
};
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
