import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli/run";
import { tempDir } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";

const server = sharedServer();
const body = async (res: Response) => res.json() as Promise<any>;

describe("/api/loops", () => {
  const directory = tempDir("recollect-loops-");
  const d = `directory=${encodeURIComponent(directory)}`;

  it("create, report a phase, list, get, claim, cancel, restart", async () => {
    let res = await server.api("/api/loops", { method: "POST", json: { directory, task: "Make the parser strict", maxIterations: 3 } });
    expect(res.status).toBe(201);
    const loop = await body(res);
    expect(loop).toMatchObject({ status: "running", maxIterations: 3, minAudits: 1, mode: "worktree" });

    res = await server.api(`/api/loops/${loop.id}`, {
      method: "PATCH",
      json: { iteration: 1, phase: "code", phaseReport: { iteration: 1, kind: "code", sessionId: "ses_http", tokensInput: 40, tokensOutput: 4, cost: 0.01 } },
    });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({
      iteration: 1,
      phase: "code",
      tokensInput: 40,
      phases: [{ kind: "code", sessionId: "ses_http", status: "running" }],
    });

    res = await server.api(`/api/loops?${d}&active=true`);
    expect((await body(res)).items.map((l: any) => l.id)).toEqual([loop.id]);
    res = await server.api(`/api/loops/orphans?${d}`);
    expect((await body(res)).ids).toEqual([loop.id]);
    res = await server.api(`/api/loops/${loop.id}/claim`, { method: "POST", json: { driver: "one" } });
    expect((await body(res)).driver).toBe("one");
    res = await server.api(`/api/loops/${loop.id}/claim`, { method: "POST", json: { driver: "two" } });
    expect(res.status).toBe(409);
    res = await server.api(`/api/loops/orphans?${d}`);
    expect((await body(res)).ids).toEqual([]);

    res = await server.api(`/api/loops/${loop.id}/cancel`, { method: "POST" });
    expect(await body(res)).toMatchObject({ status: "cancelled", phase: null });
    res = await server.api(`/api/loops/${loop.id}`, { method: "PATCH", json: { phase: "audit" } });
    expect(res.status).toBe(409);
    res = await server.api(`/api/loops/${loop.id}/restart`, { method: "POST" });
    expect(await body(res)).toMatchObject({ status: "running", driver: null });
  });

  it("restart raises maxIterations (HTTP and `recollect loop restart --max-iterations`)", async () => {
    const loop = await body(await server.api("/api/loops", { method: "POST", json: { directory, task: "Run out of iterations", maxIterations: 1 } }));
    await server.api(`/api/loops/${loop.id}`, { method: "PATCH", json: { iteration: 1, status: "max_iterations" } });
    let res = await server.api(`/api/loops/${loop.id}/restart`, { method: "POST" });
    expect(res.status).toBe(409);
    expect((await body(res)).error.message).toMatch(/^maxIterations/);
    res = await server.api(`/api/loops/${loop.id}/restart`, { method: "POST", json: { maxIterations: 1 } });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^maxIterations/);
    res = await server.api(`/api/loops/${loop.id}/restart`, { method: "POST", json: { maxIterations: "3" } });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^maxIterations/);
    res = await server.api(`/api/loops/${loop.id}/restart`, { method: "POST", json: { maxIterations: 3 } });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ status: "running", iteration: 1, maxIterations: 3 });

    await server.api(`/api/loops/${loop.id}/cancel`, { method: "POST" });
    const home = tempDir("recollect-home-");
    const env = { RECOLLECT_URL: server.url, RECOLLECT_DATA_DIR: server.dataDir, HOME: home, XDG_CONFIG_HOME: path.join(home, ".config"), RECOLLECT_TOKEN: "" };
    const restarted = await runCli(["loop", "restart", "--json", "--max-iterations", "6", loop.id], { env, cwd: directory });
    expect(restarted.code).toBe(0);
    expect(restarted.json()).toMatchObject({ status: "running", maxIterations: 6 });
  });

  it("400 names the field; 404 for an unknown loop; 401 without the token", async () => {
    let res = await server.api("/api/loops", { method: "POST", json: { directory, task: "x", maxIterations: -2 } });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^maxIterations/);
    res = await server.api("/api/loops", { method: "POST", json: { directory, task: "x", extra: 1 } });
    expect(res.status).toBe(400);
    res = await server.api("/api/loops/loop_missing");
    expect(res.status).toBe(404);
    res = await fetch(`${server.url}/api/loops`);
    expect(res.status).toBe(401);
  });

  it("recollect loop start|status|cancel", async () => {
    const cwd = tempDir("recollect-loops-cli-");
    const home = tempDir("recollect-home-");
    const env = { RECOLLECT_URL: server.url, RECOLLECT_DATA_DIR: server.dataDir, HOME: home, XDG_CONFIG_HOME: path.join(home, ".config"), RECOLLECT_TOKEN: "" };
    const started = await runCli(["loop", "start", "--json", "--max-iterations", "4", "--in-place", "Write", "the", "changelog"], { env, cwd });
    expect(started.code).toBe(0);
    const loop = started.json();
    expect(loop).toMatchObject({ task: "Write the changelog", maxIterations: 4, mode: "in_place", status: "running" });
    const status = await runCli(["loop", "status"], { env, cwd });
    expect(status.stdout).toContain(`${loop.id}  running  iteration 0/4`);
    const one = await runCli(["loop", "status", loop.id], { env, cwd });
    expect(one.stdout).toContain("task: Write the changelog");
    const cancelled = await runCli(["loop", "cancel", loop.id], { env, cwd });
    expect(cancelled.stdout).toContain(`Cancelled ${loop.id}.`);
    const missing = await runCli(["loop", "cancel", "loop_nope"], { env, cwd });
    expect(missing.code).toBe(4);
  });
});
