import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createVectorTable } from "../../lib/db/virtual-tables";
import { searchVectorIndex, vectorIndex } from "../../lib/indexing/vector-index";
import { databaseFile } from "../../lib/paths";
import type { SearchFilters } from "../../lib/search/filters";
import { benchCtx, round, stats, table, tempDir, writeResult } from "./common";
import { seeded } from "./scale-corpus";

/**
 * The vector side of a hybrid search alone: `searchVectorIndex` (lib/indexing/vector-index.ts) with
 * its sign-bit prefilter in WebAssembly (lib/indexing/hamming.ts) against the JavaScript popcount
 * loop, in CPU time, interleaved in one process (both run for each query in turn, so a change of
 * load hits both alike), and whether both return the same 100 hits.
 *
 *   npx tsx bench/search/vector-prefilter.ts [--size 100000] [--queries 200] [--store DIR]
 *
 * The store holds `size` random 384-dimension vectors (what all-MiniLM-L6-v2 gives) in ten
 * projects, a third global; `--store DIR` keeps it and reuses it (100,000 take about 20 s to write).
 * Random vectors are the prefilter's worst case for its re-rank, never its best for the popcount:
 * the popcount's work is the same whatever the vectors.
 */
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const DIM = 384;

export function runVectorPrefilter(size: number, queries: number, storeDir?: string) {
  const dataDir = storeDir ?? tempDir("recollect-vector-");
  fs.mkdirSync(dataDir, { recursive: true });
  const fresh = !fs.existsSync(databaseFile(dataDir));
  const ctx = benchCtx({}, dataDir);
  const rnd = seeded(7);
  const vector = () => Float32Array.from({ length: DIM }, () => rnd() * 2 - 1);
  if (fresh) {
    createVectorTable(ctx.sqlite, DIM);
    const insert = ctx.sqlite.prepare("INSERT INTO memory_vectors(seq, embedding, project, scope, category, status, session) VALUES (?, ?, ?, ?, ?, ?, '')");
    ctx.sqlite.transaction(() => {
      for (let s = 1; s <= size; s++) insert.run(BigInt(s), vector(), s % 3 ? `p${s % 10}` : "", s % 3 ? "project" : "global", "fact", "active");
    })();
  }
  // The index object is the live one: clearing its arena sends the search down the JavaScript loop.
  const index = vectorIndex(ctx.sqlite) as unknown as { arena: unknown; size: number };
  const arena = index.arena;
  if (!arena) throw new Error("no WebAssembly arena: the dimension is not a multiple of 64, or WebAssembly is missing");
  const cpuOf = (fn: () => unknown) => {
    const before = process.cpuUsage();
    fn();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
  const asked = Array.from({ length: queries }, vector);
  const filters: [string, SearchFilters][] = [
    ["none", { projectId: null, statuses: ["active"] }],
    ["project", { projectId: "p3", statuses: ["active"] }],
  ];
  const rows: Record<string, unknown>[] = [];
  for (const [name, f] of filters) {
    const js: number[] = [];
    const wasm: number[] = [];
    let same = 0;
    for (const q of asked.slice(0, 20)) {
      index.arena = null;
      searchVectorIndex(ctx.sqlite, q, f, 100);
      index.arena = arena;
      searchVectorIndex(ctx.sqlite, q, f, 100);
    }
    for (const q of asked) {
      let a: unknown;
      let b: unknown;
      index.arena = null;
      js.push(cpuOf(() => (a = searchVectorIndex(ctx.sqlite, q, f, 100))));
      index.arena = arena;
      wasm.push(cpuOf(() => (b = searchVectorIndex(ctx.sqlite, q, f, 100))));
      if (JSON.stringify(a) === JSON.stringify(b)) same++;
    }
    const mean = (xs: number[]) => round(xs.reduce((s, x) => s + x, 0) / xs.length);
    rows.push({
      vectors: index.size,
      filter: name,
      queries: asked.length,
      "JS cpu mean ms": mean(js),
      "JS cpu p95 ms": stats(js).p95,
      "WebAssembly cpu mean ms": mean(wasm),
      "WebAssembly cpu p95 ms": stats(wasm).p95,
      "same 100 hits": `${same}/${asked.length}`,
      load1: round(os.loadavg()[0], 1),
    });
  }
  ctx.close();
  if (!storeDir) fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(table(rows));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const store = opt("store");
  const rows = runVectorPrefilter(Number(opt("size") ?? 100_000), Number(opt("queries") ?? 200), store ? path.resolve(store) : undefined);
  console.log(`\nwrote ${writeResult("search-vector-prefilter", { at: new Date().toISOString(), rows })}`);
  process.exit(0);
}
