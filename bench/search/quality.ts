import fs from "node:fs";
import path from "node:path";
import { createMemory } from "../../lib/memories/create";
import { searchMemories } from "../../lib/search/search";
import { benchCtx, round, SHARED, table } from "./common";

import { searchInput } from "../../lib/contracts/search";
/**
 * LoCoMo development split (../shared/data/locomo-dev), protocol of its README: per conversation,
 * each dialog turn is one memory (speaker as the title, date in metadata), each question is a
 * query; recall@5/@10 = fraction of evidence turns in the top k, averaged over questions; category
 * 5 (adversarial) and questions without evidence are skipped. Lexical mode.
 */
export interface Turn {
  sample_id: string;
  dia_id: string;
  session: number | string;
  date_time: string;
  speaker: string;
  text: string;
}
export interface Question {
  sample_id: string;
  qid: string;
  question: string;
  category: number;
  category_name: string;
  evidence: string[];
}

/** Categories first, then the conversations (in parentheses), overall last. */
const order = (key: string) => (key === "overall" ? 2 : key.startsWith("(") ? 1 : 0);

export const LOCOMO_DIR = path.join(SHARED, "data", "locomo-dev");

export const readJsonl = <T>(file: string): T[] =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

export async function runQuality(options: { titleSpeaker?: boolean } = {}) {
  if (!fs.existsSync(LOCOMO_DIR)) {
    console.log(`skipped quality: ${LOCOMO_DIR} is absent`);
    return null;
  }
  const titleSpeaker = options.titleSpeaker ?? true;
  const turns = readJsonl<Turn>(path.join(LOCOMO_DIR, "locomo-dev_memories.jsonl"));
  const questions = readJsonl<Question>(path.join(LOCOMO_DIR, "locomo-dev_queries.jsonl")).filter((q) => q.category !== 5 && q.evidence?.length);
  const perCat = new Map<string, { n: number; r5: number; r10: number }>();
  const latencies: number[] = [];
  for (const sample of [...new Set(turns.map((t) => t.sample_id))]) {
    const ctx = benchCtx();
    // memory id -> the dia_ids it holds (a near duplicate keeps the first turn's memory).
    const diaByMemory = new Map<string, Set<string>>();
    for (const t of turns.filter((x) => x.sample_id === sample)) {
      const { memory } = createMemory(ctx, {
        content: t.text,
        title: titleSpeaker ? t.speaker : undefined,
        category: "event",
        source: "import",
        metadata: { speaker: t.speaker, date: t.date_time, dia_id: t.dia_id, session: t.session },
      });
      (diaByMemory.get(memory.id) ?? diaByMemory.set(memory.id, new Set()).get(memory.id)!).add(t.dia_id);
    }
    for (const q of questions.filter((x) => x.sample_id === sample)) {
      const t0 = performance.now();
      const out = await searchMemories(ctx, searchInput.parse({ query: q.question, limit: 10, mode: "lexical" }));
      latencies.push(performance.now() - t0);
      const found = (k: number) => {
        const dias = new Set(out.results.slice(0, k).flatMap((r) => [...(diaByMemory.get(r.id) ?? [])]));
        return q.evidence.filter((e) => dias.has(e)).length / q.evidence.length;
      };
      // Per conversation too: how far the numbers move from one conversation to the next.
      for (const key of [q.category_name, "overall", `(${sample})`]) {
        const c = perCat.get(key) ?? perCat.set(key, { n: 0, r5: 0, r10: 0 }).get(key)!;
        c.n++;
        c.r5 += found(5);
        c.r10 += found(10);
      }
    }
    ctx.close();
  }
  const rows = [...perCat.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([category, c]) => ({ category, questions: c.n, "recall@5": round(c.r5 / c.n, 3), "recall@10": round(c.r10 / c.n, 3) }));
  latencies.sort((a, b) => a - b);
  const latency = { p50: round(latencies[Math.floor(latencies.length / 2)], 2), p95: round(latencies[Math.floor(latencies.length * 0.95)], 2) };
  console.log(`\nLoCoMo dev split, lexical mode (speaker as title: ${titleSpeaker})`);
  console.log(table(rows));
  console.log(`search latency in-process: p50 ${latency.p50} ms, p95 ${latency.p95} ms`);
  return { rows, latency, titleSpeaker };
}
