import { createHash } from "node:crypto";
import type { CompressResult } from "../contracts/compress";
import type { Ctx } from "../ctx";
import { redact, redactAsync } from "../security/redact";
import { redactKey, redactKeysDeep } from "../security/redact-fields";
import { countTokens } from "../token-count";
import { dbCacheGet, dbCachePut, partMemory, type CachedPart, type PartEntry } from "./cache";
import { saveCompressedOriginals, type CompressedOriginal } from "./compressed-originals";
import { originalHash, stableStringify } from "./hash";
import { LEVELS, nudgesFor, pressureLevel, type Level } from "./pressure";
import type { OcMessage, OcPart } from "./schema";
import { recordStats } from "./stats";
import { STRATEGIES } from "./strategies";
import { filePaths, isEditTool, isProtectedTool, normalizePath } from "./tools";
import { validateCompressInput } from "./validate";
import type { PartView, StrategyContext } from "./types";

/**
 * Deterministic compression of an OpenCode history, every turn, no LLM.
 *
 * 1. Every part's model-visible content gets a token count, kept in memory per part id with the
 *    content it belongs to (the history is resent whole every turn; tokenizing or even hashing it
 *    again would dominate the call).
 * 2. The pressure level comes from the uncompressed size (absolute thresholds).
 * 3. Parts older than the protected recent turns, except protected tools and the latest user
 *    message, are compressed once and the result is reused (cache keyed by part id, digest, level,
 *    configuration), so turn t+1 starts with the same bytes as turn t except where parts newly aged.
 * 4. New results, the originals they replace (CCR, redacted) and a stats row are written in one
 *    transaction.
 */

/** Bump when a strategy's output changes, so cached results of the old version are not reused. */
const PIPELINE_VERSION = "5";

interface Slot {
  mi: number;
  pi: number;
  part: OcPart;
  kind: "text" | "reasoning" | "tool";
  field: "text" | "output" | "error";
  text: string;
  entry: PartEntry;
}

function fieldOf(part: OcPart): { kind: Slot["kind"]; field: Slot["field"]; text: string } | undefined {
  if (part.type === "text" || part.type === "reasoning") return { kind: part.type, field: "text", text: part.text ?? "" };
  if (part.type === "tool" && part.state) {
    if (part.state.status === "completed") return { kind: "tool", field: "output", text: part.state.output ?? "" };
    if (part.state.status === "error") return { kind: "tool", field: "error", text: part.state.error ?? "" };
  }
  return undefined;
}

const toolHeader = (part: OcPart) => `${part.tool}\n${JSON.stringify(part.state?.input ?? {})}`;

const digestOf = (slot: Slot) =>
  (slot.entry.digest ??= createHash("sha1").update(slot.kind).update("\0").update(slot.entry.header).update("\0").update(slot.field).update("\0").update(slot.text).digest("base64url"));

/** Index of the tool calls, built only when some part has to be compressed anew. */
class History {
  private lastByCall = new Map<string, number>();
  private edits: { pos: number; paths: string[] }[] = [];
  private previousByTool = new Map<Slot, Slot>();
  private previousOutput = new Map<Slot, Slot>();

  constructor(slots: Slot[]) {
    const lastOfTool = new Map<string, Slot>();
    let lastOutput: Slot | undefined;
    for (const s of slots) {
      const p = s.part;
      if (s.kind !== "tool" || !p.tool || !p.state) continue;
      const pos = position(s.mi, s.pi);
      // An error looks back too (an agent's environment prompt ends failed calls as well).
      if (s.field === "error" && lastOutput) this.previousOutput.set(s, lastOutput);
      if (s.field === "output") {
        this.lastByCall.set(callKeyOf(s), pos);
        const prev = lastOfTool.get(p.tool);
        if (prev) this.previousByTool.set(s, prev);
        if (lastOutput) this.previousOutput.set(s, lastOutput);
        lastOfTool.set(p.tool, s);
        lastOutput = s;
      }
      // A failed edit changed nothing.
      if (isEditTool(p.tool) && s.field === "output") this.edits.push({ pos, paths: filePaths(p.tool, p.state.input) });
    }
  }

  hasLaterDuplicate(slot: Slot): boolean {
    const last = this.lastByCall.get(callKeyOf(slot));
    return last !== undefined && last > position(slot.mi, slot.pi);
  }

  previousLines(slot: Slot): Set<string> {
    const out = new Set<string>();
    for (const prev of [this.previousByTool.get(slot), this.previousOutput.get(slot)]) if (prev) for (const l of prev.text.split("\n")) out.add(l);
    return out;
  }

  hasLaterEdit(v: PartView, path: string): boolean {
    const pos = position(v.messageIndex, v.partIndex);
    const p = normalizePath(path);
    return this.edits.some((e) => e.pos > pos && e.paths.some((q) => q === p || q.endsWith(`/${p}`) || p.endsWith(`/${q}`)));
  }
}

const position = (mi: number, pi: number) => mi * 100_000 + pi;
const callKeyOf = (s: Slot) => (s.entry.callKey ??= `${s.part.tool}\0${stableStringify(s.part.state?.input ?? {})}`);

