import type { ContextSummaryDto } from "../../lib/contracts/context";
import type { RecollectClient } from "../client";

export interface PollerEvents {
  /** Every answer (undefined: the server did not answer). */
  onSummary: (summary: ContextSummaryDto | undefined) => void;
  /** Something worth a toast: a new checkpoint, the server lost (once per outage). */
  onNotice: (notice: { message: string; variant: "info" | "success" | "warning" | "error" }) => void;
}

/**
 * The TUI's one request: `GET /api/context/summary`, at most once per `intervalMs`, never two at
 * once. It tells a new checkpoint (the id changed since the last answer) and the server going
 * away (once, until it answers again).
 */
export class SummaryPoller {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = false;
  private last: ContextSummaryDto | undefined;
  /** The newest checkpoint of the last answer (null: none yet; undefined: no answer yet). Kept
   * across failed polls, so a slow or refused poll between two checkpoints cannot hide the toast. */
  private checkpointId: string | null | undefined;
  private reachable: boolean | undefined;
  private stopped = false;

  constructor(
    private readonly client: RecollectClient,
    private readonly target: () => { directory: string; sessionID?: string },
    private readonly events: PollerEvents,
    readonly intervalMs = 5000,
  ) {}

  start() {
    this.stopped = false;
    void this.tick();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Asks now (a session switch), unless a request is on its way. */
  async refresh(): Promise<ContextSummaryDto | undefined> {
    if (this.inFlight) return this.last;
    this.inFlight = true;
    try {
      const { directory, sessionID } = this.target();
      const res = await this.client.get<ContextSummaryDto>("/api/context/summary", { query: { directory, sessionID }, timeoutMs: 4000 });
      const summary = res.ok ? res.data : undefined;
      this.notice(summary);
      this.last = summary;
      this.events.onSummary(summary);
      return summary;
    } finally {
      this.inFlight = false;
    }
  }

  private notice(next: ContextSummaryDto | undefined) {
    if (!next) {
      if (this.reachable !== false) this.events.onNotice({ message: "Recollect server unreachable: memory is off until it is back", variant: "warning" });
      this.reachable = false;
      return;
    }
    const cp = next.lastCheckpoint;
    // An idle checkpoint (the session's state after each turn) is routine: not worth a toast.
    if (this.checkpointId !== undefined && cp && cp.id !== this.checkpointId && cp.trigger !== "idle")
      this.events.onNotice({ message: `Recollect: checkpoint ${cp.id} stored`, variant: "success" });
    this.checkpointId = cp?.id ?? null;
    this.reachable = true;
  }

  private async tick() {
    if (this.stopped) return;
    try {
      await this.refresh();
    } catch {
      /* a TUI plugin fails open */
    }
    if (!this.stopped) this.timer = setTimeout(() => void this.tick(), this.intervalMs);
  }
}
