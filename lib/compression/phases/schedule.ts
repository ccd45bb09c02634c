import { createHash } from "node:crypto";
import type { Config } from "../../config";
import type { CachedPart } from "../part-memory";
import { CONTEXT_LIMIT_SHARE, levelFor, sortedThresholds } from "../pressure";
import type { OcMessage } from "../schema";
import { repeatKeyOf } from "../repeats";
import { isEditTool, isProtectedTool, isReadTool, normalizePath } from "../tools";
import { runAll, STEP_ITEMS, type Steps } from "../../slices";
import { pathsOf, type Slot } from "./measure";

/** A provider's prompt-cache prices relative to uncached input (bench/lib/cache-cost.ts). */
export interface CachePrices {
  /** A token of a cached prefix. */
  read: number;
  /** A token past it (written to the cache where the provider charges for that). */
  write: number;
}

/** Anthropic's: a cached prefix read at 0.1x, the rest written at 1.25x. */
export const ANTHROPIC_PRICES: CachePrices = { read: 0.1, write: 1.25 };

/**
 * The requests a batch is expected to be read over: half the steps the session has taken so far
 * (a session that has gone on for s steps lasts s/2 more with a chance of about 2/3 when nothing
 * else is known: a conservative guess, so a rewrite late in a short run is rarely left unpaid), at
 * least MIN_REMAINING (an agent session seldom ends within three steps of its start), at most
 * `batchPaybackRequests`.
 */
export const expectedRemaining = (steps: number, cap: number) => Math.max(Math.min(MIN_REMAINING, cap), Math.min(cap, steps / 2));
const MIN_REMAINING = 3;

type Settings = Pick<
  Config["compression"],
  | "protectRecentTurns"
  | "pressureTokens"
  | "batchMinTokens"
  | "batchPaybackRequests"
  | "smallPartTokens"
  | "activeFileTurns"
  | "cacheTtlMinutes"
  | "repeatMinTokens"
  | "protectedTools"
>;

export interface Scheduled {
  /** The aged parts shown compressed. */
  applied: Set<number>;
  /** Repeated outputs and runs of lines (lib/compression/repeats.ts): slot -> what is shown instead. */
  repeats: Map<number, CachedPart>;
}

/** What a repeat shows: `exact` when `slot`'s output is `copy`'s; undefined when a partial repeat saves too little. */
export type ReferenceTo = (slot: number, copy: number, exact: boolean) => CachedPart | undefined;

/**
 * Phase 4b, schedule: which of the aged parts whose compressed form is known are shown compressed.
 *
 * A provider caches the longest prefix it has seen: rewriting a part makes everything after it a
 * cache write (1.25x) instead of a read (0.1x). Each candidate is priced: the rewrite runs from the
 * first changed part to the end of what the previous call sent; the saving is read once per request
 * expected to follow (`expectedRemaining`). A part is cheapest to compress as it ages (only it is
 * rewritten), so most go then; one that does not pay waits, and goes later in a batch: the waiting
 * parts from the start that gains most, if any gains (and saves at least `batchMinTokens`). Whatever
 * the price, everything waiting goes when the context is about to overflow the model's window, or
 * after a pause longer than the cache's lifetime (nothing is cached any more). Crossing a pressure
 * threshold rewrites nothing already sent: each part keeps the level of the history when it aged
 * (../pressure.ts `agedLevels`). Below the thresholds, parts under `smallPartTokens` are never
 * compressed and the latest read of a file touched within `activeFileTurns` messages stays whole.
 *
 * An output identical to an earlier one still shown whole, or repeating runs of lines of the
 * previous output of its tool still shown whole, is a repeat (../repeats.ts), shown with references
 * from the moment it appears; below the thresholds its copy then counts as recent while the repeat
 * is: it is not compressed before the repeat has aged, and a read it repeats keeps the copy the
 * latest read of its file.
 *
 * The decision is a replay over the history's prefixes (as if a call came after each message), a
 * pure function of the history: the same bytes after a restart, and a call only adds decisions
 * at the prefixes it adds, so what an earlier call showed never changes between batches.
 */
