/**
 * A circuit breaker: after `failures` consecutive failures the circuit opens and calls are
 * refused at once for `cooldownMs`; then one probe call is let through (half-open) and its
 * outcome closes or re-opens the circuit. A slow or dead server then costs nothing per turn.
 * `onOpen` lets the owner probe the server's health meanwhile and `reset()` it sooner.
 */
export class Breaker {
  private consecutive = 0;
  private openedAt = 0;
  private probing = false;
  /**
   * Called each time the circuit opens: `down` when nothing listens (a refused connection), `failing`
   * when the server answers badly or too slowly.
   */
  onOpen: (why: "down" | "failing") => void = () => {};

  constructor(
    private readonly failures: number,
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): "closed" | "open" | "half-open" {
    if (this.consecutive < this.failures) return "closed";
    return this.now() - this.openedAt >= this.cooldownMs ? "half-open" : "open";
  }

  /** Whether a call may go out now. */
  allow(): boolean {
    const s = this.state;
    if (s === "closed") return true;
    if (s === "half-open" && !this.probing) {
      this.probing = true;
      return true;
    }
    return false;
  }

  success() {
    this.consecutive = 0;
    this.probing = false;
  }

  failure() {
    this.probing = false;
    this.consecutive++;
    if (this.consecutive >= this.failures) {
      this.openedAt = this.now();
      this.onOpen("failing");
    }
  }

  /** Opens the circuit at once (e.g. connection refused: the server is not there). */
  trip() {
    this.probing = false;
    this.consecutive = Math.max(this.consecutive + 1, this.failures);
    this.openedAt = this.now();
    this.onOpen("down");
  }

  reset() {
    this.consecutive = 0;
    this.probing = false;
  }
}
