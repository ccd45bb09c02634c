import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../lib/config";
import { createTransformersProvider } from "../../lib/embeddings/transformers";
import { round, stats, table, tempDir, writeResult } from "../search/common";
import { MEMORIES, QUERIES } from "../search/paraphrase-set";

/**
 * Model against model on this machine, through lib's provider (default config: 2 worker copies,
 * 1 thread each, q8): size on disk, load time (both copies ready), embedding throughput in batches
 * of 64, query embedding p50/p95 (one at a time, distinct texts) and its process CPU. The load average is recorded
 * with the figures: on a shared machine they are inflated.
 *
 *   npx tsx bench/models/compare.ts DIR [DIR...]   (prepared with bench/models/prepare)
 */
const dirs = process.argv.slice(2).filter((d) => fs.existsSync(path.join(d, "config.json")));
if (dirs.length === 0) {
  console.log("skipped compare: name prepared model directories (bench/models/prepare)");
  process.exit(0);
}
const passages = [...Object.values(MEMORIES), ...QUERIES.map((q) => q.q)];
const batchTexts = Array.from({ length: 512 }, (_, i) => `${passages[i % passages.length]} (${i})`);
const rows: Record<string, unknown>[] = [];
for (const dir of dirs) {
  // BGE pools the first token: prepare records the pooling a model needs.
  const prepared = path.join(dir, "prepared.json");
  const pooling = fs.existsSync(prepared) ? ((JSON.parse(fs.readFileSync(prepared, "utf8")) as { pooling?: string }).pooling ?? "mean") : "mean";
  const { config } = loadConfig({
    env: { RECOLLECT_EMBEDDING_MODEL_DIR: dir, RECOLLECT_EMBEDDING_POOLING: pooling, XDG_CONFIG_HOME: tempDir("recollect-cmp-") },
  });
  const size = fs.statSync(path.join(dir, "onnx", "model_quantized.onnx")).size;
  const t0 = performance.now();
  const provider = await createTransformersProvider(config.embedding, tempDir("recollect-cmp-data-"));
  const loadMs = performance.now() - t0;
  const load1 = os.loadavg()[0];
  const t1 = performance.now();
  for (let i = 0; i < batchTexts.length; i += 64) await provider.embed(batchTexts.slice(i, i + 64));
  const perSecond = batchTexts.length / ((performance.now() - t1) / 1000);
  const samples: number[] = [];
  // Process CPU (every thread, the workers included): what a query costs whatever the load.
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await provider.embed([`${QUERIES[i % QUERIES.length].q} #${i}`]);
    samples.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  const q = stats(samples);
  rows.push({
    model: path.basename(dir),
    "q8 MB": round(size / 1e6, 0),
    dims: provider.dimension,
    "load s": round(loadMs / 1000, 1),
    "texts/s (batches of 64)": round(perSecond, 0),
    "query p50 ms": q.p50,
    "query p95 ms": q.p95,
    "query CPU ms": round((cpu.user + cpu.system) / 1000 / samples.length, 1),
    "load avg (1 min)": round(load1, 1),
  });
  await provider.close?.();
}
console.log(table(rows));
console.log(`wrote ${writeResult("models-compare", { at: new Date().toISOString(), cores: os.cpus().length, rows })}`);
process.exit(0);
