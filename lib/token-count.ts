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
  const n = count(text);
  if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, n);
  return n;
}
