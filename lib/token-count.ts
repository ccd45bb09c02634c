import { createHash } from "node:crypto";
import { countTokens as count } from "gpt-tokenizer";
import { processSingleton } from "./process-singleton";

/**
 * Token counts with a real BPE tokenizer (o200k_base, as used by current OpenAI models; a close
 * proxy for other providers), never characters / 4.
 *
 * Tokenizing is far slower than hashing (a 200K-token history takes hundreds of milliseconds), and
 * the same long texts are counted again and again (every turn resends the whole history), so
 * counts are cached by content hash. Short texts too: a search result's text is counted at every
 * search that returns it (formatResults), and hashing 100 chars costs a tenth of tokenizing them.
 */
const CACHE_MIN_CHARS = 48;
const CACHE_MAX_ENTRIES = 50_000;
const cache = processSingleton("tokenCounts", () => new Map<string, number>());

export function countTokens(text: string): number {
  if (!text) return 0;
  if (text.length < CACHE_MIN_CHARS) return count(text);
  const key = createHash("sha1").update(text).digest("base64url");
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const n = countInSlices(text);
  if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, n);
  return n;
}

/**
 * BPE merging is quadratic in the length of one pre-token, and a long run without spaces can be a
 * single one (a row of `=` or `/`, a long word: 200,000 such characters took 24 s), and so can a
 * long run of whitespace (200,000 spaces in a tool output: 14 s). Such runs are counted in slices,
 * off by at most a token per slice; other text is counted as it is.
 */
const LONG_RUN_CHARS = 1024;
const RUN_SLICE_CHARS = 256;
// From the start of a run only (the lookbehinds): otherwise a run just short of the bound is rescanned from each character.
const LONG_RUN = new RegExp(`(?<!\\S)\\S{${LONG_RUN_CHARS},}|(?<!\\s)\\s{${LONG_RUN_CHARS},}`, "g");

function countInSlices(text: string): number {
  if (text.length < LONG_RUN_CHARS) return count(text);
  let n = 0;
  let from = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    n += count(text.slice(from, run.index));
    for (let i = 0; i < run[0].length; i += RUN_SLICE_CHARS) n += count(run[0].slice(i, i + RUN_SLICE_CHARS));
    from = run.index + run[0].length;
  }
  return n + count(text.slice(from));
}
