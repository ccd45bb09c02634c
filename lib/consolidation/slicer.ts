import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Keeps a long run from holding the event loop: `due()` is true once a slice of `sliceMs` has
 * been used, and `pause()` gives the loop a turn (requests are served) before the next slice.
 * Tracks the longest slice, which the benchmark reports.
 */
export class Slicer {
  private start = performance.now();
  longestMs = 0;
  constructor(private readonly sliceMs = 10) {}

  due(): boolean {
    return performance.now() - this.start >= this.sliceMs;
  }

  async pause(): Promise<void> {
    this.longestMs = Math.max(this.longestMs, performance.now() - this.start);
    await nextTurn();
    this.start = performance.now();
  }

  /** Ends the last slice (its length counts too). */
  finish(): void {
    this.longestMs = Math.max(this.longestMs, performance.now() - this.start);
  }
}
