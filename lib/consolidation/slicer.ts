import { setImmediate as nextTurn } from "node:timers/promises";

/** Slice lengths in ms (wall clock), and the CPU time of the slices (process-wide: GC threads included). */
export interface SliceStats {
  slices: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  cpuP95Ms: number;
  cpuMaxMs: number;
}

/**
 * Keeps a long run from holding the event loop: `due()` is true once a slice of `sliceMs` has
 * been used, and `pause()` gives the loop a turn (requests are served) before the next slice.
 * Callers check `due()` inside their inner loops (per item), so a slice ends within one item of
 * its budget. Keeps every slice's length, which the run reports (p50, p95, longest).
 */
export class Slicer {
  private start = performance.now();
  private cpuStart = process.cpuUsage();
  longestMs = 0;
  /** Where the longest slice began and ended (the callers' frames), to find what held the loop. */
  longestAt = "";
  private startedAt = "";
  private readonly lengths: number[] = [];
  /** CPU time of each slice: what the run itself held, apart from the machine's other load. */
  private readonly cpu: number[] = [];
  constructor(
    private readonly sliceMs = 10,
    private readonly traceOver = Number.POSITIVE_INFINITY,
  ) {}

  due(): boolean {
    return performance.now() - this.start >= this.sliceMs;
  }

  async pause(): Promise<void> {
    this.end();
    await nextTurn();
    this.restart();
    if (Number.isFinite(this.traceOver)) this.startedAt = callers();
  }

  /** Ends the last slice (its length counts too). */
  finish(): void {
    this.end();
    this.restart();
  }

  /** How many slices, their median, 95th percentile and longest (wall clock), and their CPU time. */
  stats(): SliceStats {
    const sorted = [...this.lengths].sort((a, b) => a - b);
    const cpu = [...this.cpu].sort((a, b) => a - b);
    const at = (list: number[], q: number) => (list.length ? list[Math.min(list.length - 1, Math.floor(q * list.length))]! : 0);
    const r = (x: number) => Math.round(x * 10) / 10;
    return {
      slices: sorted.length,
      p50Ms: r(at(sorted, 0.5)),
      p95Ms: r(at(sorted, 0.95)),
      maxMs: r(this.longestMs),
      cpuP95Ms: r(at(cpu, 0.95)),
      cpuMaxMs: r(at(cpu, 1)),
    };
  }

  private restart(): void {
    this.start = performance.now();
    this.cpuStart = process.cpuUsage();
  }

  private end(): void {
    const took = performance.now() - this.start;
    const used = process.cpuUsage(this.cpuStart);
    this.cpu.push((used.user + used.system) / 1000);
    this.lengths.push(took);
    if (took > this.longestMs) {
      this.longestMs = took;
      if (took > this.traceOver) this.longestAt = `from ${this.startedAt || "the start"} to ${callers()}`;
    }
  }
}

/** The frames of whoever paused or ended a slice (this file's own frames left out). */
const callers = () =>
  (new Error().stack ?? "")
    .split("\n")
    .slice(1)
    .filter((l) => !l.includes("slicer.ts"))
    .slice(0, 3)
    .map((l) => l.trim())
    .join(" <- ");
