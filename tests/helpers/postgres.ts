import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server";

/**
 * A throw-away PostgreSQL for the team hub's tests: `initdb` into a temp dir, `pg_ctl` on a free
 * loopback port with a private socket dir, stopped and removed by `stop()`. Debian keeps the server
 * binaries under /usr/lib/postgresql/<version>/bin (not on PATH); RECOLLECT_PG_BIN overrides.
 * initdb refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
export interface ThrowAwayPostgres {
  url: string;
  port: number;
  dataDir: string;
  /** pg_ctl stop -m immediate: what a crash leaves, for the kill -9 tests. */
  crash: () => void;
  start: () => void;
  stop: () => void;
}

export function postgresBinDir(): string | null {
  const override = process.env.RECOLLECT_PG_BIN;
  if (override) return fs.existsSync(path.join(override, "initdb")) ? override : null;
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

/** Why the PostgreSQL tests cannot run here, or null when they can. */
export function postgresSkipReason(): string | null {
  if (!postgresBinDir()) return "no PostgreSQL server binaries (apt-get install postgresql-15; .ci/run installs them)";
  if (process.getuid?.() === 0 && spawnSync("id", ["postgres"]).status !== 0) return "running as root without a postgres user for initdb";
  return null;
}

export async function startPostgres(): Promise<ThrowAwayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(postgresSkipReason() ?? "no PostgreSQL");
  // The postgres user must reach the directory: not under a private (0700) TMPDIR when root.
  const root = fs.mkdtempSync(path.join(process.getuid?.() === 0 ? "/tmp" : os.tmpdir(), "recollect-pg-"));
  const dataDir = path.join(root, "data");
  const socketDir = path.join(root, "sock");
  fs.mkdirSync(socketDir);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    fs.chmodSync(root, 0o755);
    execFileSync("chown", ["-R", "postgres", root]);
  }
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    const res = asRoot ? spawnSync("runuser", ["-u", "postgres", "--", full, ...args], { encoding: "utf8" }) : spawnSync(full, args, { encoding: "utf8" });
    if (res.status !== 0) throw new Error(`${cmd} failed (${res.status}): ${res.stderr}${res.stdout}`);
  };
  run("initdb", ["-D", dataDir, "-A", "trust", "-U", "recollect", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=60`;
  // -t: pg_ctl's own wait is 60 s, the bound a server start overran at load 25-30 (tests/helpers/server.ts).
  const start = () => run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(root, "log"), "-w", "-t", "240", "start"]);
  start();
  return {
    url: `postgres://recollect@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    start,
    crash: () => run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-t", "240", "stop"]),
    stop: () => {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "fast", "stop"]);
      } catch {
        // Already stopped (a test crashed it): removing the directory is what is left.
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
