import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { currentBundle } from "../../cli/bundle.mjs";
import { ensureCliBundle } from "../../scripts/build-if-needed";
import { ROOT, round, table, tempDir, writeResult } from "../search/common";

/**
 * What one `recollect` call costs: CPU (user+sys, all threads, from process.cpuUsage at exit) and
 * wall time of `--version`, `search` (against a closed port: startup, parse, one refused request,
 * exit 3) and `mcp --help`, run from the bundle (cli/.dist) and through tsx (RECOLLECT_CLI_TSX=1),
 * alternating so both see the same load. CPU is the figure to compare on a loaded machine.
 *
 *   npx tsx bench/cli/startup.ts [--runs 10]
 */
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1] || 10) || 10;
ensureCliBundle();
if (!currentBundle(ROOT)) throw new Error("no current CLI bundle: run `npx tsx scripts/build-cli.ts`");

const bin = path.join(ROOT, "cli", "recollect.mjs");
const dataDir = tempDir("recollect-bench-cli-");
const cpuFile = path.join(dataDir, "cpu");
// Preloaded into each run: its total CPU when it exits, written where the bench reads it.
const preload = `data:text/javascript,${encodeURIComponent(
  'import fs from "node:fs"; process.on("exit", () => { const u = process.cpuUsage(); fs.writeFileSync(process.env.BENCH_CPU_FILE, String((u.user + u.system) / 1000)); });',
)}`;
const commands: Record<string, string[]> = { "--version": ["--version"], search: ["search", "sqlite wal"], "mcp --help": ["mcp", "--help"] };

const samples: Record<string, { cpu: number[]; wall: number[] }> = {};
for (let i = 0; i < runs; i++) {
  for (const [name, argv] of Object.entries(commands)) {
    for (const mode of ["bundle", "tsx"] as const) {
      fs.rmSync(cpuFile, { force: true });
      const started = performance.now();
      spawnSync(process.execPath, ["--import", preload, bin, ...argv], {
        env: {
          ...process.env,
          RECOLLECT_CLI_TSX: mode === "tsx" ? "1" : "0",
          RECOLLECT_URL: "http://127.0.0.1:9",
          RECOLLECT_DATA_DIR: dataDir,
          BENCH_CPU_FILE: cpuFile,
          NO_COLOR: "1",
        },
        stdio: "ignore",
      });
      const wall = performance.now() - started;
      const key = `${name}|${mode}`;
      samples[key] ??= { cpu: [], wall: [] };
      samples[key].cpu.push(Number(fs.readFileSync(cpuFile, "utf8")));
      samples[key].wall.push(wall);
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = Object.keys(commands).map((name) => {
  const b = samples[`${name}|bundle`];
  const t = samples[`${name}|tsx`];
  return {
    command: name,
    "bundle CPU ms": round(median(b.cpu), 0),
    "tsx CPU ms": round(median(t.cpu), 0),
    "bundle wall ms": round(median(b.wall), 0),
    "tsx wall ms": round(median(t.wall), 0),
    "CPU saved": `${round((1 - median(b.cpu) / median(t.cpu)) * 100, 0)}%`,
  };
});
const load = os.loadavg()[0];
console.log(table(rows));
console.log(`medians of ${runs} runs each; load average ${round(load, 1)} on ${os.cpus().length} cores`);
console.log(`wrote ${writeResult("cli-startup", { runs, load, cores: os.cpus().length, rows, samples })}`);
