/**
 * bench/store/dedup-random-model: the issue-25 case. The real-size MiniLM with random weights
 * (../shared/models/random-minilm-l6; skipped when absent) loaded as the embedding model, 300
 * distinct coding memories stored over the API one after the other (each embedded before the
 * next, as in a session), then: how many memories were kept, how many creates were answered as
 * duplicates, and what /api/health says about the model's fitness for deduplication.
 * Run: npx tsx bench/store/dedup-random-model.ts [--model <dir>]
 */
import fs from "node:fs";
import path from "node:path";
import { ensureBuild, ROOT } from "../../scripts/build-if-needed";
import { codingMemories } from "../../tests/fixtures/dedup/coding-memories";
import { startServer } from "../../tests/helpers/server";
import { printTable, writeResult } from "../lib/stats";

const args = process.argv.slice(2);
// The shared directory sits beside the main checkout (../shared), or two levels up from a worktree.
const MODEL = args.includes("--model")
  ? path.resolve(args[args.indexOf("--model") + 1])
  : (["..", "../.."].map((up) => path.resolve(ROOT, up, "shared/models/random-minilm-l6")).find((d) => fs.existsSync(d)) ??
    path.resolve(ROOT, "../shared/models/random-minilm-l6"));
if (!fs.existsSync(path.join(MODEL, "onnx"))) {
  console.log(`skipped: no model at ${MODEL}`);
  process.exit(0);
}

ensureBuild();
const server = await startServer({ env: { RECOLLECT_EMBEDDING_PROVIDER: "transformers", RECOLLECT_EMBEDDING_MODEL_DIR: MODEL } });
try {
  const status = async () => (await (await server.api("/api/embeddings/status")).json()) as { state: string; queueDepth: number; reason: string };
  const until = async (what: string, ok: (s: Awaited<ReturnType<typeof status>>) => boolean) => {
    const deadline = Date.now() + 300_000;
    for (let s = await status(); !ok(s); s = await status()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await until("the model", (s) => s.state === "ready" || s.state === "failed");
  const texts = codingMemories(300);
  const outcomes: Record<string, number> = {};
  for (const content of texts) {
    const res = await server.api("/api/memories", { method: "POST", json: { content, category: "fact", scope: "global" } });
    const body = (await res.json()) as { deduplicated: boolean; dedup?: { kind: string } | null };
    const kind = body.dedup?.kind ?? (body.deduplicated ? "deduplicated" : "created");
    outcomes[kind] = (outcomes[kind] ?? 0) + 1;
    await until("the queue", (s) => s.queueDepth === 0);
  }
  const health = (await (await server.api("/api/health")).json()) as { counts: { memories: { total: number } }; search: { dedup?: unknown } };
  const kept = health.counts.memories.total;
  printTable("300 distinct memories, random-weights MiniLM", [
    { model: path.basename(MODEL), stored: texts.length, kept, ...outcomes, "search.dedup": JSON.stringify(health.search.dedup ?? null) },
  ]);
  writeResult("store-dedup-random-model", { model: path.basename(MODEL), stored: texts.length, kept, outcomes, dedup: health.search.dedup ?? null });
  if (kept !== texts.length) process.exitCode = 1;
} finally {
  await server.stop();
}
