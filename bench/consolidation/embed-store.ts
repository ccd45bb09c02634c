import { loadConfig } from "../../lib/config";
import type { Ctx } from "../../lib/ctx";
import { createVectorTable } from "../../lib/db/virtual-tables";
import { embeddingPrefixes } from "../../lib/embeddings/prefixes";
import type { EmbeddingService } from "../../lib/embeddings/service";
import { createTransformersProvider } from "../../lib/embeddings/transformers";
import { writeVectors } from "../../lib/embeddings/write-vectors";
import { tempDir } from "../../tests/helpers/server";

// The vectors of every text embedded in this process (by model, prefix and text): a fit runs the same stores many times.
const cache = new Map<string, Float32Array>();

/**
 * Embeds every memory of the store with the prepared model in `modelDir` and writes the vectors
 * (the embedding queue's work, done here at once), then marks the vectors usable for consolidation.
 * Each text is embedded as a passage: with RECOLLECT_BENCH_PASSAGE_PREFIX when set ("" for none),
 * else the model's own prefix (lib/embeddings/prefixes.ts: "passage: " for e5 models), as the
 * embedding queue does.
 */
export async function embedStore(ctx: Ctx, modelDir: string): Promise<void> {
  const rows = ctx.sqlite.prepare("SELECT seq, project_id, scope, category, status, session_id, content FROM memories ORDER BY seq").all() as {
    seq: number;
    project_id: string | null;
    scope: string;
    category: string;
    status: string;
    session_id: string | null;
    content: string;
  }[];
  const vectors = await embedTexts(
    modelDir,
    rows.map((r) => r.content),
  );
  createVectorTable(ctx.sqlite, vectors[0]!.length);
  ctx.sqlite.transaction(() =>
    writeVectors(
      ctx.sqlite,
      rows.map((r) => ({ seq: r.seq, projectId: r.project_id, scope: r.scope, category: r.category, status: r.status, sessionId: r.session_id })),
      vectors,
    ),
  )();
  // The vectors were written by a model checked against its reference (bench/models/prepare).
  ctx.services.embeddings = { ready: () => true, dedupStatus: () => ({ semantic: true }) } as unknown as EmbeddingService;
}

/** Each text's vector as a stored memory (passage prefix included), embedded once per process. */
export async function embedTexts(modelDir: string, texts: readonly string[]): Promise<Float32Array[]> {
  const { config } = loadConfig({ env: { RECOLLECT_EMBEDDING_MODEL_DIR: modelDir, XDG_CONFIG_HOME: tempDir("recollect-bench-config-") } });
  const prefix = process.env.RECOLLECT_BENCH_PASSAGE_PREFIX ?? embeddingPrefixes(config.embedding).passage;
  const key = (t: string) => `${modelDir}\0${prefix}${t}`;
  const missing = [...new Set(texts.filter((t) => !cache.has(key(t))))];
  if (missing.length) {
    const provider = await createTransformersProvider(config.embedding, tempDir("recollect-bench-model-data-"));
    const embedded = await provider.embed(missing.map((t) => prefix + t));
    await provider.close?.();
    missing.forEach((t, i) => cache.set(key(t), embedded[i]!));
  }
  return texts.map((t) => cache.get(key(t))!);
}
