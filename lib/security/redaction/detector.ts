/** What a detector is: an anchor to find, a reader that reports spans from it (scanner.ts runs them). */
import type { QuoteFinder } from "./readers/quotes";

export interface Span {
  start: number;
  end: number;
  /** Index of the detector in DETECTORS: the smaller wins the name when spans merge. */
  d: number;
}

export interface Detector {
  kind: string;
  /**
   * Global, bounded-length, no leading `\b` (checked by hand on the whole text, see `wordBefore`);
   * or the character codes (up to three) of a one-character anchor, found by a plain loop (a regex call per
   * character costs too much where such characters are dense, as `:` and `=` are in code and logs).
   */
  anchor: RegExp | number[];
  /** Reads the secret at an anchor; pushes its span(s) and returns where the anchor search resumes. */
  read(text: string, at: number, end: number, push: (start: number, end: number) => void, quotes: QuoteFinder): number;
}
