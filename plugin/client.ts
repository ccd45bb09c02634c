import fs from "node:fs";
import path from "node:path";
import { dialledAddress, newChallenge, provesToken, TRUST_MS, unprovenReason } from "../lib/security/server-proof";
import { Breaker } from "./breaker";
import type { Settings } from "./options";
import { anyObject, type Shape } from "./shapes";

/**
 * The plugin's only way to the server: JSON over HTTP with a short timeout, a circuit breaker, and
 * no exceptions: every call resolves to `{ ok: true, data }` or `{ ok: false, error }`, so hooks
 * fail open (OpenCode goes on as if the plugin were not there). `ok` always carries a whole JSON
 * answer of the expected shape: under Bun, a fetch whose answer lands at its timeout can resolve
 * with status 200 and an empty body, and a reader of `data` must never see that.
 */
export type Result<T> = { ok: true; status: number; data: T } | { ok: false; status?: number; error: string; refused?: boolean };

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  timeoutMs?: number;
  /** Warm-up calls: neither refused by nor counted in the circuit breaker. */
  bypassBreaker?: boolean;
  /** The answer's shape (plugin/shapes.ts); any JSON object or array when absent. */
  expect?: Shape;
}

/** After an outage the server is probed (`GET /api/health`) at these intervals, doubling, until it answers. */
export const PROBE_FIRST_MS = 250;
export const PROBE_MAX_MS = 4000;

export type Logger = (level: "debug" | "info" | "warn" | "error", message: string) => void;

export class RecollectClient {
  readonly breaker: Breaker;
  private token: string | undefined;
  /** Until then the server at the URL is known to hold the token (it answered a challenge). */
  private trustedUntil = 0;
  private proving: Promise<Result<string>> | undefined;
  private connectionFailures = 0;
  /** Called when the server looks absent (refused connection, open circuit). */
  onUnreachable: () => void = () => {};

  constructor(
    readonly settings: Settings,
    private readonly log: Logger = () => {},
  ) {
    this.breaker = new Breaker(settings.breakerFailures, settings.breakerCooldownMs);
    // After an outage, a server back answers its health at once. A server that answers but fails
    // (5xx, timeouts) would answer the probe too: it waits the cooldown (half-open) as before.
    this.breaker.onOpen = (why) => {
      if (why === "down") this.scheduleProbe();
    };
  }

  private probeTimer: ReturnType<typeof setTimeout> | undefined;
  private probeDelay = PROBE_FIRST_MS;

  /**
   * While the circuit is open, a cheap health probe runs in the background (unref'd: it never
   * keeps OpenCode alive), sooner at first, then every few seconds: the circuit closes as soon as
   * the server answers, instead of after the whole blind cooldown.
   */
  private scheduleProbe() {
    if (this.probeTimer) return;
    const delay = this.probeDelay;
    this.probeDelay = Math.min(this.probeDelay * 2, PROBE_MAX_MS);
    this.probeTimer = setTimeout(() => void this.probe(), delay);
    this.probeTimer.unref?.();
  }

  private async probe() {
    let healthy = false;
    try {
      const res = await fetch(`${this.settings.url}/api/health`, { signal: AbortSignal.timeout(1000) });
      const text = await res.text();
      healthy = res.ok && anyObject(safeJson(text));
    } catch {
      /* still down */
    }
    this.probeTimer = undefined;
    if (healthy) {
      // Whatever answers proves itself (the token challenge) on the next call.
      this.trustedUntil = 0;
      this.probeDelay = PROBE_FIRST_MS;
      this.breaker.reset();
    } else if (this.breaker.state !== "closed") {
      // Still down: the circuit stays open while the probes go on (a new cooldown each time).
      this.breaker.trip();
    } else this.probeDelay = PROBE_FIRST_MS;
  }

  /** Stops the background probe (tests, shutdown). */
  stopProbing() {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
  }

  private readonly warned = new Map<string, number>();
  /** A failure is logged once a minute at most (per call and message), never shown to the model. */
  private warnOnce(line: string) {
    const key = line.replace(/\d+/g, "#").slice(0, 200);
    const now = Date.now();
    if (now - (this.warned.get(key) ?? 0) < 60_000) return;
    this.warned.set(key, now);
    if (this.warned.size > 200) this.warned.clear();
    this.log("warn", line);
  }

  private readToken(): string | undefined {
    try {
      return fs.readFileSync(path.join(this.settings.dataDir, "token"), "utf8").trim() || undefined;
    } catch {
      return undefined;
    }
  }

  /** The API token this client sends (for checks the plugin makes itself: a loop's run grant). */
  apiToken(): string | undefined {
    this.token ??= this.readToken();
    return this.token;
  }

  get<T>(pathname: string, options: CallOptions = {}) {
    return this.call<T>("GET", pathname, options);
  }
  post<T>(pathname: string, body: unknown, options: CallOptions = {}) {
    return this.call<T>("POST", pathname, { ...options, body });
  }

  async call<T>(method: string, pathname: string, options: CallOptions = {}): Promise<Result<T>> {
    if (!options.bypassBreaker && !this.breaker.allow()) {
      this.onUnreachable();
      return { ok: false, error: "the Recollect server is unavailable (circuit open)" };
    }
    const first = await this.once<T>(method, pathname, options);
    // A new server writes a new token on first start: re-read it once.
    if (!first.ok && first.status === 401) {
      this.token = undefined;
      this.trustedUntil = 0;
      return this.once<T>(method, pathname, options);
    }
    return first;
  }

