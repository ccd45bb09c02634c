import Database from "better-sqlite3";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { freePort, tempDir } from "../helpers/server";
import { serveEnv } from "../../server/command";
import { runCli } from "./run";

/** `recollect start` / `status` / `stop`: a real background server, pid file and log in the data dir. */
const dataDir = tempDir("recollect-lifecycle-");
const home = tempDir("recollect-home-");
const env: Record<string, string | undefined> = {
  RECOLLECT_DATA_DIR: dataDir,
  RECOLLECT_URL: undefined,
  RECOLLECT_EMBEDDING_PROVIDER: "none",
  HOME: home,
  XDG_CONFIG_HOME: path.join(home, ".config"),
};

const pidOf = () => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, "server.pid"), "utf8")).pid as number;
  } catch {
    return undefined;
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Never leave a server behind if an assertion failed half-way (nor its pid file, which the next start would find). */
const killLeftover = () => {
  const pid = pidOf();
  if (pid && alive(pid)) process.kill(-pid, "SIGKILL");
  fs.rmSync(path.join(dataDir, "server.pid"), { force: true });
};
afterAll(killLeftover);

describe("server lifecycle", () => {
  it("starts in the background, reports status, refuses a double start, and stops", async () => {
    // A failure before `stop` would leave this server running: the next test would find it.
    onTestFinished(killLeftover);
    const port = await freePort();
    env.RECOLLECT_PORT = String(port);
    const before = await runCli(["status"], { env });
    expect(before.code).toBe(3);
    expect(before.stdout).toMatch(/not running/);

    // --wait: a bound for a hang, wide for a loaded machine (the default is 90 s).
    const started = await runCli(["start", "--json", "--no-build", "--wait", "220"], { env, timeoutMs: 240_000 });
    expect(started.code, started.stderr).toBe(0);
    const info = started.json();
    expect(info).toMatchObject({ status: "running", alreadyRunning: false, port, url: `http://127.0.0.1:${port}` });
    // The browser needs a login: start prints a one-time login link, not the bare URL.
    // Round 3 (issue 37) serves the browser on its own origin, recollect.localhost (lib/security/browser-host.ts).
    expect(info.loginUrl).toMatch(new RegExp(`^http://recollect\\.localhost:${port}/login\\?ticket=[\\w-]{43}$`));
    expect(pidOf()).toBe(info.pid);
    expect(alive(info.pid)).toBe(true);
    // The server runs with glibc's huge-pages tunable added to whatever this machine sets (server/command.ts serveEnv).
    const tunables = serveEnv({ GLIBC_TUNABLES: process.env.GLIBC_TUNABLES }).GLIBC_TUNABLES;
    expect(tunables).toContain("glibc.malloc.hugetlb=");
    expect(fs.readFileSync(`/proc/${info.pid}/environ`, "utf8").split("\0")).toContain(`GLIBC_TUNABLES=${tunables}`);
    expect(fs.existsSync(path.join(dataDir, "logs", "server.log"))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "token"))).toBe(true);

    const status = await runCli(["status", "--json"], { env });
    expect(status.code).toBe(0);
    expect(status.json()).toMatchObject({ status: "running", pid: info.pid });

    // The CLI finds this server from RECOLLECT_PORT and the token from the data dir.
    const add = await runCli(["add", "--global", "--json", "lifecycle memory"], { env });
    expect(add.code, add.stderr).toBe(0);

    const twice = await runCli(["start", "--json"], { env });
    expect(twice.code).toBe(0);
    expect(twice.json()).toMatchObject({ alreadyRunning: true, pid: info.pid });

    const stopped = await runCli(["stop"], { env });
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toMatch(/Stopped Recollect/);
    expect(alive(info.pid)).toBe(false);
    expect(pidOf()).toBeUndefined();
    // Stopped means checkpointed and closed: the .db copied alone (no -wal beside it) has the memory.
    const copy = path.join(tempDir("recollect-copy-"), "recollect.db");
    fs.copyFileSync(path.join(dataDir, "recollect.db"), copy);
    const db = new Database(copy, { readonly: true });
    try {
      expect(db.prepare("select content from memories where id = ?").get(add.json().id)).toEqual({ content: "lifecycle memory" });
    } finally {
      db.close();
    }

    const after = await runCli(["status"], { env });
    expect(after.code).toBe(3);
    const stopAgain = await runCli(["stop"], { env });
    expect(stopAgain.code).toBe(0);
    expect(stopAgain.stdout).toMatch(/not running/);
  }, 300_000);

  it("fails with the log's tail when the server cannot start (port taken)", async () => {
    const blocker = net.createServer((s) => s.destroy());
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const r = await runCli(["start", "--no-build", "--wait", "60"], { env: { ...env, RECOLLECT_PORT: String(port) }, timeoutMs: 240_000 });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/exited during start-up|did not answer/);
      expect(r.stderr).toMatch(/EADDRINUSE|address already in use/i);
      expect(pidOf()).toBeUndefined();
    } finally {
      blocker.close();
    }
  }, 300_000);
});
