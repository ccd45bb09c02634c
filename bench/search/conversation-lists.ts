import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { loadConfig } from "../../lib/config";
import { createMemory } from "../../lib/memories/create";
import { createTransformersProvider } from "../../lib/embeddings/transformers";
import { embeddingPrefixes } from "../../lib/embeddings/prefixes";
import type { Candidate } from "../../lib/search/hybrid";
import { lexicalSearch, type LexicalHit } from "../../lib/search/lexical";
import { searchQuery } from "../../lib/search/bilingual";
import { isLabelName } from "../../lib/search/vector-text";
import type { SearchFilters } from "../../lib/search/filters";
import type { VectorHit } from "../../lib/search/vector";
import { benchCtx, tempDir } from "./common";
import type { Question, Turn } from "./quality";

// What the conversation benches (locomo-context.ts, conversations.ts) share: one conversation
// stored as the importers store it, and per question its lexical and vector lists.

type Config = ReturnType<typeof loadConfig>["config"];
export const CANDIDATES = 100;
export const filters: SearchFilters = { projectId: null, statuses: ["active"] };

/** Embeds texts with the model of `config`, cached in a file per bench and model (a re-run embeds nothing). */
export function cachedEmbedder(config: Config, modelDir: string, bench: string) {
  const prefixes = embeddingPrefixes(config.embedding);
  const cacheFile = path.join(os.tmpdir(), `recollect-${bench}-${path.basename(modelDir)}.json`);
  const cache: Record<string, number[]> = fs.existsSync(cacheFile) ? JSON.parse(fs.readFileSync(cacheFile, "utf8")) : {};
  const model: { provider?: Awaited<ReturnType<typeof createTransformersProvider>> } = {};
  async function embed(texts: string[]): Promise<Float32Array[]> {
    const missing = [...new Set(texts.filter((t) => !cache[t]))];
    if (missing.length) {
      model.provider ??= await createTransformersProvider(config.embedding, tempDir(`recollect-${bench}-data-`));
      for (let i = 0; i < missing.length; i += 64) {
        const batch = missing.slice(i, i + 64);
        (await model.provider.embed(batch)).forEach((v, j) => {
          cache[batch[j]] = [...v];
        });
      }
      fs.writeFileSync(cacheFile, JSON.stringify(cache));
    }
    return texts.map((t) => Float32Array.from(cache[t]));
  }
  return { prefixes, embed, close: async () => model.provider?.close?.() };
}

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

export interface AskedLists {
  question: Question;
  asked: ReturnType<typeof searchQuery>;
  lexical: LexicalHit[];
  vector: VectorHit[];
  /** The evidence turns' memories. */
  expected: Set<number>;
}

/** One conversation in a fresh store, and every question of it with its two lists (the caller closes `ctx`). */
export async function conversationLists(
  config: Config,
  embedder: ReturnType<typeof cachedEmbedder>,
  turns: Turn[],
  questions: Question[],
  sample: string,
): Promise<{ ctx: ReturnType<typeof benchCtx>; candidates: Map<number, Candidate>; lists: AskedLists[] }> {
  const { prefixes, embed } = embedder;
  const ctx = benchCtx();
  const seqOf = new Map<string, number>();
  const texts: string[] = [];
  const seqs: number[] = [];
  for (const t of turns.filter((x) => x.sample_id === sample)) {
    const { memory } = createMemory(ctx, {
      content: t.text,
      title: t.speaker,
      category: "event",
      source: "import",
      metadata: { session: `${sample}/session_${t.session}`, date: t.date_time, dia_id: t.dia_id, speaker: t.speaker },
    });
    const seq = (ctx.sqlite.prepare("SELECT seq FROM memories WHERE id = ?").get(memory.id) as { seq: number }).seq;
    seqOf.set(t.dia_id, seq);
    if (!seqs.includes(seq)) {
      seqs.push(seq);
      texts.push(`${prefixes.passage}${t.speaker}\n${t.text}`);
    }
  }
  const docVectors = await embed(texts);
  const candidates = new Map<number, Candidate>();
  for (const r of ctx.sqlite
    .prepare("SELECT seq, pinned, category, created_at AS createdAt, access_count AS accessCount, project_id AS projectId FROM memories")
    .all() as (Omit<Candidate, "pinned"> & { pinned: number })[])
    candidates.set(r.seq, { ...r, pinned: r.pinned === 1 });
  const qs = questions.filter((q) => q.sample_id === sample);
  const asked = qs.map((q) => searchQuery(q.question, config.search.translateQuery, (name) => isLabelName(ctx.sqlite, name)));
  const queryVectors = await embed(asked.map((a) => `${prefixes.query}${a.embedText}`));
  const lists = qs.map((question, i) => ({
    question,
    asked: asked[i],
    lexical: lexicalSearch(ctx, asked[i].terms, filters, CANDIDATES, {
      coverage: true,
      ownTerms: asked[i].ownTerms,
      translatedTerms: asked[i].translatedTerms,
    }),
    vector: seqs
      .map((seq, j) => ({ seq, distance: 1 - dot(queryVectors[i], docVectors[j]) }))
      .sort((a, b) => a.distance - b.distance)
      .slice(0, CANDIDATES),
    expected: new Set(question.evidence.map((e) => seqOf.get(e)).filter((s): s is number => s != null)),
  }));
  return { ctx, candidates, lists };
}
