import { redact } from "../../security/redaction";
import { redactKeysDeep } from "../../security/redact-fields";
import { countTokens } from "../../token-count";
import type { CachedPart } from "../cache";
import type { CompressedOriginal } from "../compressed-originals";
import { originalHash } from "../hash";
import { LEVELS, type Level } from "../pressure";
import { STRATEGIES } from "../strategies";
import type { PartView, StrategyContext } from "../types";
import type { History } from "./history";
import type { Slot } from "./measure";

/**
 * Phase 4, compress: runs the strategies over one part (`original`: its text, redacted). A
 * strategy that cites the original adds it to `newOriginals` (the compressed originals to store).
 */
export function compressPart(
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
  // A part shown without its progress lines or noise (phases/measure.ts) names its whole original,
  // stored with the view: one expand gives back what the tool printed, not the view.
  const viewHash = slot.entry.view?.hash;
  const sc: StrategyContext = {
    level,
    p: LEVELS[level],
    ref: () => viewHash ?? (hash ??= originalHash(original)),
    hasLaterDuplicate: () => history.hasLaterDuplicate(slot),
    hasLaterEdit: (v, path) => history.hasLaterEdit(v, path, slot),
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