export function schedule(
  messages: OcMessage[],
  slots: Slot[],
  results: (CachedPart | undefined)[],
  cfg: Settings,
  contextLimit: number | undefined,
  referenceTo: ReferenceTo,
  prices: CachePrices = ANTHROPIC_PRICES,
): Scheduled {
  return runAll(scheduleSteps(messages, slots, results, cfg, contextLimit, referenceTo, prices));
}

/**
 * The replay's state after its last prefix, kept per session (`ctx.services.scheduleReplays`): the
 * next call of the session goes on from there instead of replaying the whole history again, when
 * it starts with the same message objects (the delta exchange's `keep` hands the pipeline the
 * previous call's objects: lib/compression/delta.ts) under the same settings. The replay is a pure
 * function of the history's prefixes, so going on from a prefix gives what a whole replay gives.
 */
export interface ReplayState {
  /** The messages replayed (the previous call's objects) and their slots (a part whose content changed has a new entry). */
  messages: OcMessage[];
  slots: Slot[];
  /** How many messages the call that left this state went on from (0: it replayed them all). */
  resumedFrom: number;
  /** Settings, context limit and prices the replay ran with. */
  key: string;
  /** The walks over the whole history before the replay, kept for those messages and slots (`Walks`). */
  walks: Walks;
  /** The candidates taken into `pending` so far, in order (`byAge[0..next)`). */
  taken: number[];
  applied: Set<number>;
  repeats: Map<number, CachedPart>;
  copyOf: Map<number, number>;
  pending: number[];
  /** Tokens saved, by slot. */
  gains: number[];
  savedTotal: number;
  copies: Map<string, number>;
  lastWhole: Map<string, number>;
  repeatedAt: Map<number, number>;
  steps: number;
}

/** Where a session's replay state is kept between calls. */
export interface ReplayMemo {
  get(): ReplayState | undefined;
  set(state: ReplayState | undefined): void;
}

/** The sessions' replay states (`ctx.services.scheduleReplays`), the latest few. */
export type ScheduleReplays = Map<string, ReplayState>;
const MAX_REPLAYS = 16;

/** A session's slot in `replays` as a ReplayMemo. */
export function replayMemo(replays: ScheduleReplays, sessionID: string): ReplayMemo {
  return {
    get: () => replays.get(sessionID),
    set(state) {
      replays.delete(sessionID);
      if (!state) return;
      replays.set(sessionID, state);
      while (replays.size > MAX_REPLAYS) replays.delete(replays.keys().next().value as string);
    },
  };
}

/**
 * What the replay reads of each message and slot (a function of them, the settings and the
 * results): the last call's, for its messages and slots, are this call's when those are the same.
 */
interface Walks {
  /** By slot: the result the call had, whether it was a candidate, its repeat key. */
  results: (CachedPart | undefined)[];
  candidate: Uint8Array;
  repeatKeys: (string | undefined)[];
  /** By message (n+1): tokens before it, its latest user message before it, its creation time; by slot: tokens before it; the first slot of each message. */
  cum: Float64Array;
  lastUserBefore: Int32Array;
  created: (number | undefined)[];
  slotCum: Float64Array;
  firstSlotOf: Int32Array;
  files: FileIndex;
}

/** The state whose messages and slots lead this call's: the same message objects, slots and settings. */
function sameLead(state: ReplayState | undefined, messages: OcMessage[], slots: Slot[], key: string): ReplayState | undefined {
  if (!state || state.key !== key || state.messages.length > messages.length) return undefined;
  const m = state.messages.length;
  for (let i = 0; i < m; i++) if (messages[i] !== state.messages[i]) return undefined;
  // The slots of the kept messages come first, in order: the same contents as then, none more.
  const count = state.slots.length;
  if (count > slots.length || (count < slots.length && slots[count].mi < m)) return undefined;
  for (let i = 0; i < count; i++) if (slots[i] !== state.slots[i] && slots[i].entry !== state.slots[i].entry) return undefined;
  return state;
}

