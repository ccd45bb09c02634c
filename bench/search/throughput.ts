import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../lib/config";
import { createTransformersProvider } from "../../lib/embeddings/transformers";
import { round, table, tempDir } from "./common";
import { corpus } from "./corpus";
import { LOCOMO_DIR } from "./quality";
import { MODEL_DIR } from "./speed";

/** Texts per second through the transformers provider (q8 random MiniLM-L6 shape), batched. */
export async function runThroughput(texts = 1024) {
  if (!fs.existsSync(path.join(MODEL_DIR, "config.json"))) {
    console.log(`throughput skipped: ${MODEL_DIR} is absent`);
    return null;
  }
  const { config } = loadConfig({ env: { RECOLLECT_EMBEDDING_MODEL_DIR: MODEL_DIR, XDG_CONFIG_HOME: tempDir("recollect-tp-") } });
  const c = corpus();
  const sets: [string, string[]][] = [["synthetic 12-40 words", Array.from({ length: texts }, () => c.text())]];
  const turns = path.join(LOCOMO_DIR, "locomo-dev_memories.jsonl");
  if (fs.existsSync(turns)) {
    const lines = fs
      .readFileSync(turns, "utf8")
      .split("\n")
      .filter((l) => l.trim());
    sets.push(["LoCoMo turns", lines.slice(0, texts).map((l) => JSON.parse(l).text as string)]);
  }
  const rows: Record<string, unknown>[] = [];
  // The default (two copies of the model, one thread each) and one copy on two threads.
  for (const [workers, threads] of [
    [2, 1],
    [1, 2],
  ]) {
    const provider = await createTransformersProvider({ ...config.embedding, workers, threads }, tempDir("recollect-tp-data-"));
    await provider.embed(sets[0][1].slice(0, 64));
    for (const [name, inputs] of sets) {
      for (const batch of [1, 32, 64]) {
        const n = batch === 1 ? Math.min(128, inputs.length) : inputs.length;
        const t = performance.now();
        for (let i = 0; i < n; i += batch) await provider.embed(inputs.slice(i, Math.min(n, i + batch)));
        const s = (performance.now() - t) / 1000;
        rows.push({ workers, threads, texts: name, batch, count: n, seconds: round(s, 2), textsPerSecond: round(n / s, 0), load1: round(os.loadavg()[0], 1) });
      }
    }
    await provider.close?.();
  }
  console.log("\nEmbedding throughput (random-minilm-l6, q8; load1 = 1-minute load average of the machine)");
  console.log(table(rows));
  return rows;
}
