import type { CachedPart } from "./part-memory";
import type { MeasuredPrefix, Slot } from "./phases/measure";
import { CONTEXT_LIMIT_SHARE, type Level, levelFor, sortedThresholds } from "./pressure";
import type { OcMessage } from "./schema";
import { STEP_ITEMS, type Steps } from "../slices";

/**
 * What a session's last compress call computed, kept so the next call redoes only what its delta
 * can change (`ctx.services.compressTurns`). The delta exchange hands the pipeline the previous
 * call's message objects for the messages the caller kept (lib/compression/delta.ts), and the
 * pipeline never mutates them, so the first `kept` messages that are the very same objects hold the
 * same parts.
 *
 * The invariant, for the first `kept` messages (`keptMessages`), under the same configuration and
 * context limit, with no part entry forgotten since the last call began (`PartMemory.epoch`):
 * - measure: their slots, entries and token sums are the last call's (a part is measured from its
 *   content only);
 * - levels: a slot's level reads the history's size `protectRecentTurns` messages after its own
 *   (../pressure.ts `agedLevels`), so the slots of the first `kept - protectRecentTurns` messages
 *   keep theirs, unless the context-limit override (every slot at the top level) switched;
 * - select: those slots were aged then and are now (the boundary only moves on), except the
 *   messages of the last call's and this call's latest user message when they differ: redone;
 * - schedule: runs as before (it resumes its own replay); a slot whose shown result it changed
 *   is compared by identity with the last call's, and its message assembled again;
 * - assemble: the other messages of that prefix are the last answer's objects and sums.
 * Anything else (a compaction, an edited old part, a threshold or override crossed, another
 * configuration, an eviction) makes `kept` 0 or smaller: the work is redone from there, and a
 * whole recompute is the same code with `kept` 0. tests/lib/compression/turn-memo.test.ts
 * compares both, byte for byte, over generated sequences.
 */
export interface TurnMemo {
  key: string;
  /** PartMemory.epoch when the call began. */
  epoch: number;
  messages: OcMessage[];
  slots: Slot[];
  /** By message (length n+1): the first slot, the tokens before, and the tokens as measured, summed up to it. */
  starts: Int32Array;
  cumBefore: Float64Array;
  cum: Float64Array;
  levels: Level[];
  overridden: boolean;
  lastUser: number;
  variants: string[];
  /** By slot: the result selected (before the schedule), then the one shown. */
  known: (CachedPart | undefined)[];
  shown: (CachedPart | undefined)[];
  out: OcMessage[];
  stats: MessageStats[];
}

/**
 * The previous call's selection for the first `slots` slots (the previous call's, turn-memo.ts): kept
 * as it was, except the slots `redo` names (in order), selected again.
 */
export interface SelectedPrefix {
  slots: number;
  variants: string[];
  known: (CachedPart | undefined)[];
  redo: number[];
}

/** What one message adds to the totals: tokens after, saved by strategy (every key a result names), saved by a view (in slot order, none zero). */
export interface MessageStats {
  t: number;
  s?: Record<string, number>;
  v?: [string, number][];
}

/**
 * The previous call's answer for the first `messages` messages (lib/compression/turn-memo.ts):
 * kept as it was, except the messages `redo` names, assembled again.
 */
export interface AssembledPrefix {
  messages: number;
  out: OcMessage[];
  stats: MessageStats[];
  redo: number[];
}

/** The last call of the sessions seen lately, by session (redacted id). */
export type TurnMemos = Map<string, TurnMemo>;
const MAX_SESSIONS = 16;

/** Taken out while a call runs: a call that fails half-way leaves nothing to go on from. */
export function takeTurnMemo(memos: TurnMemos, sessionId: string): TurnMemo | undefined {
  const memo = memos.get(sessionId);
  memos.delete(sessionId);
  return memo;
}

export function keepTurnMemo(memos: TurnMemos, sessionId: string, memo: TurnMemo): void {
  memos.delete(sessionId);
  memos.set(sessionId, memo);
  while (memos.size > MAX_SESSIONS) memos.delete(memos.keys().next().value as string);
}

/** How many leading messages are the last call's objects, when its results still hold (else 0). */
export function keptMessages(memo: TurnMemo | undefined, messages: OcMessage[], key: string, epoch: number): number {
  if (!memo || memo.key !== key || memo.epoch !== epoch) return 0;
  const max = Math.min(memo.messages.length, messages.length);
  let k = 0;
  while (k < max && messages[k] === memo.messages[k]) k++;
  return k;
}

export const measuredPrefix = (memo: TurnMemo, kept: number): MeasuredPrefix => ({
  messages: kept,
  slots: memo.slots.slice(0, memo.starts[kept]),
  tokensBefore: memo.cumBefore[kept],
  tokens: memo.cum[kept],
});

