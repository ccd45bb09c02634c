import { createHash } from "node:crypto";
import { countTokens as count } from "gpt-tokenizer";
import { processSingleton } from "./process-singleton";

/**
 * Token counts with a real BPE tokenizer (o200k_base, as used by current OpenAI models; a close
 * proxy for other providers), never characters / 4.
 *
 * Tokenizing is far slower than hashing (a 200K-token history takes hundreds of milliseconds), and
 * the same long texts are counted again and again (every turn resends the whole history), so
 * counts of long texts are cached by content hash.
 */
const CACHE_MIN_CHARS = 256;
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