export interface CompressOptions {
  now?: number;
  /** Filled with the milliseconds spent in each phase (benchmarks). */
  timings?: Record<string, number>;
}

/** Never mutates its input: changed parts (and their messages) are copies; unchanged ones are returned as they came. */
export function compressMessages(ctx: Ctx, body: unknown, options: CompressOptions = {}): CompressResult {
  const run = prepare(ctx, body, options);
  if ("result" in run) return run.result;
  return finish(ctx, run, run.pending.map((p) => redact(p.slot.text)));
}

/**
 * `compressMessages` for the server: the originals to be stored (the history's biggest texts,
 * megabytes of tool output) are redacted with `redactAsync`, so the event loop keeps serving
 * other requests; the rest is the same synchronous work.
 */
export async function compressMessagesAsync(ctx: Ctx, body: unknown, options: CompressOptions = {}): Promise<CompressResult> {
  const run = prepare(ctx, body, options);
  if ("result" in run) return run.result;
  const originals: string[] = [];
  for (const p of run.pending) originals.push(await redactAsync(p.slot.text));
  return finish(ctx, run, originals);
}

interface Prepared {
  started: number;
  now: number;
  input: ReturnType<typeof validateCompressInput>;
  slots: Slot[];
  tokensBefore: number;
  level: Level;
  variant: string;
  /** Per slot: the result known from a cache, `undefined` for a slot left as it is, or a pending index. */
  known: (CachedPart | number | undefined)[];
  /** Slots to compress anew, with their cache key; their originals are redacted between the two phases. */
  pending: { slot: Slot; key: string }[];
  mark: (name: string) => void;
}

/** Validates, measures, and finds each part's result in the caches; what is left to compute is `pending`. */
function prepare(ctx: Ctx, body: unknown, options: CompressOptions): Prepared | { result: CompressResult } {
  const started = performance.now();
  const now = options.now ?? Date.now();
  const input = validateCompressInput(body);
  const cfg = ctx.config.compression;
  const messages = input.messages;
  const memory = partMemory(ctx);
  const mark = (name: string) => void (options.timings && (options.timings[name] = (options.timings[name] ?? 0) + performance.now() - started));
  mark("validate");

  const slots: Slot[] = [];
  let tokensBefore = 0;
  for (let mi = 0; mi < messages.length; mi++) {
    const parts = messages[mi].parts;
    for (let pi = 0; pi < parts.length; pi++) {
      const part = parts[pi];
      const f = fieldOf(part);
      if (!f) continue;
      const header = f.kind === "tool" ? toolHeader(part) : "";
      let entry = memory.get(part.id);
      if (!entry || entry.text !== f.text || entry.header !== header) {
        const headerTokens = header ? countTokens(header) : 0;
        entry = { text: f.text, header, headerTokens, tokens: headerTokens + countTokens(f.text), results: new Map() };
        memory.set(part.id, entry);
      }
      tokensBefore += entry.tokens;
      slots.push({ mi, pi, part, ...f, entry });
    }
  }

  mark("measure");
  const level = pressureLevel(tokensBefore, cfg.pressureTokens, input.contextLimit);
  if (!cfg.enabled) return { result: { messages, stats: { tokensBefore, tokensAfter: tokensBefore, byStrategy: {} }, nudges: [] } };

  const boundary = messages.length - cfg.protectRecentTurns;
  let lastUser = -1;
  messages.forEach((m, i) => m.info.role === "user" && (lastUser = i));
  const variant = `${level}:${configTag(cfg.protectedTools, cfg.disabledStrategies)}`;

  const known: Prepared["known"] = [];
  const pending: Prepared["pending"] = [];
  for (const slot of slots) {
    const aged = slot.mi < boundary && slot.mi !== lastUser;
    // A protected tool's output is never touched; its error (a failed call changed nothing) is truncated like any other.
    const isProtected = slot.field === "output" && isProtectedTool(slot.part.tool!, cfg.protectedTools);
    if (!aged || isProtected || !slot.text) {
      known.push(undefined);
      continue;
    }
    let result = slot.entry.results.get(variant);
    if (!result) {
      // The part id is the client's: the stored key carries it redacted.
      const key = `${redactKey(slot.part.id)}:${digestOf(slot)}:${variant}`;
      result = dbCacheGet(ctx, key, now);
      if (result) slot.entry.results.set(variant, result);
      else {
        known.push(pending.length);
        pending.push({ slot, key });
        continue;
      }
    }
    known.push(result);
  }
  return { started, now, input, slots, tokensBefore, level, variant, known, pending, mark };
}