/** The latest user message (-1: none). */
export function lastUserOf(messages: OcMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].info.role === "user") return i;
  return -1;
}

export interface Sums {
  starts: Int32Array;
  cumBefore: Float64Array;
  cum: Float64Array;
}

/** The by-message sums of this call, the first `kept` messages' copied from `memo`. */
export function* sumsOf(messageCount: number, slots: Slot[], memo: TurnMemo | undefined, kept: number): Steps<Sums> {
  const starts = new Int32Array(messageCount + 1).fill(slots.length);
  const cumBefore = new Float64Array(messageCount + 1);
  const cum = new Float64Array(messageCount + 1);
  let from = 0;
  if (memo && kept) {
    starts.set(memo.starts.subarray(0, kept));
    cumBefore.set(memo.cumBefore.subarray(0, kept + 1));
    cum.set(memo.cum.subarray(0, kept + 1));
    from = memo.starts[kept];
  }
  for (let j = from; j < slots.length; j++) {
    const { mi, entry } = slots[j];
    if (starts[mi] > j) starts[mi] = j;
    cum[mi + 1] += entry.tokens;
    cumBefore[mi + 1] += entry.tokens + (entry.view?.saved ?? 0);
    if (j % STEP_ITEMS === 0) yield;
  }
  for (let m = messageCount - 1; m >= kept; m--) starts[m] = Math.min(starts[m], starts[m + 1]);
  for (let m = Math.max(1, kept + 1); m <= messageCount; m++) {
    cum[m] += cum[m - 1];
    cumBefore[m] += cumBefore[m - 1];
  }
  return { starts, cumBefore, cum };
}

/**
 * Each slot's level (../pressure.ts `agedLevels`, the same formula) and how many leading slots
 * keep the last call's level and selection (`stable`).
 */
export function* levelsOf(
  messageCount: number,
  slots: Slot[],
  sums: Sums,
  protectRecentTurns: number,
  thresholds: number[],
  contextLimit: number | undefined,
  memo: TurnMemo | undefined,
  kept: number,
): Steps<{ levels: Level[]; overridden: boolean; stable: number; stableMessages: number }> {
  const { cum, starts } = sums;
  const overridden = !!contextLimit && cum[messageCount] >= contextLimit * CONTEXT_LIMIT_SHARE;
  let stableMessages = memo && kept && memo.overridden === overridden ? Math.max(0, kept - protectRecentTurns) : 0;
  const stable = starts[stableMessages];
  if (!stable) stableMessages = 0;
  const levels: Level[] = memo && stable ? memo.levels.slice(0, stable) : [];
  const sorted = sortedThresholds(thresholds);
  for (let j = stable; j < slots.length; j++) {
    levels.push(overridden ? 2 : levelFor(cum[Math.min(messageCount, slots[j].mi + protectRecentTurns + 1)], sorted));
    if (j % STEP_ITEMS === 0) yield;
  }
  return { levels, overridden, stable, stableMessages };
}

/** The messages before `stableMessages` to select and assemble again: the last call's and this call's latest user message, when they differ. */
export function redoneMessages(memo: TurnMemo | undefined, lastUser: number, stableMessages: number): number[] {
  if (!memo || memo.lastUser === lastUser) return [];
  return [memo.lastUser, lastUser].filter((m) => m >= 0 && m < stableMessages).sort((a, b) => a - b);
}

export function slotsOf(starts: Int32Array, messages: number[]): number[] {
  const out: number[] = [];
  for (const m of messages) for (let j = starts[m]; j < starts[m + 1]; j++) out.push(j);
  return out;
}

export const selectedPrefix = (memo: TurnMemo, stable: number, redo: number[]): SelectedPrefix => ({
  slots: stable,
  variants: memo.variants,
  known: memo.known,
  redo,
});

/**
 * The last answer's first `stableMessages` messages, with the ones to assemble again: those
 * `redo` names and those with a slot whose shown result is not the last call's.
 */
export function* assembledPrefix(
  memo: TurnMemo,
  stableMessages: number,
  starts: Int32Array,
  shown: (CachedPart | undefined)[],
  redo: number[],
): Steps<AssembledPrefix> {
  const again = new Set(redo);
  const end = starts[stableMessages];
  for (let j = 0; j < end; j++) {
    if (shown[j] !== memo.shown[j]) again.add(memo.slots[j].mi);
    if (j % STEP_ITEMS === 0) yield;
  }
  return { messages: stableMessages, out: memo.out, stats: memo.stats, redo: [...again].sort((a, b) => a - b) };
}
