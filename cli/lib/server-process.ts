import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ROOT } from "../../scripts/build-if-needed";
import { isServeCommandLine, serveArgs, serveEnv } from "../../server/command";
import { CliError, EXIT } from "./exit";
import { dialledAddress, newChallenge, provesToken, TRUST_MS, unprovenReason } from "../../lib/security/server-proof";

/** The background server started by `recollect start`: pid file and log in the data dir. */
export interface PidInfo {
  pid: number;
  url: string;
  host: string;
  port: number;
  dataDir: string;
  log: string;
  startedAt: string;
}

export const pidFile = (dataDir: string) => path.join(dataDir, "server.pid");
export const serverLog = (dataDir: string) => path.join(dataDir, "logs", "server.log");

export function readPid(dataDir: string): PidInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(pidFile(dataDir), "utf8")) as PidInfo;
    return Number.isInteger(info.pid) && info.pid > 0 ? info : undefined;
  } catch {
    return undefined;
  }
}

export function removePid(dataDir: string, pid?: number): void {
  const current = readPid(dataDir);
  if (pid === undefined || current?.pid === pid) fs.rmSync(pidFile(dataDir), { force: true });
}

/** True when `pid` is alive and still the server we started (server/serve.ts; not a recycled pid). */
export function isOurServer(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return isServeCommandLine(cmdline);
  } catch {
    return true; // no /proc (macOS): trust the pid file
  }
}

/** What `/api/health` answers without the token. */
export interface PublicHealth {
  /** `ok`, or `degraded` while the disk is full (writes fail; reads work). */
  status: string;
  version: string;
}

/** The whole `/api/health` body (with the token). */
export interface Health extends PublicHealth {
  uptimeSeconds: number;
  database: { path: string; sizeBytes: number; walBytes: number; sqliteVersion: string; vecVersion: string };
  counts: { memories: Record<string, number>; projects: number; checkpoints: number; sessionsActive: number };
  search: { mode: string; reason: string; model: string | null; queueDepth?: number; dedup?: { semantic: boolean; reason: string; model: string | null } };
  storage?: { status: string; reason?: string; at?: string };
}

/** `GET /api/health` without the token: status and version, or undefined when nothing answers. */
export async function probe(url: string, timeoutMs = 2000): Promise<PublicHealth | undefined> {
  const body = await getHealth(url, undefined, timeoutMs);
  return body && typeof body.version === "string" && (body.status === "ok" || body.status === "degraded") ? body : undefined;
}

/** The whole health body, which needs the API token; undefined when nothing answers, the server cannot prove it knows the token, or refuses it. */
export async function fullHealth(url: string, token: string | undefined, timeoutMs = 2000): Promise<Health | undefined> {
  if (!token || (await serverKnowsToken(url, token, timeoutMs))?.known !== true) return undefined;
  const body = (await getHealth(url, token, timeoutMs)) as Health | undefined;
  return body?.database ? body : undefined;
}

/**
 * Whether the server at `url` shows that it knows `token` (lib/security/server-proof.ts), asked
 * before the token is sent: another program that took the port must not receive it. Undefined
 * when nothing answers.
 */