/** The state to go on from: the same lead, the same candidates taken. */
function resumable(state: ReplayState | undefined, byAge: number[]): ReplayState | undefined {
  if (!state || state.taken.length > byAge.length) return undefined;
  for (let i = 0; i < state.taken.length; i++) if (byAge[i] !== state.taken[i]) return undefined;
  return state;
}

/** `schedule` as steps: one a message of the replay, one per STEP_ITEMS parts before it (lib/slices.ts). */
export function* scheduleSteps(
  messages: OcMessage[],
  slots: Slot[],
  results: (CachedPart | undefined)[],
  cfg: Settings,
  contextLimit: number | undefined,
  referenceTo: ReferenceTo,
  prices: CachePrices = ANTHROPIC_PRICES,
  memo?: ReplayMemo,
): Steps<Scheduled> {
  const n = messages.length;
  const key = memo ? JSON.stringify([cfg, contextLimit ?? null, prices]) : "";
  const saved = memo?.get();
  // Dropped while this call runs: a call that fails half-way leaves nothing to go on from.
  memo?.set(undefined);
  // The walks below redo only the messages and slots after the last call's, when it led this one
  // (its state is this call's own from here on: changed in place).
  const lead = sameLead(saved, messages, slots, key);
  const m0 = lead?.messages.length ?? 0;
  const s0 = lead?.slots.length ?? 0;
  const walks = yield* walksOf(messages, slots, results, cfg, lead, m0, s0);
  const { repeatKeys, cum, lastUserBefore, created, slotCum, firstSlotOf } = walks;
  // Savings of each candidate slot at the current level (only slots the caller could compress).
  const byAge: number[] = [];
  let anyRepeatKey = false;
  for (let i = 0; i < slots.length; i++) {
    if (walks.candidate[i]) byAge.push(i);
    if (repeatKeys[i] !== undefined) anyRepeatKey = true;
  }
  if (!byAge.length && !anyRepeatKey) return { applied: new Set(), repeats: new Map() };
  const from = resumable(lead, byAge);
  const applied = from?.applied ?? new Set<number>();
  const repeats = from?.repeats ?? new Map<number, CachedPart>();
  /** Repeat -> the slot of the copy it refers to. */
  const copyOf = from?.copyOf ?? new Map<number, number>();
  const ttlMs = cfg.cacheTtlMinutes * 60_000;
  const files = activity(slots, walks.files, copyOf);
  /** Tokens saved by the parts already shown compressed, by slot (a Fenwick tree: sums of ranges), and in all. */
  const savedBySlot = new Fenwick(slots.length);
  const gains: number[] = from ? from.gains : [];
  for (let i = 0; i < gains.length; i++) if (gains[i]) savedBySlot.add(i, gains[i]);
  const gain = (i: number, value: number) => {
    savedBySlot.add(i, value);
    gains[i] = (gains[i] ?? 0) + value;
  };
  let savedTotal = from?.savedTotal ?? 0;
  let next = from?.taken.length ?? 0;
  const pending: number[] = from ? from.pending : [];
  /** By repeat key: the copy shown whole that a repeat refers to. */
  const copies = from?.copies ?? new Map<string, number>();
  /**
   * By call (tool and command) and by tool: the latest output shown whole, whose runs of lines a
   * partial repeat refers to. A command run again is compared with its own previous run (a test
   * suite between a `git status` and an `ls`), any other output with its tool's previous one.
   */
  const lastWhole = from?.lastWhole ?? new Map<string, number>();
  /** By copy: the message of its latest repeat. */
  const repeatedAt = from?.repeatedAt ?? new Map<number, number>();
  let arrived = from?.slots.length ?? 0;
  let steps = from?.steps ?? 0;
  const thresholds = sortedThresholds(cfg.pressureTokens);
  for (let k = (from?.messages.length ?? 0) + 1; k <= n; k++) {
    yield;
    if (messages[k - 1].info.role === "assistant") steps++;
    // Message k-1 arrives: each of its outputs is a repeat or not, once and for good.
    for (; arrived < slots.length && slots[arrived].mi < k; arrived++) {
      const key = repeatKeys[arrived];
      if (key === undefined) continue;
      const tool = slots[arrived].part.tool!;
      const read = isReadTool(tool);
      let copy = copies.get(key);
      let shown: CachedPart | undefined;
      // A read repeats only a read of the same file: the copy is then its file's latest read.
      if (copy !== undefined && !applied.has(copy) && (!read || sameFile(slots[arrived], slots[copy]))) shown = referenceTo(arrived, copy, true);
      else {
        // Not reads: a read is the agent asking for those lines; its copy would have to stay whole
        // as long as the file is worked on.
        copy = read ? undefined : (lastWhole.get(runKeyOf(slots[arrived])) ?? lastWhole.get(tool));
        if (copy !== undefined && !applied.has(copy)) shown = referenceTo(arrived, copy, false);
      }
      if (shown === undefined || copy === undefined) {
        // Shown whole: what later repeats refer to.
        copies.set(key, arrived);
        lastWhole.set(tool, arrived);
        if (!read) lastWhole.set(runKeyOf(slots[arrived]), arrived);
        continue;
      }
      repeats.set(arrived, shown);
      copyOf.set(arrived, copy);
      repeatedAt.set(copy, slots[arrived].mi);
      const saving = Math.max(0, slots[arrived].entry.tokens - shown.t);
      gain(arrived, saving);
      savedTotal += saving;
    }
    const boundary = k - cfg.protectRecentTurns;
    while (next < byAge.length && slots[byAge[next]].mi < boundary) {
      const i = byAge[next++];
      if (!repeats.has(i)) pending.push(i);
    }
    const level = levelFor(cum[k], thresholds);
    if (!pending.length) continue;
    // The call for prefix k comes after message k-1; the previous one after message k-2.
    const gap = k >= 2 && created[k - 1] !== undefined && created[k - 2] !== undefined ? created[k - 1]! - created[k - 2]! : 0;
    const cold = gap >= ttlMs;

    const eligible: number[] = [];
    for (const i of pending) {
      const slot = slots[i];
      if (slot.mi === lastUserBefore[k]) continue;
      // A copy stays whole while its repeat is recent, at every level: the repeat shows nothing of it.
      if ((repeatedAt.get(i) ?? -1) >= boundary) continue;
      if (level === 0 && (slot.entry.tokens < cfg.smallPartTokens || files.activeRead(i, k, cfg.activeFileTurns))) continue;
      eligible.push(i);
    }
    if (!eligible.length) continue;
    // Which batch: the eligible parts from some part on (pending is in history order). Each start is
    // priced: the rewrite runs from it to the end of what the previous call sent (message k-2), as
    // shown after the batch, at the write price instead of the read price; the saving is read once
    // per request expected to follow. The start that gains most goes, if it gains at all: an old
    // part that never pays does not hold back the one that just aged.
    const remaining = expectedRemaining(steps, cfg.batchPaybackRequests);
    const sentEnd = firstSlotOf[Math.max(0, k - 1)];
    let best = -1;
    let bestGain = 0;
    let suffixSaved = 0;
    for (let j = eligible.length - 1; j >= 0; j--) {
      const i = eligible[j];
      suffixSaved += slots[i].entry.tokens - results[i]!.t;
      if (suffixSaved < cfg.batchMinTokens) continue;
      const shownNow = slotCum[sentEnd] - slotCum[i] - savedBySlot.range(i, sentEnd);
      const rewritten = Math.max(0, shownNow - suffixSaved);
      const gain = suffixSaved * prices.read * remaining - (prices.write - prices.read) * rewritten;
      if (gain > bestGain) {
        bestGain = gain;
        best = j;
      }
    }
    // Staying under the context window is absolute: whatever the price. After a pause longer than
    // the cache's lifetime nothing is cached: every saving is free.
    const shown = cum[k] - savedTotal;
    const overflow = contextLimit !== undefined && contextLimit > 0 && shown >= contextLimit * CONTEXT_LIMIT_SHARE;
    const start = overflow || cold ? 0 : best;
    if (start < 0) continue;
    for (const i of eligible.slice(start)) {
      applied.add(i);
      const saving = slots[i].entry.tokens - results[i]!.t;
      gain(i, saving);
      savedTotal += saving;
    }
    const left = pending.filter((i) => !applied.has(i));
    pending.length = 0;
    pending.push(...left);
  }
  // Handed over as they are: the next call takes them in place, and the caller reads the answer before that.
  memo?.set({
    messages: messages.slice(),
    slots: slots.slice(),
    resumedFrom: from?.messages.length ?? 0,
    key,
    walks,
    taken: byAge.slice(0, next),
    applied,
    repeats,
    copyOf,
    pending,
    gains,
    savedTotal,
    copies,
    lastWhole,
    repeatedAt,
    steps,
  });
  return { applied, repeats };
}

