import fs from "node:fs";
import type { PluginInput } from "@opencode-ai/plugin";
import type { LoopDto } from "../../lib/contracts/loops";
import { hasRunGrant } from "../../lib/security/loop-grant";
import type { Runtime } from "../runtime";
import { LoopDriver, newDriverId } from "./driver";
import { loopRegistry } from "./registry";
import { startDockerSandbox } from "./sandbox";
import type { LoopSettings } from "./settings";

/**
 * The loops of one plugin instance: starts drivers, and adopts the project's running loops that no
 * live OpenCode drives (started with `recollect loop start`, restarted, or left by a closed one).
 */
export class LoopManager {
  readonly driverId = newDriverId();
  private adoptTimer?: ReturnType<typeof setInterval>;

  constructor(
    readonly rt: Runtime,
    readonly settings: LoopSettings,
    readonly opencode: PluginInput["client"] | undefined,
  ) {}

  /** Drives a loop in this process unless a driver already does; resolves when it has started. */
  async drive(loop: LoopDto): Promise<LoopDriver | undefined> {
    if (!this.opencode) return undefined;
    if (loopRegistry().drivers.has(loop.id)) return undefined;
    const claim = await this.rt.client.post<LoopDto>(
      `/api/loops/${encodeURIComponent(loop.id)}/claim`,
      { driver: this.driverId },
      { timeoutMs: 5000, bypassBreaker: true },
    );
    if (!claim.ok || claim.data.status !== "running") return undefined;
    const driver = new LoopDriver(claim.data, {
      client: this.rt.client,
      opencode: this.opencode,
      settings: this.settings,
      driverId: this.driverId,
      log: (level, message) => this.rt.log(level, message),
      startSandbox: (l, ws) =>
        startDockerSandbox({ docker: this.settings.sandbox.docker, image: this.settings.sandbox.image, name: `loop-${l.slug}`, hostDir: ws.directory }),
      onTrace: (event, id, phase, iteration) => traceLoop(this.rt, event, id, phase, iteration),
    });
    void driver.start();
    return driver;
  }

  startAdopting() {
    if (!this.settings.adoptPollMs || !this.opencode) return;
    this.adoptTimer = setInterval(() => void this.adopt(), this.settings.adoptPollMs);
    this.adoptTimer.unref?.();
  }

  stop() {
    clearInterval(this.adoptTimer);
  }

  private readonly refused = new Set<string>();
  /**
   * Only a loop a token holder asked for is adopted (the CLI, a plugin, a browser that
   * re-authenticated): its run grant checks out under this plugin's token. A loop without one (made
   * with a leaked browser cookie, or registered before grants) is never run; restarting it from the
   * CLI gives it one.
   */
  private askedFor(loop: LoopDto): boolean {
    const token = this.rt.client.apiToken();
    if (token && hasRunGrant(token, loop)) return true;
    if (!this.refused.has(loop.id)) {
      this.refused.add(loop.id);
      this.rt.log(
        "warn",
        `loop ${loop.id} was not adopted: no run grant from a token holder (to run it: \`recollect loop cancel ${loop.id}\`, then \`recollect loop restart ${loop.id}\`)`,
      );
    }
    return false;
  }

  private adopting = false;
  private async adopt() {
    if (this.adopting) return;
    this.adopting = true;
    try {
      const staleMs = Math.max(1000, this.settings.pollMs * 5);
      const res = await this.rt.client.get<{ ids: string[] }>("/api/loops/orphans", {
        query: { directory: this.rt.directory, staleMs },
        timeoutMs: 5000,
        bypassBreaker: true,
      });
      if (!res.ok) return;
      for (const id of res.data.ids) {
        const loop = await this.rt.client.get<LoopDto>(`/api/loops/${encodeURIComponent(id)}`, { timeoutMs: 5000, bypassBreaker: true });
        if (loop.ok && this.askedFor(loop.data)) await this.drive(loop.data);
      }
    } finally {
      this.adopting = false;
    }
  }
}

/** With `traceFile`: a JSON line when a phase goes idle and when the next gets its prompt (bench/loops). */
function traceLoop(rt: Runtime, event: string, loopId: string, phase: string, iteration: number) {
  if (!rt.settings.traceFile) return;
  try {
    fs.appendFileSync(rt.settings.traceFile, JSON.stringify({ hook: `loop.${event}`, loopId, phase, iteration, at: Date.now() }) + "\n");
  } catch {
    /* tracing must not break a loop */
  }
}
