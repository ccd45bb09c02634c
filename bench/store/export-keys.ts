/**
 * The first step of the server's export (issue 37): the keys (ids, headings) of every memory in
 * export order, read on a snapshot. A: the one SQL ORDER BY (`selectExportKeys`, what the server
 * ran before; one turn of the event loop). B: the same keys in steps (`selectExportKeysSteps`, run
 * as `runSliced` does: a turn given back every SLICE_MS). Alternated A/B in one process; each
 * figure: the longest stretch without a turn (wall and CPU), total CPU, the slices. Checks that A
 * and B give the same keys. The store is copied first: the file given is only read.
 *
 *   flock /tmp/recollect-bench.lock nice npx tsx bench/store/export-keys.ts --db <recollect.db> [--runs 5]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { loadConfig } from "../../lib/config";
import { exportQuery } from "../../lib/contracts/export";
import { makeCtx } from "../../lib/ctx";
import { openSnapshot } from "../../lib/db/snapshot";
import { selectExportKeys, selectExportKeysSteps } from "../../lib/export";
import type { ExportKey, ExportReader } from "../../lib/export/select";
import { openStore } from "../../lib/open-store";
import { SLICE_MS, yieldToLoop } from "../../lib/slices";
import { ROOT } from "../../scripts/build-if-needed";
import { printTable, summarize, writeResult } from "../lib/stats";

const args = process.argv.slice(2);
const source = args[args.indexOf("--db") + 1];
const runs = Number(args[args.indexOf("--runs") + 1]) || 5;
if (!args.includes("--db") || !fs.existsSync(source)) throw new Error("--db <recollect.db> is required");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recollect-export-keys-"));
const file = path.join(dir, "recollect.db");
fs.copyFileSync(source, file);
const { config } = loadConfig({ env: { RECOLLECT_DATA_DIR: dir, XDG_CONFIG_HOME: dir } });
const opened = openStore(file, { migrationsDir: path.join(ROOT, "drizzle") });
const ctx = makeCtx({ db: opened.db, sqlite: opened.sqlite, config, dataDir: dir });
const query = exportQuery.parse({ format: "json" });

interface Run {
  keys: ExportKey[];
  longestWallMs: number;
  longestCpuMs: number;
  cpuMs: number;
  slices: number;
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Runs `steps` on a fresh snapshot (its opening counted in the first slice) as runSliced does, timing each slice. */
async function timed(steps: (reader: ExportReader) => Generator<void, ExportKey[], void>): Promise<Run> {
  const slices: [number, number][] = [];
  const cpu0 = cpuNow();
  let wall = performance.now();
  let cpu = cpu0;
  const snapshot = openSnapshot(ctx.sqlite);
  if (!snapshot) throw new Error("no snapshot");
  try {
    const gen = steps(snapshot);
    for (;;) {
      const step = gen.next();
      if (step.done) {
        slices.push([performance.now() - wall, cpuNow() - cpu]);
        return {
          keys: step.value,
          longestWallMs: Math.max(...slices.map((s) => s[0])),
          longestCpuMs: Math.max(...slices.map((s) => s[1])),
          cpuMs: cpuNow() - cpu0,
          slices: slices.length,
        };
      }
      if (performance.now() - wall >= SLICE_MS) {
        slices.push([performance.now() - wall, cpuNow() - cpu]);
        await yieldToLoop();
        wall = performance.now();
        cpu = cpuNow();
      }
    }
  } finally {
    snapshot.close();
  }
}

// The whole query in one step (the step before it is empty: no turn is given back under SLICE_MS).
const A = () =>
  timed(function* (reader) {
    yield;
    return selectExportKeys(ctx, reader, query);
  });
const B = () => timed((reader) => selectExportKeysSteps(ctx, reader, query));

const results: Record<"A" | "B", Run[]> = { A: [], B: [] };
let same = true;
for (let i = 0; i < runs; i++) {
  const a = await A();
  const b = await B();
  same &&= isDeepStrictEqual(a.keys, b.keys);
  results.A.push(a);
  results.B.push(b);
}
opened.sqlite.close();
fs.rmSync(dir, { recursive: true, force: true });

const count = results.A[0].keys.length;
const p50 = (rs: Run[], f: (r: Run) => number) => summarize(rs.map(f)).p50;
const row = (keysStep: string, rs: Run[]) => ({
  "keys step": keysStep,
  "longest stretch wall ms": p50(rs, (r) => r.longestWallMs),
  "its CPU ms": p50(rs, (r) => r.longestCpuMs),
  "total CPU ms": p50(rs, (r) => r.cpuMs),
  slices: p50(rs, (r) => r.slices),
});
printTable(
  `Export keys of ${count} memories, ${runs} runs each alternated, medians (load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; same keys: ${same ? "yes" : "NO"})`,
  [row("A: one ORDER BY (before)", results.A), row("B: in steps (after)", results.B)],
);
const strip = (rs: Run[]) => rs.map(({ keys: _, ...r }) => r);
writeResult("export-keys", { count, runs, same, loadavg: os.loadavg(), A: strip(results.A), B: strip(results.B) });
if (!same) process.exitCode = 1;
