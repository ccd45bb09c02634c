import { createHash } from "node:crypto";
import { redact } from "../security/redaction";
import { countTokens } from "../token-count";
import { originalHash } from "./hash";
import { footer, isKeyLine } from "./lines";
import type { CachedPart, PartMemory } from "./part-memory";
import type { Slot } from "./phases/measure";
import { headOf } from "../text-slice";

/**
 * Repeated outputs: a tool output byte-identical to an earlier output of the same tool that the
 * request still shows whole (a file read again, unchanged; the same listing twice) is sent, from
 * the first request that carries it, as a one-line reference to that copy. Nothing is hidden: the
 * copy is in the context. Decided once, when the output first appears (phases/schedule.ts keeps
 * the copy whole below the pressure thresholds while the repeat is recent), so the request stays
 * byte-identical afterwards, and the repeat is never written to the provider's cache whole.
 *
 * An output that repeats runs of lines of the previous run of its command, or else of the previous
 * output of its tool (a test suite run again, a page fetched again with the same header) has each run of at least REPEATED_RUN_LINES
 * lines and REPEATED_RUN_TOKENS tokens replaced by a one-line reference to where it is in that
 * output, the same way. Key lines (errors, failures, `path:line`) are never among them.
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
export function repeatStub(slot: Slot, copy: Slot, memory: PartMemory): CachedPart {
  return remembered(slot, copy, "same", memory, () => sameOutputStub(slot, copy))!;
}

/** What the schedule asks at every call is computed once per part and copy. */
function remembered(slot: Slot, copy: Slot, kind: string, memory: PartMemory, compute: () => CachedPart | undefined): CachedPart | undefined {
  const against = `${kind}\0${copy.part.id}\0${copy.mi}\0${slot.mi}\0${copy.entry.repeatKey ?? ""}`;
  const known = slot.entry.reference;
  if (known?.against === against) return known.result ?? undefined;
  const result = compute();
  memory.keepReference(slot.entry, { against, result: result ?? null });
  return result;
}

/**
 * The hash that brings a repeat's own output back with one memory_expand, whatever happens to the
 * copy it refers to later (issue 39: a reference always resolves in one step): its progress-free
 * view's original when it has one (stored by the pipeline), else its text, redacted, which the
 * pipeline stores (`content`).
 */
export function referenceOriginal(slot: Slot): { hash: string; content?: string } {
  if (slot.entry.view) return { hash: slot.entry.view.hash };
  const content = redact(slot.text);
  return { hash: originalHash(content), content };
}

function sameOutputStub(slot: Slot, copy: Slot): CachedPart {
  const input = (s: Slot) => JSON.stringify(s.part.state?.input ?? {});
  const sameInput = input(slot) === input(copy);
  const call = sameInput ? "the same call" : `the ${redact(copy.part.tool!)} call ${clip(redact(input(copy)), 160)}`;
  const distance = slot.mi - copy.mi;
  const where = distance === 0 ? "earlier in this message" : `${distance} message${distance === 1 ? "" : "s"} above`;
  const v = footer(`unchanged, the same output as ${call} ${where}; not repeated here`, referenceOriginal(slot).hash);
  const t = slot.entry.headerTokens + countTokens(v);
  return { v, t, s: { [REPEAT_STRATEGY]: Math.max(0, slot.entry.tokens - t) } };
}

const clip = (s: string, n: number) => (s.length <= n ? s : `${headOf(s, n - 1)}…`);

/** A run of lines shorter than this is not worth a reference. */
export const REPEATED_RUN_LINES = 6;
export const REPEATED_RUN_TOKENS = 60;
/** Places of a line in the copy a run may start from. */
const MAX_PLACES = 8;
/** Below this many tokens saved in all, the output is sent whole. */
const REPEATED_RUNS_MIN_SAVED = 50;

/**
 * The output of `slot` with each run of lines found in `copy`'s output (the previous run of the
 * same command, or else the previous output of the same tool) replaced by a reference; undefined when that saves too little. Kept with the part:
 * the schedule asks again at every call.
 */
export function repeatedRunsStub(slot: Slot, copy: Slot, memory: PartMemory): CachedPart | undefined {
  return remembered(slot, copy, "runs", memory, () => computeRuns(slot, copy));
}

function computeRuns(slot: Slot, copy: Slot): CachedPart | undefined {
  const lines = slot.text.split("\n");
  const theirs = copy.text.split("\n");
  const key = lines.map(isKeyLine);
  // Where each line is in the copy: the first few places only, so that a log of identical lines
  // costs a bounded amount per line.
  const at = new Map<string, number[]>();
  theirs.forEach((l, i) => {
    if (!l.trim() || isKeyLine(l)) return;
    const list = at.get(l);
    if (!list) at.set(l, [i]);
    else if (list.length < MAX_PLACES) list.push(i);
  });
  const out: string[] = [];
  let saved = 0;
  const distance = slot.mi - copy.mi;
  const where = distance === 0 ? "earlier in this message" : `${distance} message${distance === 1 ? "" : "s"} above`;
  for (let i = 0; i < lines.length; ) {
    let best = 0;
    let from = 0;
    for (const j of at.get(lines[i]) ?? []) {
      let n = 0;
      while (i + n < lines.length && j + n < theirs.length && lines[i + n] === theirs[j + n] && !key[i + n]) n++;
      if (n > best) [best, from] = [n, j];
    }
    if (best >= REPEATED_RUN_LINES) {
      const run = countTokens(lines.slice(i, i + best).join("\n"));
      const reference = `[recollect: ${best} lines as in the ${redact(slot.part.tool ?? "tool")} output ${where}, its lines ${from + 1}-${from + best}]`;
      const cost = countTokens(reference);
      if (run >= REPEATED_RUN_TOKENS && run > cost) {
        out.push(reference);
        saved += run - cost;
        i += best;
        continue;
      }
    }
    out.push(lines[i++]);
  }
  out.push(footer("runs of lines shown by reference", referenceOriginal(slot).hash));
  saved -= countTokens(out[out.length - 1]);
  if (saved < REPEATED_RUNS_MIN_SAVED) return undefined;
  const v = out.join("\n");
  const t = slot.entry.headerTokens + countTokens(v);
  return t < slot.entry.tokens ? { v, t, s: { [REPEAT_STRATEGY]: slot.entry.tokens - t } } : undefined;
}
