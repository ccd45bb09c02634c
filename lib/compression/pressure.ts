import { runAll, STEP_ITEMS, type Steps } from "../slices";

/**
 * Pressure: absolute token thresholds on the uncompressed history (which only grows within a
 * session, so the level changes at most once per threshold and the compressed prefix stays stable
 * in between). Above each threshold the strategies cut harder and the model is nudged to store what
 * matters before it is compressed away.
 */
export type Level = 0 | 1 | 2;

export interface LevelParams {
  /** A tool output is compressed only past one of these sizes. */
  minLines: number;
  minChars: number;
  head: number;
  tail: number;
  /** File reads: the first and last lines kept (the definitions and diagnostics in between say more). */
  readHead: number;
  readTail: number;
  /** Key lines kept from the middle, and neighbours kept around each. */
  maxKey: number;
  /** Kept non-key lines longer than this keep only their start. */
  maxLineChars: number;
  /** File reads: definition lines (signatures) kept from the middle. */
  maxDefs: number;
  context: number;
  /** Search results: files shown and matches per file. */
  searchFiles: number;
  perFile: number;
  /** JSON arrays longer than this are cut to head + distinct shapes + tail. */
  jsonMaxItems: number;
  /** Long-format directory listings: names shown at most (lib/compression/strategies/listings.ts). */
  listingNames: number;
  /** Assistant prose longer than this is condensed. */
  proseMinChars: number;
  /** Outdated reads: keep a compressed body (false) or only the marker (true). */
  dropOutdated: boolean;
}

/**
 * Every aged tool output is cut (the pipeline keeps the original when the cut would not save tokens):
 * by the time a part ages past the protected turns the model has acted on it, and one expand brings
 * it back. Key lines (diagnostics) are kept verbatim up to `maxKey`; definitions only up to `maxDefs`.
 */
export const LEVELS: Record<Level, LevelParams> = {
  0: {
    minLines: 6,
    minChars: 300,
    head: 3,
    tail: 4,
    readHead: 2,
    readTail: 2,
    maxKey: 24,
    maxDefs: 4,
    maxLineChars: 160,
    context: 0,
    searchFiles: 4,
    perFile: 2,
    jsonMaxItems: 6,
    listingNames: 200,
    proseMinChars: 120,
    dropOutdated: true,
  },
  1: {
    minLines: 5,
    minChars: 250,
    head: 2,
    tail: 3,
    readHead: 2,
    readTail: 2,
    maxKey: 16,
    maxDefs: 3,
    maxLineChars: 120,
    context: 0,
    searchFiles: 3,
    perFile: 2,
    jsonMaxItems: 4,
    listingNames: 120,
    proseMinChars: 100,
    dropOutdated: true,
  },
  2: {
    minLines: 4,
    minChars: 200,
    head: 2,
    tail: 2,
    readHead: 1,
    readTail: 1,
    maxKey: 10,
    maxDefs: 2,
    maxLineChars: 100,
    context: 0,
    searchFiles: 2,
    perFile: 1,
    jsonMaxItems: 3,
    listingNames: 60,
    proseMinChars: 80,
    dropOutdated: true,
  },
};

/** Share of the model's context window past which the strongest level applies regardless of the thresholds. */
export const CONTEXT_LIMIT_SHARE = 0.75;

export function pressureLevel(tokens: number, thresholds: number[], contextLimit?: number): Level {
  return levelFor(tokens, sortedThresholds(thresholds), contextLimit);
}

/** The two lowest thresholds in order (Infinity when missing): sorted once per call, not once per part. */
export function sortedThresholds(thresholds: readonly number[]): readonly [number, number] {
  const [first = Infinity, second = Infinity] = [...thresholds].sort((a, b) => a - b);
  return [first, second];
}

/** `pressureLevel` with thresholds already sorted (`sortedThresholds`). */
export function levelFor(tokens: number, [first, second]: readonly [number, number], contextLimit?: number): Level {
  if (tokens >= second || (contextLimit && tokens >= contextLimit * CONTEXT_LIMIT_SHARE)) return 2;
  if (tokens >= first) return 1;
  return 0;
}

/**
 * Each slot's level: the history's level at the request where the slot first aged (its message
 * `protectRecentTurns` messages back), so a threshold crossed later never rewrites what was already
 * sent compressed (issue 39: no cliff). Staying under the model's context window is absolute: once
 * the history reaches CONTEXT_LIMIT_SHARE of `contextLimit`, every slot is at the strongest level,
 * whatever the rewrite costs.
 */
export function agedLevels(
  messageCount: number,
  slots: readonly { mi: number; entry: { tokens: number } }[],
  protectRecentTurns: number,
  thresholds: number[],
  contextLimit?: number,
): Level[] {
  return runAll(agedLevelsSteps(messageCount, slots, protectRecentTurns, thresholds, contextLimit));
}

/** `agedLevels` as steps, one per STEP_ITEMS slots or messages (lib/slices.ts). */
export function* agedLevelsSteps(
  messageCount: number,
  slots: readonly { mi: number; entry: { tokens: number } }[],
  protectRecentTurns: number,
  thresholds: number[],
  contextLimit?: number,
): Steps<Level[]> {
  const cum = new Float64Array(messageCount + 1);
  for (let j = 0; j < slots.length; j++) {
    cum[slots[j].mi + 1] += slots[j].entry.tokens;
    if (j % STEP_ITEMS === 0) yield;
  }
  for (let k = 1; k <= messageCount; k++) {
    cum[k] += cum[k - 1];
    if (k % STEP_ITEMS === 0) yield;
  }
  if (contextLimit && cum[messageCount] >= contextLimit * CONTEXT_LIMIT_SHARE) return slots.map(() => 2);
  const levels: Level[] = [];
  const sorted = sortedThresholds(thresholds);
  for (let j = 0; j < slots.length; j++) {
    levels.push(levelFor(cum[Math.min(messageCount, slots[j].mi + protectRecentTurns + 1)], sorted));
    if (j % STEP_ITEMS === 0) yield;
  }
  return levels;
}

/** Fixed texts per level (no running numbers), so a nudge does not change the prompt every turn. */
const NUDGES: Record<Level, string[]> = {
  0: [],
  1: [
    "Recollect: this session's context is getting large and older tool output is being compressed. Store decisions, findings and constraints worth keeping with memory_store; compressed outputs can be brought back with memory_expand.",
  ],
  2: [
    'Recollect: this session\'s context is close to its limit; older tool output is now compressed aggressively. Before continuing, store what matters (decisions, root causes, file paths, next steps) with memory_store; anything compressed can be brought back with memory_expand("<hash>").',
  ],
};

export const nudgesFor = (level: Level): string[] => NUDGES[level];
