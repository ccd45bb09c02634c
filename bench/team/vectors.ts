/**
 * bench/team/vectors: the hub's in-process vector ranking alone (lib/team/hub/vector-rows.ts), no
 * PostgreSQL, at sizes the full bench (bench/team/index.ts, which pushes every memory through the
 * hub) cannot load in reasonable time on this machine: N vectors of the bench's memory texts
 * (--vectors text: bag-of-words projection; random: random unit vectors; bench/team/vector-queries.ts),
 * then the CPU of one ranking (k = 40, what hub search asks for) approximate and exhaustive, and
 * recall@10 of the approximate list against the exhaustive one on the tuning and the FROZEN queries.
 * Run: npx tsx bench/team/vectors.ts [--size 1000000] [--dims 384] [--vectors text|random] [--queries 100]
 */
import os from "node:os";
import { emptyProjectVectors, nearestVectors, prefiltered, putVector, rerankSize } from "../../lib/team/hub/vector-rows";
import { printTable, writeResult } from "../lib/stats";
import { corpus, rand } from "../search/corpus";
import { frozenQueryTexts, frozenRandomQueries, randomUnit, recallAt, seeded, textEmbedder } from "./vector-queries";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const size = Number(arg("--size", "1000000"));
const dims = Number(arg("--dims", "384"));
const kind = arg("--vectors", "text");
const perSet = Number(arg("--queries", "100"));
if (kind !== "text" && kind !== "random") throw new Error("--vectors must be text or random");

const c = corpus();
const embed = textEmbedder(dims, c.vocabulary);
const randomNext = seeded(99);
const p = emptyProjectVectors(dims);
const loadStart = process.cpuUsage();
for (let i = 0; i < size; i++) {
  const v = kind === "text" ? embed(c.text()) : randomUnit(dims, randomNext);
  putVector(p, { id: `m${i}`, seq: i + 1, live: true, embedding: v as unknown as number[] });
}
const loadCpu = process.cpuUsage(loadStart);

const tuningTexts = Array.from({ length: perSet }, () => `${c.vocabulary[Math.floor(rand() * 400)]} ${c.vocabulary[Math.floor(rand() * 2000)]}`);
const sets = {
  frozen: kind === "text" ? frozenQueryTexts(c.vocabulary).slice(0, perSet).map(embed) : frozenRandomQueries(dims).slice(0, perSet),
  tuning: kind === "text" ? tuningTexts.map(embed) : tuningTexts.map(() => randomUnit(dims, randomNext)),
};
const cpuMs = (start: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
};
const results: Record<string, unknown> = {
  size,
  dims,
  vectors: kind,
  load: os.loadavg()[0],
  prefiltered: prefiltered(p, 40),
  rerank: rerankSize(p.live, 40),
  loadCpuMs: Math.round((loadCpu.user + loadCpu.system) / 1000),
};
for (const [name, queries] of Object.entries(sets)) {
  const pairs: { approximate: number[]; exhaustive: number[] }[] = [];
  let approximateMs = 0;
  let exhaustiveMs = 0;
  for (const q of queries) {
    let t = process.cpuUsage();
    const approximate = nearestVectors(p, q, 40).map((h) => h.seq);
    approximateMs += cpuMs(t);
    t = process.cpuUsage();
    const exhaustive = nearestVectors(p, q, 40, { exhaustive: true }).map((h) => h.seq);
    exhaustiveMs += cpuMs(t);
    pairs.push({ approximate, exhaustive });
  }
  results[name] = {
    queries: queries.length,
    recallAt10: recallAt(10, pairs),
    recallAt40: recallAt(40, pairs),
    cpuMsPerRanking: Math.round((approximateMs / queries.length) * 10) / 10,
    exhaustiveCpuMsPerRanking: Math.round((exhaustiveMs / queries.length) * 10) / 10,
  };
}
const r = results as Record<string, Record<string, number>>;
printTable(`hub in-process vectors, ${size} x ${dims}, ${kind} (load ${Number(results.load).toFixed(1)})`, [
  ...(["frozen", "tuning"] as const).map((set) => ({
    measure: `${set}: recall@10 / @40`,
    value: `${r[set]!.recallAt10} / ${r[set]!.recallAt40}`,
    detail: `CPU a ranking ${r[set]!.cpuMsPerRanking} ms (exhaustive ${r[set]!.exhaustiveCpuMsPerRanking} ms), re-rank ${results.rerank}`,
  })),
]);
console.log(JSON.stringify(results));
writeResult(`team-vectors-${size}-${kind}`, results);
