import { createHash } from "node:crypto";
import { compressInput, type CompressResult } from "../api/compress";
import type { Ctx } from "../context";
import { redact } from "../security/redact";
import { countTokens } from "../tokens";
import { cacheGet, cachePut, cacheRemember, type CachedPart } from "./cache";
import { saveCcrEntries, type CcrEntry } from "./ccr";
import { ccrHash, stableStringify } from "./hash";
import { Lru, processSingleton } from "./lru";
import { LEVELS, nudgesFor, pressureLevel, type Level } from "./pressure";
import type { OcMessage, OcPart } from "./schema";
import { recordStats } from "./stats";
import { STRATEGIES } from "./strategies";
import { filePaths, isEditTool, isProtectedTool, normalizePath } from "./tools";
import type { PartView, StrategyContext } from "./types";

/**
 * Deterministic compression of an OpenCode history, every turn, no LLM.
 *
 * 1. Every part's model-visible content gets a digest and a token count (cached by digest: the
 *    history is resent whole every turn, and tokenizing it again would dominate the call).
 * 2. The pressure level comes from the uncompressed size (absolute thresholds).
 * 3. Parts older than the protected recent turns, except protected tools and the latest user
 *    message, are compressed once and the result is reused (cache keyed by part id, digest, level,
 *    configuration), so turn t+1 starts with the same bytes as turn t except where parts newly aged.
 * 4. New results, the originals they replace (CCR, redacted) and a stats row are written in one
 *    transaction.
 */

/** Bump when a strategy's output changes, so cached results of the old version are not reused. */
const PIPELINE_VERSION = "1";

interface Slot {
  mi: number;
  pi: number;
  part: OcPart;
  kind: "text" | "reasoning" | "tool";
  field: "text" | "output" | "error";
  text: string;
  digest: string;
  tokens: number;
  headerTokens: number;
}

const tokenCache = processSingleton("compressionTokens", () => new Lru<string, { tokens: number; header: number }>(200_000));

function slotOf(mi: number, pi: number, part: OcPart): Omit<Slot, "digest" | "tokens" | "headerTokens"> | undefined {
  if (part.type === "text" || part.type === "reasoning") return { mi, pi, part, kind: part.type, field: "text", text: part.text ?? "" };
  if (part.type === "tool" && part.state) {
    if (part.state.status === "completed") return { mi, pi, part, kind: "tool", field: "output", text: part.state.output ?? "" };
    if (part.state.status === "error") return { mi, pi, part, kind: "tool", field: "error", text: part.state.error ?? "" };
  }
  return undefined;
}

const toolHeader = (part: OcPart) => `${part.tool}\n${JSON.stringify(part.state?.input ?? {})}`;

function measure(base: Omit<Slot, "digest" | "tokens" | "headerTokens">): Slot {
  const header = base.kind === "tool" ? toolHeader(base.part) : "";
  const digest = createHash("sha1").update(base.kind).update("\0").update(header).update("\0").update(base.field).update("\0").update(base.text).digest("base64url");
  let counted = tokenCache.get(digest);
  if (!counted) {
    const h = header ? countTokens(header) : 0;
    counted = { tokens: h + countTokens(base.text), header: h };
    tokenCache.set(digest, counted);
  }
  return { ...base, digest, tokens: counted.tokens, headerTokens: counted.header };
}

/** Index of the tool calls, built only when some part has to be compressed anew. */
class History {
  private lastByCall = new Map<string, number>();
  private edits: { pos: number; paths: string[] }[] = [];

  constructor(messages: OcMessage[]) {
    messages.forEach((m, mi) =>
      m.parts.forEach((p, pi) => {
        if (p.type !== "tool" || !p.tool || !p.state) return;
        const pos = position(mi, pi);
        if (p.state.status === "completed") this.lastByCall.set(callKey(p), pos);
        if (isEditTool(p.tool)) this.edits.push({ pos, paths: filePaths(p.tool, p.state.input) });
      }),
    );
  }

  hasLaterDuplicate(v: PartView, part: OcPart): boolean {
    const last = this.lastByCall.get(callKey(part));
    return last !== undefined && last > position(v.messageIndex, v.partIndex);
  }

  hasLaterEdit(v: PartView, path: string): boolean {
    const pos = position(v.messageIndex, v.partIndex);
    const p = normalizePath(path);
    return this.edits.some((e) => e.pos > pos && e.paths.some((q) => q === p || q.endsWith(`/${p}`) || p.endsWith(`/${q}`)));
  }
}

const position = (mi: number, pi: number) => mi * 100_000 + pi;
const callKey = (p: OcPart) => `${p.tool}\0${stableStringify(p.state?.input ?? {})}`;

