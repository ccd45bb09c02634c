/**
 * The scan: every detector of the registry finds its anchors, slice by slice, and reads the secret
 * at each; the spans are merged (overlaps named after the detector listed first) and the output is
 * built as it goes. After an anchor, a detector's search resumes where its reading stopped, so no
 * character is read twice by the same detector. The text can be cut into slices at any position:
 * a span that starts in one slice may end in the next, and a span may start up to LOOKBACK
 * characters before its anchor (`echo PASS | docker login --password-stdin`).
 */
import type { Span } from "./detector";
import { STDIN_LOOKBACK } from "./detectors/cli-password";
import { LABEL_END } from "./readers/chars";
import { QuoteFinder } from "./readers/quotes";
import { DETECTORS } from "./registry";

/** Anchors are searched in a window this much longer than the slice, so one starting in the slice is seen whole. */
const ANCHOR_MARGIN = 64;
/** How far before its anchor a span may start (a Telegram token's id before `:AA`, the `echo PASS` before `--password-stdin`). */
const LOOKBACK = STDIN_LOOKBACK;

export class Scan {
  private readonly next = new Array<number>(DETECTORS.length).fill(0);
  private readonly quotes = new QuoteFinder();
  private readonly pieces: string[] = [];
  private emitted = 0;
  /** Merged spans that reach past the last slice: a later span may still start before or inside them. */
  private carry: Span[] = [];
  /** The detector now reading, for `push`. */
  private detector = 0;
  /** Where detectors put their spans: one function a scan, not one a detector and slice (redact runs on every short field). */
  private readonly push = (start: number, end: number) => void (end > start && this.carry.push({ start, end, d: this.detector }));
  done = 0;

  constructor(private readonly text: string) {}

  /** Finds every secret whose anchor starts before `to`, and emits the text up to where no later span can reach. */
  advance(to: number) {
    const text = this.text;
    const from = this.done;
    const windowEnd = Math.min(text.length, to + ANCHOR_MARGIN);
    const window = from === 0 && windowEnd === text.length ? text : text.slice(from, windowEnd);
    const spans: Span[] = this.carry;
    const push = this.push;
    for (let d = 0; d < DETECTORS.length; d++) {
      const detector = DETECTORS[d];
      const anchor = detector.anchor;
      this.detector = d;
      let at = this.next[d];
      if (Array.isArray(anchor)) {
        const [a, b = a, c3 = a] = anchor;
        for (; at < to; at++) {
          const c = text.charCodeAt(at);
          // Only after a name (a letter), a space or a closing quote can `:`/`=` follow a secret's label.
          if ((c === a || c === b || c === c3) && LABEL_END.has(text.charCodeAt(at - 1)))
            at = Math.max(at, detector.read(text, at, at + 1, push, this.quotes) - 1);
        }
      } else {
        while (at < to) {
          anchor.lastIndex = at - from;
          const m = anchor.exec(window);
          if (!m || m.index + from >= to) break;
          const start = m.index + from;
          at = Math.max(start + 1, detector.read(text, start, start + m[0].length, push, this.quotes));
        }
      }
      this.next[d] = Math.max(at, to);
    }
    this.done = to;
    let sorted = true;
    for (let k = 1; k < spans.length && sorted; k++) sorted = spans[k - 1].start < spans[k].start;
    if (!sorted) spans.sort((a, b) => a.start - b.start || a.d - b.d);
    const merged: Span[] = [];
    for (const s of spans) {
      const last = merged[merged.length - 1];
      if (last && s.start < last.end) (last.end = Math.max(last.end, s.end)), (last.d = Math.min(last.d, s.d));
      else merged.push({ ...s });
    }
    // Every later span starts at or after `to - LOOKBACK` (its anchor is at or after `to`), so a span ending by then is final.
    let i = 0;
    const pieces: string[] = [];
    for (; i < merged.length && (merged[i].end <= to - LOOKBACK || to >= text.length); i++) {
      const s = merged[i];
      pieces.push(text.slice(this.emitted, s.start), `[REDACTED:${DETECTORS[s.d].kind}]`);
      this.emitted = s.end;
    }
    // One string per slice keeps the number of live pieces small on texts with many secrets.
    if (pieces.length) this.pieces.push(pieces.join(""));
    this.carry = merged.slice(i);
  }

  result(): string {
    if (this.pieces.length === 0) return this.text;
    this.pieces.push(this.text.slice(this.emitted));
    return this.pieces.join("");
  }
}
