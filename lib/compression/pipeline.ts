import type { CompressResult } from "../contracts/compress";
import type { Ctx } from "../ctx";
import { redact, redactAsync } from "../security/redaction";
import { redactKey } from "../security/redact-fields";
import { partMemory, type CachedPart } from "./cache";
import { cachePricesFor } from "./cache-pricing";
import type { CompressedOriginal } from "./compressed-originals";
import { assembleSteps } from "./phases/assemble";
import { compressPart } from "./phases/compress-part";
import { History } from "./phases/history";
import { measureSteps, type Slot, type ViewRules } from "./phases/measure";
import { persistSteps } from "./phases/persist";
import { replayMemo, scheduleSteps } from "./phases/schedule";
import { referenceOriginal, repeatedRunsStub, repeatsFrom, repeatStub } from "./repeats";
import { selectSteps, type Selection } from "./phases/select";
import { runAll, runSliced, SLICE_MS, type Steps, yieldToLoop } from "../slices";
import { agedLevelsSteps, nudgesFor, pressureLevel, type Level } from "./pressure";
import {
  assembledPrefix,
  keepTurnMemo,
  keptMessages,
  lastUserOf,
  levelsOf,
  measuredPrefix,
  redoneMessages,
  selectedPrefix,
  slotsOf,
  type Sums,
  sumsOf,
  takeTurnMemo,
  type TurnMemo,
} from "./turn-memo";
import { NOISE_STRATEGY, noiseTool } from "./noise";
import { PROGRESS_STRATEGY, progressTool } from "./progress";
import { type ValidInput, validateSteps } from "./validate";
import { keepPrepared, MAX_PREPARED_CHARS, type PreparedPart, type PreparedTurn, preparedFor, takePrepared, toolMarks } from "./prepared";
import type { OcMessage, OcPart } from "./schema";

/**
 * Deterministic compression of an OpenCode history, every turn, no LLM. One file per phase
 * (./phases):
 *
 * 1. validate (validate.ts): the body is an OpenCode history within the limits.
 * 2. measure: every part's model-visible content gets a token count, kept in memory per part.
 *    The pressure level comes from the uncompressed size (absolute thresholds, pressure.ts).
 * 3. select: aged parts find their result in the caches; the rest is pending.
 * 4. compress: the strategies run over each pending part (its original redacted first).
 * 4b. schedule: which aged parts are shown compressed now (batches that keep the provider's
 *    prompt cache; `compression.cacheAware`).
 * 5. assemble: the answer's messages and token counts.
 * 6. persist: new results, the compressed originals and a stats row, in one transaction.
 */

export interface CompressOptions {
  now?: number;
  /** Filled with the milliseconds spent by the end of each phase, cumulative (benchmarks). */
  timings?: Record<string, number>;
  /** The same in the process's CPU milliseconds (benchmarks on a loaded machine). */
  cpuTimings?: Record<string, number>;
  /** Filled with how many leading messages the call took from the session's last call (./turn-memo.ts; tests, benchmarks). */
  reused?: { messages: number; slots: number };
  /** Recomputes every phase over the whole history, as if the session's last call was unknown (tests). */
  whole?: boolean;
}

/** Never mutates its input: changed parts (and their messages) are copies; unchanged ones are returned as they came. */
export function compressMessages(ctx: Ctx, body: unknown, options: CompressOptions = {}): CompressResult {
  const run = runAll(prepare(ctx, body, options));
  if ("result" in run) return run.result;
  return runAll(
    finish(
      ctx,
      run,
      run.pending.map((p) => redact(p.slot.text)),
    ),
  );
}

/**
 * `compressMessages` for the server, in slices so the event loop keeps serving other requests
 * (lib/slices.ts): measure, select and compress yield every SLICE_MS, and the
 * originals to be stored (megabytes of tool output) are redacted with `redactAsync`; the write is
 * in transactions of at most 500 rows (phases/persist.ts).
 */