export interface CompressOptions {
  now?: number;
}

export function compressMessages(ctx: Ctx, body: unknown, options: CompressOptions = {}): CompressResult {
  const started = performance.now();
  const now = options.now ?? Date.now();
  const input = compressInput.parse(body);
  const cfg = ctx.config.compression;
  const messages = input.messages as OcMessage[];

  const slots: Slot[] = [];
  let tokensBefore = 0;
  messages.forEach((m, mi) =>
    m.parts.forEach((part, pi) => {
      const base = slotOf(mi, pi, part);
      if (!base) return;
      const slot = measure(base);
      tokensBefore += slot.tokens;
      slots.push(slot);
    }),
  );

  const level = pressureLevel(tokensBefore, cfg.pressureTokens, input.contextLimit);
  if (!cfg.enabled) return { messages, stats: { tokensBefore, tokensAfter: tokensBefore, byStrategy: {} }, nudges: [] };

  const boundary = messages.length - cfg.protectRecentTurns;
  let lastUser = -1;
  messages.forEach((m, i) => m.info.role === "user" && (lastUser = i));
  const configTag = createHash("sha1")
    .update(stableStringify([PIPELINE_VERSION, [...cfg.protectedTools].sort(), [...cfg.disabledStrategies].sort()]))
    .digest("base64url")
    .slice(0, 8);

  let history: History | undefined;
  const newRows: { key: string; value: CachedPart }[] = [];
  const newCcr = new Map<string, CcrEntry>();
  const byStrategy: Record<string, number> = {};
  let tokensAfter = 0;

  for (const slot of slots) {
    const aged = slot.mi < boundary && slot.mi !== lastUser;
    const isProtected = slot.kind === "tool" && isProtectedTool(slot.part.tool!, cfg.protectedTools);
    if (!aged || isProtected || !slot.text) {
      tokensAfter += slot.tokens;
      continue;
    }
    const key = `${slot.part.id}:${slot.digest}:${level}:${configTag}`;
    let result = cacheGet(ctx, key, now);
    if (!result) {
      history ??= new History(messages);
      result = compressSlot(slot, messages[slot.mi].info.role, level, history, cfg.disabledStrategies, input.sessionID, newCcr);
      newRows.push({ key, value: result });
    }
    tokensAfter += result.t;
    for (const [name, n] of Object.entries(result.s)) byStrategy[name] = (byStrategy[name] ?? 0) + n;
    if (result.v !== null) {
      if (slot.field === "text") slot.part.text = result.v;
      else slot.part.state![slot.field] = result.v;
    }
  }

  const stats = { tokensBefore, tokensAfter, byStrategy: sortKeys(byStrategy) };
  const durationMs = performance.now() - started;
  ctx.db.transaction(
    (tx) => {
      if (newRows.length) cachePut(tx, newRows, input.sessionID, now, cfg.ccrTtlDays);
      if (newCcr.size) saveCcrEntries(tx, [...newCcr.values()], now, cfg.ccrTtlDays);
      recordStats(tx, { sessionId: input.sessionID, ...stats, durationMs, now });
    },
    { behavior: "immediate" },
  );
  cacheRemember(ctx, newRows);
  return { messages, stats, nudges: nudgesFor(level) };
}

function compressSlot(
  slot: Slot,
  role: "user" | "assistant",
  level: Level,
  history: History,
  disabled: readonly string[],
  sessionId: string,
  newCcr: Map<string, CcrEntry>,
): CachedPart {
  const original = redact(slot.text);
  const view: PartView = {
    messageIndex: slot.mi,
    partIndex: slot.pi,
    role,
    kind: slot.kind,
    tool: slot.part.tool,
    input: slot.part.state?.input,
    status: slot.part.state?.status,
    field: slot.field,
    original,
  };
  let hash: string | undefined;
  const sc: StrategyContext = {
    level,
    p: LEVELS[level],
    ref: () => (hash ??= ccrHash(original)),
    hasLaterDuplicate: (v) => history.hasLaterDuplicate(v, slot.part),
    hasLaterEdit: (v, path) => history.hasLaterEdit(v, path),
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
  const unchanged: CachedPart = { v: null, t: slot.tokens, s: {} };
  if (deltas.length === 0 || current === slot.text) return unchanged;
  const after = slot.headerTokens + countTokens(current);
  if (after >= slot.tokens) return unchanged;
  if (hash) newCcr.set(hash, { hash, content: original, tool: slot.part.tool ?? slot.kind, sessionId });
  return { v: current, t: after, s: attribute(slot.tokens - after, deltas) };
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