  private async once<T>(method: string, pathname: string, options: CallOptions): Promise<Result<T>> {
    this.token ??= this.readToken();
    let token = this.token;
    if (token && Date.now() >= this.trustedUntil) {
      // One challenge at a time; calls made meanwhile wait for its answer and send the token it proved.
      this.proving ??= this.prove(token, options).finally(() => (this.proving = undefined));
      const proved = await this.proving;
      if (!proved.ok) return proved;
      token = proved.data;
    }
    return this.send<T>(method, pathname, options, token);
  }

  /**
   * The token goes only to a server that shows it knows it: another local program that took the
   * port first (the server was down) would otherwise receive it with the first call.
   */
  private async prove(token: string, options: CallOptions): Promise<Result<string>> {
    const challenge = newChallenge();
    const connectionsBefore = this.connectionFailures;
    // Counted in the breaker by its outcome below, not as the health answer it is.
    const res = await this.send<{ proof?: unknown }>(
      "GET",
      "/api/health",
      { query: { challenge }, timeoutMs: options.timeoutMs, bypassBreaker: true },
      undefined,
    );
    if (!res.ok) {
      if (!options.bypassBreaker && !res.refused) this.breaker.failure();
      return res;
    }
    // Over the address this client dials: a program on the port relaying to a server elsewhere gets
    // that server's proof for its own address, which is refused.
    const address = dialledAddress(this.settings.url);
    let proved = provesToken(token, challenge, res.data?.proof, address);
    let verified = token;
    // A new server writes a new token on first start: the answer may prove the file's new one.
    const fresh = proved ? token : this.readToken();
    if (!proved && fresh && fresh !== token && provesToken(fresh, challenge, res.data?.proof, address)) {
      this.token = verified = fresh;
      proved = true;
    }
    if (!proved) {
      if (!options.bypassBreaker) this.breaker.failure();
      const error = `${unprovenReason(this.settings.url, res.data)}: the token was not sent`;
      this.warnOnce(error);
      return { ok: false, error };
    }
    if (!options.bypassBreaker) this.breaker.success();
    // A connection failed while this proof was under way: whatever answers next proves itself again.
    if (this.connectionFailures === connectionsBefore) this.trustedUntil = Date.now() + TRUST_MS;
    return { ok: true, status: res.status, data: verified };
  }

  private async send<T>(method: string, pathname: string, options: CallOptions, token: string | undefined): Promise<Result<T>> {
    const url = new URL(this.settings.url + pathname);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const timeoutMs = options.timeoutMs ?? this.settings.turnTimeoutMs;
    try {
      const res = await fetch(url, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      const data = safeJson(text);
      if (!res.ok) {
        if (!options.bypassBreaker) {
          if (res.status >= 500) this.breaker.failure();
          else this.breaker.success();
        }
        if (res.status >= 500 || (res.status >= 400 && res.status !== 404)) this.warnOnce(`${method} ${pathname}: HTTP ${res.status} ${text.slice(0, 300)}`);
        const message = (data as { error?: { message?: string } } | undefined)?.error?.message ?? `HTTP ${res.status}`;
        return { ok: false, status: res.status, error: message };
      }
      const unfit = answerFault(res, text, data, options.expect ?? anyObject);
      if (unfit) {
        // Counted as a failure: a server that answers nothing usable is not a working one.
        if (!options.bypassBreaker) this.breaker.failure();
        this.warnOnce(`${method} ${pathname}: ${unfit} (HTTP ${res.status})`);
        return { ok: false, status: res.status, error: unfit };
      }
      if (!options.bypassBreaker) this.breaker.success();
      return { ok: true, status: res.status, data: data as T };
    } catch (error) {
      const refused = isRefused(error);
      // Whatever answers next on the port proves itself again.
      this.trustedUntil = 0;
      this.connectionFailures++;
      if (refused) {
        this.breaker.trip();
        this.onUnreachable();
      } else if (!options.bypassBreaker) this.breaker.failure();
      const name = (error as Error)?.name;
      const message =
        name === "TimeoutError" || name === "AbortError"
          ? `timed out after ${timeoutMs} ms`
          : refused
            ? "connection refused"
            : String((error as Error)?.message ?? error);
      this.warnOnce(`${method} ${pathname}: ${message}`);
      return { ok: false, error: message, refused };
    }
  }
}

function safeJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Why a 2xx answer is unusable (empty, cut short, not JSON, not the expected shape), or undefined. */
function answerFault(res: Response, text: string, data: unknown, expect: Shape): string | undefined {
  if (!text) return "empty answer";
  const declared = Number(res.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > 0 && Buffer.byteLength(text) < declared) return "answer cut short";
  if (data === undefined) return "answer is not JSON";
  if (!expect(data)) return "answer of an unexpected shape";
  return undefined;
}

function isRefused(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string }; message?: string };
  const code = e?.code ?? e?.cause?.code;
  return code === "ECONNREFUSED" || code === "ConnectionRefused" || /ECONNREFUSED|Unable to connect|ConnectionRefused/i.test(String(e?.message ?? ""));
}
