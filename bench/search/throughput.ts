import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../lib/config";
import { createTransformersProvider } from "../../lib/embeddings/transformers";
import { round, table, tempDir } from "./common";
import { corpus } from "./corpus";
import { MODEL_DIR } from "./speed";

/** Texts per second through the transformers provider (q8 random MiniLM-L6 shape), batched. */
export async function runThroughput(texts = 1024) {
  if (!fs.existsSync(path.join(MODEL_DIR, "config.json"))) {
    console.log(`throughput skipped: ${MODEL_DIR} is absent`);
    return null;
  }
  const { config } = loadConfig({ env: { RECOLLECT_EMBEDDING_MODEL_DIR: MODEL_DIR, XDG_CONFIG_HOME: tempDir("recollect-tp-") } });
  const provider = await createTransformersProvider(config.embedding, tempDir("recollect-tp-data-"));
  const c = corpus();
  const inputs = Array.from({ length: texts }, () => c.text());
  const rows: Record<string, unknown>[] = [];
  await provider.embed(inputs.slice(0, 64));
  for (const batch of [1, 16, 32, 64]) {
    const n = batch === 1 ? Math.min(128, texts) : texts;
    const t = performance.now();
    for (let i = 0; i < n; i += batch) await provider.embed(inputs.slice(i, Math.min(n, i + batch)));
    const s = (performance.now() - t) / 1000;
    rows.push({ batch, texts: n, seconds: round(s, 2), textsPerSecond: round(n / s, 0) });
  }
  await provider.close?.();
  console.log("\nEmbedding throughput (random-minilm-l6, q8, 12-40 word texts)");
  console.log(table(rows));
  return rows;
}