/** Compresses the pending parts (`originals`: their texts, redacted), assembles the answer and writes the new rows. */
function finish(ctx: Ctx, run: Prepared, originals: string[]): CompressResult {
  const { input, slots, level, variant, now, mark } = run;
  // Stored with the cache rows, CCR entries and stats: redacted like every session id (lib/contracts/common.ts).
  const sessionId = redactKey(input.sessionID);
  const cfg = ctx.config.compression;
  const messages = input.messages;
  const history = run.pending.length ? new History(slots) : undefined;
  const newRows: { key: string; value: CachedPart }[] = [];
  const newOriginals = new Map<string, CompressedOriginal>();
  const computed = run.pending.map(({ slot, key }, i) => {
    const result = compressSlot(slot, originals[i], messages[slot.mi].info.role, level, history!, cfg.disabledStrategies, sessionId, newOriginals);
    newRows.push({ key, value: result });
    slot.entry.results.set(variant, result);
    return result;
  });

  const byStrategy: Record<string, number> = {};
  let tokensAfter = 0;
  const out = messages.slice();
  const copied = new Set<number>();
  for (const [i, slot] of slots.entries()) {
    const k = run.known[i];
    if (k === undefined) {
      tokensAfter += slot.entry.tokens;
      continue;
    }
    const result = typeof k === "number" ? computed[k] : k;
    tokensAfter += result.t;
    for (const name in result.s) byStrategy[name] = (byStrategy[name] ?? 0) + result.s[name];
    if (result.v !== null) {
      if (!copied.has(slot.mi)) {
        copied.add(slot.mi);
        out[slot.mi] = { ...out[slot.mi], parts: out[slot.mi].parts.slice() };
      }
      const part = slot.part;
      out[slot.mi].parts[slot.pi] = slot.field === "text" ? { ...part, text: result.v } : { ...part, state: { ...part.state!, [slot.field]: result.v } };
    }
  }

  mark("compress");
  const stats = { tokensBefore: run.tokensBefore, tokensAfter, byStrategy: sortKeys(byStrategy) };
  const durationMs = performance.now() - run.started;
  ctx.db.transaction(
    () => {
      if (newRows.length) dbCachePut(ctx, newRows, sessionId, now, cfg.ccrTtlDays);
      if (newOriginals.size) saveCompressedOriginals(ctx, [...newOriginals.values()], now, cfg.ccrTtlDays);
      recordStats(ctx, { sessionId, ...stats, durationMs, now });
    },
    { behavior: "immediate" },
  );
  mark("persist");
  return { messages: out, stats, nudges: nudgesFor(level) };
}

const tags = new Map<string, string>();
function configTag(protectedTools: readonly string[], disabled: readonly string[]): string {
  const raw = stableStringify([PIPELINE_VERSION, [...protectedTools].sort(), [...disabled].sort()]);
  let tag = tags.get(raw);
  if (!tag) tags.set(raw, (tag = createHash("sha1").update(raw).digest("base64url").slice(0, 8)));
  return tag;
}

function compressSlot(
  slot: Slot,
  original: string,
  role: "user" | "assistant",
  level: Level,
  history: History,
  disabled: readonly string[],
  sessionId: string,
  newOriginals: Map<string, CompressedOriginal>,
): CachedPart {
  // Strategies write the tool's name and input into the compressed text (stored in the cache):
  // they see them redacted, like the original.
  const tool = slot.part.tool === undefined ? undefined : redact(slot.part.tool);
  const view: PartView = {
    messageIndex: slot.mi,
    partIndex: slot.pi,
    role,
    kind: slot.kind,
    tool,
    input: slot.part.state?.input === undefined ? undefined : redactKeysDeep(slot.part.state.input),
    status: slot.part.state?.status,
    field: slot.field,
    original,
  };
  let hash: string | undefined;
  const sc: StrategyContext = {
    level,
    p: LEVELS[level],
    ref: () => (hash ??= originalHash(original)),
    hasLaterDuplicate: () => history.hasLaterDuplicate(slot),
    hasLaterEdit: (v, path) => history.hasLaterEdit(v, path),
    previousLines: () => history.previousLines(slot),
  };
  let current = original;
  const deltas: [string, number][] = [];
  let contentDone = false;
  for (const s of STRATEGIES) {
    if (disabled.includes(s.name) || !s.appliesTo(view) || (s.content && contentDone)) continue;
    const r = s.apply(current, view, sc);
    if (!r) continue;
    deltas.push([s.name, current.length - r.text.length]);
    current = r.text;
    if (s.content) contentDone = true;
    if (r.final) break;
  }
  const before = slot.entry.tokens;
  const unchanged: CachedPart = { v: null, t: before, s: {} };
  if (deltas.length === 0 || current === slot.text) return unchanged;
  const after = slot.entry.headerTokens + countTokens(current);
  if (after >= before) return unchanged;
  if (hash) newOriginals.set(hash, { hash, content: original, tool: tool ?? slot.kind, sessionId });
  return { v: current, t: after, s: attribute(before - after, deltas) };
}

/** Splits the tokens saved among the strategies that ran, in proportion to the characters each removed. */
function attribute(saved: number, deltas: [string, number][]): Record<string, number> {
  const positive = deltas.filter(([, d]) => d > 0);
  if (positive.length === 0) return { [deltas[deltas.length - 1][0]]: saved };
  const total = positive.reduce((n, [, d]) => n + d, 0);
  const out: Record<string, number> = {};
  let given = 0;
  for (const [name, d] of positive) given += out[name] = (out[name] ?? 0) + Math.floor((saved * d) / total);
  const largest = positive.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  out[largest] += saved - given;
  return out;
}

const sortKeys = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