export async function serverKnowsToken(url: string, token: string, timeoutMs = 2000): Promise<{ known: boolean; answer: unknown } | undefined> {
  const challenge = newChallenge();
  let res: Response;
  try {
    res = await fetch(`${url}/api/health?challenge=${challenge}`, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return undefined;
  }
  // Whatever answered (another program, an error page) is not a proof unless it is one.
  const answer: unknown = await res.json().catch(() => undefined);
  return { known: res.ok && provesToken(token, challenge, (answer as { proof?: unknown } | undefined)?.proof, dialledAddress(url)), answer };
}

/**
 * A fetch for a client that lives long (the stdio MCP bridge): before the token goes, the server at
 * `url` has proved within `TRUST_MS` that it knows it, and a failed connection ends that trust.
 */
export function provingFetch(url: string, token: string, now: () => number = Date.now): FetchLike {
  return withProof(async () => {
    const checked = await serverKnowsToken(url, token, 10_000);
    if (!checked) throw new Error(`no answer from ${url}/api/health`);
    if (!checked.known) throw new Error(`${unprovenReason(url, checked.answer)}: the token was not sent`);
  }, now);
}

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** `fetch` after `prove`, unless it succeeded within `TRUST_MS`; a failed connection ends the trust. Errors of `prove` go to the caller. */
export function withProof(prove: () => Promise<void>, now: () => number = Date.now): FetchLike {
  let trustedUntil = 0;
  let proving: Promise<void> | undefined;
  return async (input, init) => {
    if (now() >= trustedUntil)
      await (proving ??= prove()
        .then(() => {
          trustedUntil = now() + TRUST_MS;
        })
        .finally(() => (proving = undefined)));
    try {
      return await fetch(input, init);
    } catch (error) {
      trustedUntil = 0;
      throw error;
    }
  };
}

async function getHealth(url: string, token: string | undefined, timeoutMs: number): Promise<PublicHealth | undefined> {
  try {
    const res = await fetch(`${url}/api/health`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) return undefined;
    return (await res.json()) as PublicHealth;
  } catch {
    return undefined;
  }
}

/** Builds the app unless a current build exists (scripts/build-if-needed.ts), output to `sink`. */
export function buildIfNeeded(sink: number | "inherit"): void {
  // Resolved, not joined: npm may hoist tsx above an installed package.
  const tsxCli = createRequire(path.join(ROOT, "package.json")).resolve("tsx/cli");
  const res = spawnSync(process.execPath, [tsxCli, "-e", 'import("./scripts/build-if-needed.ts").then((m) => m.ensureBuild())'], {
    cwd: ROOT,
    stdio: ["ignore", sink, sink],
    env: process.env,
  });
  if (res.status !== 0) throw new Error(`building the app failed (exit ${res.status})`);
}

/** server/serve.ts exactly as `npm start` runs it, detached, output appended to the log. */
export function spawnServer(options: { host: string; port: number; dataDir: string; log: string }): number {
  fs.mkdirSync(path.dirname(options.log), { recursive: true, mode: 0o700 });
  rotateIfLarge(options.log, 10 * 1024 * 1024);
  const fd = fs.openSync(options.log, "a", 0o600);
  fs.writeSync(fd, `\n[recollect] ${new Date().toISOString()} starting on ${options.host}:${options.port}\n`);
  const child = spawn(process.execPath, serveArgs(options.host, options.port), {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", fd, fd],
    env: serveEnv({ ...process.env, RECOLLECT_APP_DIR: ROOT, RECOLLECT_DATA_DIR: options.dataDir, NEXT_TELEMETRY_DISABLED: "1" }),
  });
  child.unref();
  fs.closeSync(fd);
  return child.pid!;
}

function rotateIfLarge(file: string, max: number) {
  try {
    if (fs.statSync(file).size > max) fs.renameSync(file, `${file}.1`);
  } catch {
    /* no log yet */
  }
}

export function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Stops the server `recollect start` started with this data dir (SIGTERM: it checkpoints and
 * closes its database, lib/shutdown.ts), and removes its pid file. Refuses a server that answers
 * at `url` but was started otherwise: it is not ours to stop.
 */
export async function stopBackgroundServer(
  dataDir: string,
  url: string,
): Promise<{ wasRunning: false } | { wasRunning: true; pid: number; how: "stopped" | "killed" }> {
  const info = readPid(dataDir);
  if (!info || !isOurServer(info.pid)) {
    if (info) removePid(dataDir);
    if (await probe(url)) {
      throw new CliError(
        `a server answers at ${url}, but it was not started by \`recollect start\` with this data dir`,
        EXIT.failure,
        "stop it where it runs (Ctrl-C in its terminal)",
      );
    }
    return { wasRunning: false };
  }
  const how = await terminate(info.pid);
  removePid(dataDir, info.pid);
  return { wasRunning: true, pid: info.pid, how };
}

/**
 * SIGTERM to the server's process group, then SIGKILL after `graceMs`: longer than the server's own
 * 60 s bound on its way out (server/serve.ts), so a slow shutdown on a loaded machine still
 * checkpoints the WAL (15 s here killed one mid-way at load 25-30, leaving every memory in the -wal).
 */
export async function terminate(pid: number, graceMs = 90_000): Promise<"stopped" | "killed"> {
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        /* gone */
      }
    }
  };
  signal("SIGTERM");
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!alive(pid)) return "stopped";
    await sleep(100);
  }
  signal("SIGKILL");
  for (let i = 0; i < 50 && alive(pid); i++) await sleep(100);
  return "killed";
}
