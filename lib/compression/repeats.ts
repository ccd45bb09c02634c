import { createHash } from "node:crypto";
import { redact } from "../security/redact";
import { countTokens } from "../token-count";
import type { CachedPart } from "./part-memory";
import type { Slot } from "./phases/measure";

/**
 * Repeated outputs: a tool output byte-identical to an earlier output of the same tool that the
 * request still shows whole (a file read again, unchanged; the same listing twice) is sent, from
 * the first request that carries it, as a one-line reference to that copy. Nothing is hidden: the
 * copy is in the context. Decided once, when the output first appears (phases/schedule.ts keeps
 * the copy whole below the pressure thresholds while the repeat is recent), so the request stays
 * byte-identical afterwards, and the repeat is never written to the provider's cache whole.
 */
export const REPEAT_STRATEGY = "repeats";

/** The smallest output that is a repeat: none when the cache-aware schedule is off or "repeats" is a disabled strategy. */
export function repeatsFrom(cfg: { cacheAware: boolean; disabledStrategies: readonly string[]; repeatMinTokens: number }): number {
  return cfg.cacheAware && !cfg.disabledStrategies.includes(REPEAT_STRATEGY) ? cfg.repeatMinTokens : Number.POSITIVE_INFINITY;
}

/** Equal for outputs of the same tool with the same bytes; undefined for what is not worth a reference. */
export function repeatKeyOf(slot: Slot, minTokens: number): string | undefined {
  if (slot.kind !== "tool" || slot.field !== "output" || !slot.part.tool) return undefined;
  if (slot.entry.tokens - slot.entry.headerTokens < minTokens) return undefined;
  return (slot.entry.repeatKey ??= createHash("sha1").update(slot.part.tool).update("\0").update(slot.text).digest("base64url"));
}

/** The reference shown instead of `slot`'s output, `copy` being the earlier slot with the same output. */
export function repeatStub(slot: Slot, copy: Slot): CachedPart {
  const input = (s: Slot) => JSON.stringify(s.part.state?.input ?? {});
  const sameInput = input(slot) === input(copy);
  const call = sameInput ? "the same call" : `the ${redact(copy.part.tool!)} call ${clip(redact(input(copy)), 160)}`;
  const distance = slot.mi - copy.mi;
  const where = distance === 0 ? "earlier in this message" : `${distance} message${distance === 1 ? "" : "s"} above`;
  const v = `[recollect: unchanged, the same output as ${call} ${where}; not repeated here]`;
  const t = slot.entry.headerTokens + countTokens(v);
  return { v, t, s: { [REPEAT_STRATEGY]: Math.max(0, slot.entry.tokens - t) } };
}

const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);