export async function compressMessagesAsync(ctx: Ctx, body: unknown, options: CompressOptions = {}): Promise<CompressResult> {
  const run = await runSliced(prepare(ctx, body, options));
  if ("result" in run) return run.result;
  // The results prepared while the session was idle (./prepared.ts) stand in for the same calls.
  const turn = takePrepared(ctx.services.preparedTurns, redactKey(run.input.sessionID), run.slots);
  const ready = run.pending.map((p) => preparedFor(turn, p.key, p.slot, run.input.messages[p.slot.mi].info.role, p.level));
  const originals: string[] = [];
  let sliceStart = performance.now();
  for (const [i, p] of run.pending.entries()) {
    originals.push(ready[i] ? "" : await redactAsync(p.slot.text));
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
  return runSliced(finish(ctx, run, originals, ready));
}

/**
 * The next turn of the session, prepared (./prepared.ts): the history as it is now, followed by
 * one new user message (the next request's shape), goes through validate, measure and select; the
 * parts that would be compressed anew are, and their results are kept for that request. Nothing is
 * written and no stats row is added: the request that uses a result stores it as it would have.
 * Returns how many parts were prepared.
 */
export async function prepareNextTurn(ctx: Ctx, body: unknown): Promise<number> {
  const cfg = ctx.config.compression;
  if (!cfg.enabled) return 0;
  const input = await runSliced(validateSteps(body));
  const sessionId = redactKey(input.sessionID);
  // The new user message's text is not known yet: it counts no tokens here. Where it would tip a
  // slot over a threshold, the level (and so the key) differs and that part is compressed then.
  const next: OcMessage = { info: { id: "recollect-next", role: "user" }, parts: [] };
  const messages = [...input.messages, next];
  const { slots } = await runSliced(measureSteps(messages, partMemory(ctx), ...viewRulesOf(cfg)));
  const levels = await runSliced(agedLevelsSteps(messages.length, slots, cfg.protectRecentTurns, cfg.pressureTokens, input.contextLimit));
  const { pending } = await runSliced(selectSteps(ctx, messages, slots, levels, Date.now()));
  const parts = new Map<string, PreparedPart>();
  if (pending.length) {
    const history = await runSliced(History.build(slots, repeatsFrom(cfg)));
    let sliceStart = performance.now();
    let held = 0;
    for (const { slot, key, level } of pending) {
      if (held >= MAX_PREPARED_CHARS) break;
      const role = messages[slot.mi].info.role;
      const added = new Map<string, CompressedOriginal>();
      const original = await redactAsync(slot.text);
      const result = compressPart(slot, original, role, level, history, cfg.disabledStrategies, sessionId, added);
      const originals = [...added.values()];
      held += (result.v?.length ?? 0) + originals.reduce((n, o) => n + o.content.length, 0);
      parts.set(key, { result, originals, mi: slot.mi, pi: slot.pi, role, level, entry: slot.entry });
      if (performance.now() - sliceStart >= SLICE_MS) {
        await yieldToLoop();
        sliceStart = performance.now();
      }
    }
  }
  keepPrepared(ctx.services.preparedTurns, sessionId, { tools: toolMarks(slots), parts } satisfies PreparedTurn);
  return parts.size;
}

/**
 * Which first-send removals apply to a part under this configuration (measure's `viewFor`), and a
 * key naming everything they depend on besides the part: measure skips a part object it measured
 * under the same key.
 */
function viewRulesOf(cfg: Ctx["config"]["compression"]): [(part: OcPart) => ViewRules, string] {
  const progress = !cfg.disabledStrategies.includes(PROGRESS_STRATEGY);
  const noise = !cfg.disabledStrategies.includes(NOISE_STRATEGY);
  const viewFor = (part: OcPart) => {
    const tool = progressTool(part.tool!, cfg.protectedTools);
    return { progress: progress && tool, noise: noise && tool && noiseTool(part.tool!, part.state?.input) };
  };
  return [viewFor, JSON.stringify([progress, noise, cfg.protectedTools])];
}

interface Prepared extends Selection {
  sessionId: string;
  /** What the session's last call computed, and how much of it this call keeps (./turn-memo.ts). */
  memo: TurnMemo | undefined;
  memoKey: string;
  epoch: number;
  sums: Sums;
  levels: Level[];
  overridden: boolean;
  lastUser: number;
  stableMessages: number;
  redo: number[];
  started: number;
  now: number;
  input: ValidInput;
  slots: Slot[];
  tokensBefore: number;
  level: Level;
  mark: (name: string) => void;
}

/** Phases 1 to 3: validates, measures, and finds each part's result in the caches; what is left to compute is `pending`. */
function* prepare(ctx: Ctx, body: unknown, options: CompressOptions): Steps<Prepared | { result: CompressResult }> {
  const started = performance.now();
  const cpuStarted = options.cpuTimings ? process.cpuUsage() : undefined;
  const now = options.now ?? Date.now();
  const mark = (name: string) => {
    if (options.timings) options.timings[name] = (options.timings[name] ?? 0) + performance.now() - started;
    if (options.cpuTimings && cpuStarted) {
      const cpu = process.cpuUsage(cpuStarted);
      options.cpuTimings[name] = (options.cpuTimings[name] ?? 0) + (cpu.user + cpu.system) / 1000;
    }
  };
  const input = yield* validateSteps(body);
  const messages = input.messages;
  mark("validate");
  const cfg = ctx.config.compression;
  if (!cfg.enabled) {
    const { tokensBefore } = yield* measureSteps(messages, partMemory(ctx));
    return { result: { messages, stats: { tokensBefore, tokensAfter: tokensBefore, byStrategy: {} }, nudges: [] } };
  }
  // Stored with the cache rows, compressed originals and stats: redacted like every session id (lib/contracts/common.ts).
  const sessionId = redactKey(input.sessionID);
  const memory = partMemory(ctx);
  const epoch = memory.epoch;
  const memoKey = JSON.stringify([cfg, input.contextLimit ?? null]);
  const memo = takeTurnMemo(ctx.services.compressTurns, sessionId);
  const kept = options.whole ? 0 : keptMessages(memo, messages, memoKey, epoch);
  const [viewFor, rulesKey] = viewRulesOf(cfg);
  const { slots, tokensBefore, tokens } = yield* measureSteps(messages, memory, viewFor, rulesKey, kept ? measuredPrefix(memo!, kept) : undefined);
  const sums = yield* sumsOf(messages.length, slots, memo, kept);
  mark("measure");
  // The thresholds apply to the history as the strategies see it (its progress lines already gone),
  // the same size the schedule replays.
  const level = pressureLevel(tokens, cfg.pressureTokens, input.contextLimit);
  const { levels, overridden, stable, stableMessages } = yield* levelsOf(
    messages.length,
    slots,
    sums,
    cfg.protectRecentTurns,
    cfg.pressureTokens,
    input.contextLimit,
    memo,
    kept,
  );
  const lastUser = lastUserOf(messages);
  const redo = stable ? redoneMessages(memo, lastUser, stableMessages) : [];
  const selection = yield* selectSteps(ctx, messages, slots, levels, now, stable ? selectedPrefix(memo!, stable, slotsOf(sums.starts, redo)) : undefined);
  if (options.reused) Object.assign(options.reused, { messages: kept, slots: stable });
  mark("select");
  return {
    sessionId,
    memo,
    memoKey,
    epoch,
    sums,
    levels,
    overridden,
    lastUser,
    stableMessages,
    redo,
    started,
    now,
    input,
    slots,
    tokensBefore,
    level,
    mark,
    ...selection,
  };
}

/** Phases 4 to 6: compresses the pending parts (`originals`: their texts, redacted), assembles the answer and writes the new rows. */
function* finish(ctx: Ctx, run: Prepared, originals: string[], ready: (PreparedPart | undefined)[] = []): Steps<CompressResult> {
  const { input, slots, level, now, mark, sessionId } = run;
  const messages = input.messages;
  const history = run.pending.some((_, i) => !ready[i]) ? yield* History.build(slots, repeatsFrom(ctx.config.compression)) : undefined;
  const newRows: { key: string; value: CachedPart }[] = [];
  const newOriginals = new Map<string, CompressedOriginal>();
  const memory = partMemory(ctx);
  const disabled = ctx.config.compression.disabledStrategies;
  const computed: CachedPart[] = [];
  for (let i = 0; i < run.pending.length; i++) {
    const { slot, key, level: slotLevel, variant } = run.pending[i];
    const prepared = ready[i];
    if (prepared) for (const o of prepared.originals) newOriginals.set(o.hash, o);
    const result = prepared
      ? prepared.result
      : compressPart(slot, originals[i], messages[slot.mi].info.role, slotLevel, history!, disabled, sessionId, newOriginals);
    newRows.push({ key, value: result });
    memory.keepResult(slot.entry, variant, result);
    computed.push(result);
    yield;
  }
  mark("strategies");
  const known = ctx.config.compression.cacheAware ? yield* scheduled(ctx, run, computed, newOriginals, sessionId) : run.known;
  mark("schedule");
  const resolve = (k: Selection["known"][number]) => (typeof k === "number" ? computed[k] : k);
  const shown = known.map(resolve);
  const { starts } = run.sums;
  const prefix = run.stableMessages ? yield* assembledPrefix(run.memo!, run.stableMessages, starts, shown, run.redo) : undefined;
  const { out, tokensAfter, byStrategy, stats, assembled } = yield* assembleSteps(messages, slots, starts, known, computed, prefix);
  // A view's original is handed over once, by the call that first assembles its message (the
  // messages kept from the last call handed theirs then).
  for (const mi of assembled)
    for (let j = starts[mi]; j < starts[mi + 1]; j++) {
      const slot = slots[j];
      const view = slot.entry.view;
      if (view?.original === undefined) continue;
      newOriginals.set(view.hash, { hash: view.hash, content: view.original, tool: redact(slot.part.tool!), sessionId });
      memory.releaseOriginal(slot.entry);
    }
  mark("assemble");
  const totals = { tokensBefore: run.tokensBefore, tokensAfter, byStrategy };
  yield* persistSteps(ctx, { sessionId, newRows, newOriginals, stats: totals, durationMs: performance.now() - run.started, now });
  mark("persist");
  keepTurnMemo(ctx.services.compressTurns, sessionId, {
    key: run.memoKey,
    epoch: run.epoch,
    messages,
    slots,
    ...run.sums,
    levels: run.levels,
    overridden: run.overridden,
    lastUser: run.lastUser,
    variants: run.variants,
    known: run.known.map(resolve),
    shown,
    out,
    stats,
  });
  return { messages: out, stats: totals, nudges: nudgesFor(level) };
}

/**
 * Phase 4b: the known results of the parts the schedule leaves as they are become `undefined`;
 * repeated outputs get their reference (lib/compression/repeats.ts).
 */
function* scheduled(
  ctx: Ctx,
  run: Prepared,
  computed: CachedPart[],
  newOriginals: Map<string, CompressedOriginal>,
  sessionId: string,
): Steps<Selection["known"]> {
  const cfg = ctx.config.compression;
  const { slots } = run;
  const results = run.known.map((k) => (typeof k === "number" ? computed[k] : k));
  const settings = { ...cfg, repeatMinTokens: repeatsFrom(cfg) };
  const memory = partMemory(ctx);
  const reference = (i: number, copy: number, exact: boolean) =>
    exact ? repeatStub(slots[i], slots[copy], memory) : repeatedRunsStub(slots[i], slots[copy], memory);
  const prices = cachePricesFor(cfg, run.input.messages);
  // The session's replay goes on from where its previous call stopped (same leading messages).
  const memo = replayMemo(ctx.services.scheduleReplays, sessionId);
  const { applied, repeats } = yield* scheduleSteps(run.input.messages, slots, results, settings, run.input.contextLimit, reference, prices, memo);
  // A repeat's stub names its own original (one expand, lib/compression/repeats.ts): stored once.
  for (const i of repeats.keys()) {
    const slot = slots[i];
    if (slot.entry.referenceStored) continue;
    const { hash, content } = referenceOriginal(slot);
    if (content !== undefined) newOriginals.set(hash, { hash, content, tool: redact(slot.part.tool!), sessionId });
    slot.entry.referenceStored = true;
  }
  return run.known.map((k, i) => {
    const shown = repeats.get(i);
    if (shown !== undefined) return shown;
    return applied.has(i) ? k : undefined;
  });
}