/** Sums over ranges of slots, with updates (a Fenwick tree). */
class Fenwick {
  private readonly tree: Float64Array;
  constructor(size: number) {
    this.tree = new Float64Array(size + 1);
  }
  add(i: number, value: number) {
    for (let x = i + 1; x < this.tree.length; x += x & -x) this.tree[x] += value;
  }
  /** The sum of slots [0, end). */
  private prefix(end: number) {
    let sum = 0;
    for (let x = end; x > 0; x -= x & -x) sum += this.tree[x];
    return sum;
  }
  /** The sum of slots [from, to). */
  range(from: number, to: number) {
    return to > from ? this.prefix(to) - this.prefix(from) : 0;
  }
}

/** A tool call's identity for "the same command run again": its command, or else its whole input (kept with the part). */
function runKeyOf(slot: Slot): string {
  if (slot.entry.runKey !== undefined) return slot.entry.runKey;
  const input = slot.part.state?.input as Record<string, unknown> | undefined;
  const command = input?.command;
  const key = `${slot.part.tool}\0${typeof command === "string" ? command.trim() : JSON.stringify(input ?? {})}`;
  slot.entry.runKey = createHash("sha1").update(key).digest("base64url");
  return slot.entry.runKey;
}

const sameFile = (a: Slot, b: Slot) => {
  const path = (s: Slot) => normalizePath(pathsOf(s)[0] ?? "");
  return path(a) !== "" && path(a) === path(b);
};

