import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Logger, RecollectClient } from "./client";

/**
 * Starts the server in the background when it is not running: detached, logging to
 * `<dataDir>/server.log`, never awaited by a hook. A lock file keeps several OpenCode windows
 * from starting it at the same time; once `/api/health` answers, the circuit closes again.
 */
export class ServerStarter {
  private lastAttempt = 0;
  private watching = false;
  /** Set once a start was attempted (tests and the log read it). */
  attempted = false;

  constructor(
    private readonly client: RecollectClient,
    private readonly log: Logger,
    private readonly minIntervalMs = 60_000,
  ) {}

  private get settings() {
    return this.client.settings;
  }

  isLoopback(): boolean {
    try {
      const host = new URL(this.settings.url).hostname.replace(/^\[|\]$/g, "");
      return host === "127.0.0.1" || host === "localhost" || host === "::1";
    } catch {
      return false;
    }
  }

  async healthy(timeoutMs = 500): Promise<boolean> {
    try {
      const res = await fetch(`${this.settings.url}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
      return res.ok;
    } catch {
      return false;
    }
  }

  /** A health check or a start is under way. */
  get busy(): boolean {
    return this.watching;
  }

  /** Fire and forget: start the server unless it is up, starting, or a start was tried a moment ago. */
  ensure(): void {
    if (!this.settings.autoStart || this.watching || !this.isLoopback()) return;
    if (Date.now() - this.lastAttempt < this.minIntervalMs) return;
    this.watching = true;
    void this.startAndWatch().finally(() => (this.watching = false));
  }

  private async startAndWatch() {
    // A server found healthy is not an attempt: if it dies a moment later (say, just after the
    // check at load), the next failed call starts it at once.
    if (await this.healthy()) {
      this.client.breaker.reset();
      return;
    }
    this.lastAttempt = Date.now();
    if (!this.spawnServer()) return;
    // The first start may build the app: 5-6 minutes were measured on two busy cores.
    const deadline = Date.now() + 600_000;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      if (await this.healthy()) {
        this.client.breaker.reset();
        fs.rmSync(path.join(this.settings.dataDir, "server-start.lock"), { force: true });
        this.log("info", `Recollect server started at ${this.settings.url}`);
        return;
      }
    }
    this.log("warn", `Recollect server did not become healthy; see ${path.join(this.settings.dataDir, "server.log")}`);
  }

  private spawnServer(): boolean {
    const { dataDir, url, startCommand, appDir } = this.settings;
    const [cmd, ...args] = startCommand;
    if (!cmd) return false;
    try {
      fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      const lock = path.join(dataDir, "server-start.lock");
      try {
        const age = Date.now() - fs.statSync(lock).mtimeMs;
        if (age < 120_000) return true; // another process is starting it: just watch
      } catch {
        /* no lock */
      }
      fs.writeFileSync(lock, String(process.pid), { mode: 0o600 });
      const logFd = fs.openSync(path.join(dataDir, "server.log"), "a", 0o600);
      const u = new URL(url);
      const child = spawn(cmd, args, {
        cwd: appDir,
        detached: true,
        stdio: ["ignore", logFd, logFd],
        env: {
          ...process.env,
          RECOLLECT_DATA_DIR: dataDir,
          RECOLLECT_URL: url,
          RECOLLECT_HOST: u.hostname.replace(/^\[|\]$/g, ""),
          RECOLLECT_PORT: u.port || "80",
          // The server reads these before their aliases: one set in the user's environment would
          // otherwise move the server away from the URL the plugin calls.
          RECOLLECT_SERVER_HOST: u.hostname.replace(/^\[|\]$/g, ""),
          RECOLLECT_SERVER_PORT: u.port || "80",
        },
      });
      child.on("error", (error) => this.log("warn", `could not start the Recollect server (${cmd}): ${error.message}`));
      child.unref();
      fs.closeSync(logFd);
      this.attempted = true;
      this.log("info", `starting the Recollect server in the background (log: ${path.join(dataDir, "server.log")})`);
      return true;
    } catch (error) {
      this.log("warn", `could not start the Recollect server: ${(error as Error).message}`);
      return false;
    }
  }
}
