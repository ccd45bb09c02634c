/**
 * Secret redaction (the public API; the parts: scanner.ts, readers/, detectors/, registry.ts), applied before anything is written (memories, checkpoints, CCR entries, KV).
 * Each secret is replaced with `[REDACTED:<kind>]`; where a secret sits after a label (`Bearer `,
 * `PASSWORD=`, `user:` in a URL, `-p` of mysql) the label is kept so the text still reads.
 *
 * Linear time on any input. No detector is a free-running regular expression: each one finds an
 * anchor (a short literal such as `ghp_`, `://`, `-----BEGIN `, a keyword) with a regex of bounded
 * length, then reads forward by hand (and back, a bounded look, for a label's name). After an
 * anchor, the search for the next one resumes where that reading stopped, so no character is read
 * twice by the same detector (a run that failed to be a token from its first anchor cannot be one
 * from a later anchor inside it). All detectors work on the original text and report spans;
 * overlapping spans are merged into one, named after the detector listed first. The work can be
 * cut into slices at any position (`redactAsync`): anchors are searched slice by slice, a span that
 * starts in one slice may end in the next, and a span may start up to LOOKBACK characters before
 * its anchor (`echo PASS | docker login --password-stdin`).
 *
 * What the redactor returns is `Redacted`: a branded type only this folder makes (and
 * ../redact-fields.ts, the redactor of keys and structured fields), so a writer of stored text that
 * takes `Redacted` cannot be handed text that skipped redaction (ARCHITECTURE.md, "Redaction").
 */
import { runAll, runSliced, type Steps } from "../../slices";
import { mapJsonSteps } from "../map-json";
import { asRedacted, type Redacted } from "./brand";
import { Scan } from "./scanner";

export type { Plain, Redacted } from "./brand";
export { clipRedacted, lowerCaseRedacted } from "./brand";
export { REDACTION_KINDS } from "./registry";

export function redact(text: string): Redacted {
  if (!text) return asRedacted(text);
  const scan = new Scan(text);
  // In slices too (without yielding): the spans sorted at once stay few, so time stays linear.
  while (scan.done < text.length) scan.advance(Math.min(text.length, scan.done + REDACT_SLICE_CHARS));
  return asRedacted(scan.result());
}

/** Redacts every string inside a JSON-like value (object keys are kept); any depth (no recursion). */
export function redactDeep<T>(value: T): Redacted<T> {
  return asRedacted(runAll(mapJsonSteps(value, redact)) as T);
}

// ---------------------------------------------------------------------------------------------
// Async forms: big inputs in slices, the event loop served between them.

/**
 * Characters redacted between two yields. The slowest input (dense anchors) runs at about
 * 20 MB/s, so a slice holds the event loop well under 50 ms.
 */
export const REDACT_SLICE_CHARS = 128 * 1024;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Counts the characters redacted since the last yield, across strings. */
class Budget {
  used = 0;
  async spend(chars: number) {
    this.used += chars;
    if (this.used >= REDACT_SLICE_CHARS) {
      this.used = 0;
      await yieldToLoop();
    }
  }
}

async function redactSliced(text: string, budget: Budget, onSlice?: (ms: number) => void): Promise<string> {
  if (!text) return text;
  if (text.length + budget.used <= REDACT_SLICE_CHARS) {
    const t = onSlice ? performance.now() : 0;
    const out = redact(text);
    onSlice?.(performance.now() - t);
    await budget.spend(text.length);
    return out;
  }
  const scan = new Scan(text);
  while (scan.done < text.length) {
    const t = onSlice ? performance.now() : 0;
    // Cut after a line break when there is one near: the cut could be anywhere, this only keeps slices tidy.
    let to = Math.min(text.length, scan.done + Math.max(1, REDACT_SLICE_CHARS - budget.used));
    const nl = to < text.length ? text.indexOf("\n", to) : -1;
    if (nl >= 0 && nl - to < 4096) to = nl + 1;
    scan.advance(to);
    const result = scan.done >= text.length ? scan.result() : undefined;
    onSlice?.(performance.now() - t);
    await budget.spend(REDACT_SLICE_CHARS);
    if (result !== undefined) return result;
  }
  return asRedacted(scan.result());
}

/**
 * `redact` without holding the event loop: a big text is handled in slices of
 * `REDACT_SLICE_CHARS` with a yield between them; a small one takes the sync path.
 * `onSlice` (benchmarks) is told how long each synchronous stretch took.
 */
export async function redactAsync(text: string, onSlice?: (ms: number) => void): Promise<Redacted> {
  if (!text || (text.length <= REDACT_SLICE_CHARS && !onSlice)) return redact(text);
  return asRedacted(await redactSliced(text, new Budget(), onSlice));
}

/** `redactDeep` without holding the event loop (slices of about SLICE_MS, long strings cut too); any depth. */
export async function redactDeepAsync<T>(value: T): Promise<Redacted<T>> {
  return runSliced(redactDeepSteps(value));
}

/** `redactDeep` as steps (one a value, long strings cut too), to run inside a caller's own steps. */
export function* redactDeepSteps<T>(value: T): Steps<Redacted<T>> {
  return asRedacted((yield* mapJsonSteps(value, (text) => (text.length <= REDACT_SLICE_CHARS ? redact(text) : redactSteps(text)))) as T);
}

/** `redact` as steps: a text longer than a slice is scanned `REDACT_SLICE_CHARS` at a time. */
export function* redactSteps(text: string): Steps<Redacted> {
  if (text.length <= REDACT_SLICE_CHARS) return redact(text);
  const scan = new Scan(text);
  while (scan.done < text.length) {
    scan.advance(Math.min(text.length, scan.done + REDACT_SLICE_CHARS));
    yield;
  }
  return asRedacted(scan.result());
}