interface FileActivity {
  activeRead(i: number, k: number, window: number): boolean;
}

/** Reads and edits of each file by message, and each read's file: built slot by slot, so a later call goes on from them. */
interface FileIndex {
  touches: Map<string, number[]>;
  readPath: Map<number, string>;
  readsOf: Map<string, number[]>;
}

/** Adds slots [from, slots.length) to `index`. */
function* indexFiles(slots: Slot[], index: FileIndex, from: number): Steps<void> {
  for (let i = from; i < slots.length; i++) {
    if (i % STEP_ITEMS === 0) yield;
    const s = slots[i];
    const tool = s.part.tool;
    if (s.kind !== "tool" || !tool) continue;
    const read = isReadTool(tool);
    if (!read && !isEditTool(tool)) continue;
    const paths = pathsOf(s);
    for (const p of paths) {
      const list = index.touches.get(p) ?? [];
      if (list[list.length - 1] !== s.mi) list.push(s.mi);
      index.touches.set(p, list);
    }
    if (!read || !paths[0] || s.field !== "output") continue;
    index.readPath.set(i, paths[0]);
    const reads = index.readsOf.get(paths[0]);
    if (reads) reads.push(i);
    else index.readsOf.set(paths[0], [i]);
  }
}

/**
 * Reads and edits of each file, by message, for "is this read's file still being worked on". A
 * repeat of a read (`repeats`, filled as the replay goes) leaves its copy the latest read.
 */
function activity(slots: Slot[], { touches, readPath, readsOf }: FileIndex, copyOf: ReadonlyMap<number, number>): FileActivity {
  return {
    /** Slot i is the latest read of its file before message k, and the file was read or edited within `window` messages. */
    activeRead(i: number, k: number, window: number): boolean {
      const p = readPath.get(i);
      if (p === undefined || window === 0) return false;
      const mi = slots[i].mi;
      if (readsOf.get(p)!.some((r) => slots[r].mi > mi && slots[r].mi < k && copyOf.get(r) !== i)) return false;
      const list = touches.get(p)!;
      let last = -1;
      for (const t of list) if (t < k) last = t;
      return last >= k - window;
    },
  };
}

