import fs from "node:fs";
import path from "node:path";
import { LOCOMO_DIR } from "./quality";

/**
 * Synthetic memories for the speed benchmark: words drawn (Zipf) from the vocabulary of the LoCoMo
 * turns (or a built-in list when ../shared is absent), 12 to 40 words each, plus code-like terms.
 * Queries: the LoCoMo questions (distinct, so no query-embedding cache hits), else generated.
 */
const FALLBACK =
  "database index query migration server client cache queue session token embedding vector search memory project config deploy docker build test commit branch merge release bug fix error timeout retry network request response schema table column row user password secret key file path function class method module package version dependency install update remove create delete read write open close start stop run debug log trace metric alert monitor backup restore".split(
    " ",
  );

let seed = 7;
export function rand(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

export interface Corpus {
  vocabulary: string[];
  questions: string[];
  text(): string;
}

export function corpus(): Corpus {
  let vocabulary = FALLBACK;
  let questions: string[] = [];
  const memories = path.join(LOCOMO_DIR, "locomo-dev_memories.jsonl");
  if (fs.existsSync(memories)) {
    const counts = new Map<string, number>();
    for (const line of fs.readFileSync(memories, "utf8").split("\n")) {
      if (!line.trim()) continue;
      for (const w of (JSON.parse(line).text as string).toLowerCase().match(/[a-z]+/g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    vocabulary = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
    questions = fs
      .readFileSync(path.join(LOCOMO_DIR, "locomo-dev_queries.jsonl"), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l).question as string);
  }
  // Zipf(1) over the vocabulary by inverse CDF on harmonic numbers.
  const n = vocabulary.length;
  const cdf: number[] = [];
  let h = 0;
  for (let i = 1; i <= n; i++) cdf.push((h += 1 / i));
  const word = () => {
    const x = rand() * h;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return vocabulary[lo];
  };
  const code = ["getUserName", "lib/search/sync.ts:42", "TypeError", "max_retry_count", "docker-compose.yml", "useEffect", "SQLITE_BUSY"];
  const text = () => {
    const len = 12 + Math.floor(rand() * 29);
    const words = Array.from({ length: len }, word);
    if (rand() < 0.2) words.splice(Math.floor(rand() * len), 0, code[Math.floor(rand() * code.length)]);
    return words.join(" ");
  };
  if (questions.length === 0) questions = Array.from({ length: 300 }, () => Array.from({ length: 3 + Math.floor(rand() * 4) }, word).join(" ") + "?");
  return { vocabulary, questions, text };
}
