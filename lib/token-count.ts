import { createHash } from "node:crypto";
import { clearMergeCache, countTokens as gptCount, setMergeCacheSize } from "gpt-tokenizer";
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

/**
 * gpt-tokenizer keeps merge results in a Map it trims from the front once full (100,000 entries).
 * V8 keeps a Map's deleted entries until it rehashes, and each trim walks over them: after a few
 * megabytes of varied text every new word cost a walk over tens of thousands of dead slots, and the
 * server counted 10-25x slower for the rest of its life. So the Map is never trimmed: it is emptied
 * after every MERGE_CACHE_CHARS characters counted (a new Map, its capacity back to small), and its
 * size bound is set above what that many characters can add (one entry per pre-token at most).
 */
const MERGE_CACHE_CHARS = 256 * 1024;
/** Text is handed to the tokenizer in pieces of at most this many characters, so the bound above holds. */
const PIECE_CHARS = 64 * 1024;
setMergeCacheSize(MERGE_CACHE_CHARS + PIECE_CHARS + 1);
// Module state on purpose: it tracks this bundle's copy of gpt-tokenizer, whose cache is per copy too.
const mergeCache = { chars: 0 };

function count(text: string): number {
  if (text.length > PIECE_CHARS) {
    let n = 0;
    for (let from = 0; from < text.length; ) {
      const to = pieceEnd(text, from);
      n += count(text.slice(from, to));
      from = to;
    }
    return n;
  }
  if (mergeCache.chars + text.length > MERGE_CACHE_CHARS) {
    clearMergeCache();
    mergeCache.chars = 0;
  }
  mergeCache.chars += text.length;
  return gptCount(text);
}

/**
 * Where a piece starting at `from` ends: after the last newline that a letter or digit follows (no
 * pre-token spans that point, so the count is exact), else after the last space, else at the bound
 * (never inside a surrogate pair).
 */
function pieceEnd(text: string, from: number): number {
  const limit = from + PIECE_CHARS;
  if (limit >= text.length) return text.length;
  const floor = from + PIECE_CHARS / 2;
  for (let i = limit - 1; i > floor; i--) if (text.charCodeAt(i - 1) === 10 && /[\p{L}\p{N}]/u.test(text[i])) return i;
  const space = text.lastIndexOf(" ", limit - 1);
  if (space > floor) return space;
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

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