/**
 * The walks over every message and slot the replay reads, for this call: the first `m0` messages
 * and `s0` slots taken from `lead` (the same objects as then), the rest computed; a slot's
 * candidacy again wherever its result is not the one it had then.
 */
function* walksOf(
  messages: OcMessage[],
  slots: Slot[],
  results: (CachedPart | undefined)[],
  cfg: Settings,
  lead: ReplayState | undefined,
  m0: number,
  s0: number,
): Steps<Walks> {
  const n = messages.length;
  const before = lead?.walks;
  const candidate = new Uint8Array(slots.length);
  const repeatKeys: (string | undefined)[] = before ? before.repeatKeys.slice(0, s0) : [];
  for (let i = 0; i < slots.length; i++) {
    if (i % STEP_ITEMS === 0) yield;
    const r = results[i];
    if (i < s0 && r === before!.results[i]) candidate[i] = before!.candidate[i];
    else if (r && r.v !== null && slots[i].entry.tokens > r.t) candidate[i] = 1;
    if (i < s0) continue;
    const s = slots[i];
    // A protected tool's output is never touched, not even to refer to an earlier copy.
    repeatKeys.push(s.part.tool && isProtectedTool(s.part.tool, cfg.protectedTools) ? undefined : repeatKeyOf(s, cfg.repeatMinTokens));
  }
  // Tokens of the uncompressed history up to message k (exclusive), the latest user message before k.
  const cum = new Float64Array(n + 1);
  for (let j = s0; j < slots.length; j++) cum[slots[j].mi + 1] += slots[j].entry.tokens;
  if (before) cum.set(before.cum.subarray(0, m0 + 1));
  for (let k = m0 + 1; k <= n; k++) cum[k] += cum[k - 1];
  const lastUserBefore = new Int32Array(n + 1).fill(-1);
  if (before) lastUserBefore.set(before.lastUserBefore.subarray(0, m0 + 1));
  for (let k = m0 + 1; k <= n; k++) lastUserBefore[k] = messages[k - 1].info.role === "user" ? k - 1 : lastUserBefore[k - 1];
  yield;
  const created: (number | undefined)[] = before ? before.created.slice(0, m0) : [];
  for (let k = m0; k < n; k++) {
    const t = (messages[k].info as { time?: { created?: unknown } }).time?.created;
    created.push(typeof t === "number" ? t : undefined);
    if (k % STEP_ITEMS === 0) yield;
  }
  // Tokens of the uncompressed history up to slot j (exclusive), and the first slot of each message:
  // a rewrite starts at the first changed part, not at its message (a step's prose before its
  // tool output stays cached when only the output changes). Before message m0 the first slot is
  // the last call's: a slot of a later message starts at s0 either way.
  const slotCum = new Float64Array(slots.length + 1);
  if (before) slotCum.set(before.slotCum.subarray(0, s0 + 1));
  for (let j = s0; j < slots.length; j++) slotCum[j + 1] = slotCum[j] + slots[j].entry.tokens;
  const firstSlotOf = new Int32Array(n + 1).fill(slots.length);
  for (let j = slots.length - 1; j >= s0; j--) firstSlotOf[slots[j].mi] = j;
  for (let m = n - 1; m >= m0; m--) firstSlotOf[m] = Math.min(firstSlotOf[m], firstSlotOf[m + 1]);
  if (before) firstSlotOf.set(before.firstSlotOf.subarray(0, m0 + 1));
  yield;
  const files = before ? before.files : { touches: new Map(), readPath: new Map(), readsOf: new Map() };
  yield* indexFiles(slots, files, s0);
  return { results, candidate, repeatKeys, cum, lastUserBefore, created, slotCum, firstSlotOf, files };
}
