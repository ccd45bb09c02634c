import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run";
import { postgresSkipReason, startPostgres, type ThrowAwayPostgres } from "../helpers/postgres";
import { startServer, tempDir, type TestServer } from "../helpers/server";

/**
 * Team memory end to end (docs/team.md): a real PostgreSQL 15 (throw-away cluster), the real server
 * in hub mode on it, and two machines (two real local servers with their own SQLite) that join it.
 * Sync rounds are driven with POST /api/team/sync (the background interval is set long) so each
 * step is deterministic; one test leaves the background to do it.
 */
const skip = postgresSkipReason();
describe.skipIf(skip !== null)(`team memory through a PostgreSQL hub${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let db: ThrowAwayPostgres;
  let sql: pg.Pool;
  let hub: TestServer;
  let hubDataDir: string;
  let a: TestServer;
  let b: TestServer;
  const dirA = tempDir("recollect-team-a-");
  const dirB = tempDir("recollect-team-b-");
  const tokens: Record<string, string> = {};
  const manual = { RECOLLECT_TEAM_SYNC_MS: "3600000", RECOLLECT_TEAM_SYNC_INSTANT: "0" };

  const ok = async (res: Response | Promise<Response>, status = 200) => {
    const r = await res;
    const body = await r.json();
    expect(r.status, JSON.stringify(body)).toBe(status);
    return body;
  };
  const sync = async (s: TestServer) => ok(s.api("/api/team/sync", { method: "POST" })) as Promise<{ pushed: number; pulled: number; error: string | null }>;
  const store = async (s: TestServer, directory: string, content: string) =>
    (await ok(s.api("/api/memories", { method: "POST", json: { content, directory } }), 201)).id as string;
  const memory = async (s: TestServer, id: string) => ok(s.api(`/api/memories/${id}`));
  const startHub = (port?: number) => startServer({ dataDir: hubDataDir, port, env: { RECOLLECT_DATABASE_URL: db.url } });

  beforeAll(async () => {
    db = await startPostgres();
    sql = new pg.Pool({ connectionString: db.url, max: 2 });
    // The offline test stops the database under this pool: an idle client's error is expected there.
    sql.on("error", () => {});
    hubDataDir = tempDir();
    [hub, a, b] = await Promise.all([startHub(), startServer({ env: manual }), startServer({ env: manual })]);
    for (const name of ["ana", "bob"]) tokens[name] = (await ok(hub.api("/api/team/users", { method: "POST", json: { name, team: "core" } }), 201)).token;
    await ok(hub.api("/api/team/access", { method: "POST", json: { team: "core", project: "acme" } }), 201);
    for (const [machine, name, dir] of [
      [a, "ana", dirA],
      [b, "bob", dirB],
    ] as const) {
      expect((await ok(machine.api("/api/team", { method: "POST", json: { url: hub.url, token: tokens[name] } }))).projects).toEqual(["acme"]);
      await ok(machine.api("/api/team/projects", { method: "POST", json: { directory: dir, name: "acme" } }), 201);
    }
  });
  afterAll(async () => {
    await Promise.all([hub, a, b].filter(Boolean).map((s) => s.kill("SIGKILL")));
    await sql?.end();
    db?.stop();
  });

  it("reports hub mode in /api/health; a single-user server has no hub routes", async () => {
    const health = await ok(hub.api("/api/health"));
    expect(health.team.hub).toMatchObject({ mode: "hub", vectors: "in-process-sign-bits", error: null });
    expect(health.team.hub.database).toContain("/postgres");
    expect((await ok(a.api("/api/health"))).team).toMatchObject({ hub: null, sync: { joined: true } });
    // A team token means nothing to a server that is not a hub (401, as for any unknown credential); its own token learns it is not one.
    expect((await a.api("/api/team/hub/me", { headers: { authorization: `Bearer ${tokens.ana}` } })).status).toBe(401);
    expect((await a.api("/api/team/hub/me")).status).toBe(404);
  });

  it("shares a project's memories: written on A, found on B and in the hub's search, with an audit entry", async () => {
    const id = await store(a, dirA, "The staging deploy needs the VPN profile acme-stage.");
    expect((await sync(a)).pushed).toBe(1);
    expect((await sync(b)).pulled).toBeGreaterThanOrEqual(1);
    expect((await memory(b, id)).content).toBe("The staging deploy needs the VPN profile acme-stage.");
    const search = await ok(
      fetch(`${hub.url}/api/team/hub/search?project=acme&query=deploying%20staging`, { headers: { authorization: `Bearer ${tokens.bob}` } }),
    );
    expect(search.results.map((r: { id: string }) => r.id)).toContain(id);
    const audit = await ok(hub.api("/api/team/audit?project=acme"));
    expect(audit.entries.find((e: { memoryId: string }) => e.memoryId === id)).toMatchObject({ actor: "ana", action: "memory.create" });
    expect((await ok(b.api("/api/team"))).pending).toBe(0);
  });

  it("a suggestion never reaches the hub; once approved it is pushed like any memory", async () => {
    const created = await ok(
      a.api("/api/memories", { method: "POST", json: { content: "Maybe the nightly job should move to 4am.", directory: dirA, status: "suggested" } }),
      201,
    );
    await sync(a);
    const onHub = async () => (await sql.query("SELECT content FROM hub_memories WHERE id = $1", [created.id])).rows;
    expect(await onHub()).toEqual([]);
    await ok(a.api(`/api/memories/${created.id}`, { method: "PATCH", json: { status: "active" } }));
    expect((await sync(a)).pushed).toBe(1);
    expect(await onHub()).toEqual([{ content: "Maybe the nightly job should move to 4am." }]);
  });

  it("a concurrent edit is never lost: the later by hub seq wins on both, the other is a version and an inbox proposal", async () => {
    const id = await store(a, dirA, "Lint with biome before every commit.");
    await sync(a);
    await sync(b);
    await ok(a.api(`/api/memories/${id}`, { method: "PATCH", json: { content: "Lint with biome and tsc before every commit." } }));
    await ok(b.api(`/api/memories/${id}`, { method: "PATCH", json: { content: "Lint with eslint before every commit." } }));
    await sync(a); // A's edit gets a seq first
    await sync(b); // B's edit, based on the same version, gets the later seq: it wins, A's is proposed on B
    await sync(a); // A pulls B's edit; its own is kept and proposed
    for (const machine of [a, b]) {
      expect((await memory(machine, id)).content).toBe("Lint with eslint before every commit.");
      const versions = await ok(machine.api(`/api/memories/${id}/versions`));
      expect(JSON.stringify(versions)).toContain("Lint with biome and tsc before every commit.");
      const inbox = await ok(machine.api(`/api/inbox?directory=${encodeURIComponent(machine === a ? dirA : dirB)}`));
      const proposal = inbox.items.find((i: { type: string; memories?: { id: string }[] }) => i.type === "proposal" && i.memories?.some((m) => m.id === id));
      expect(proposal?.suggestion).toBe("Lint with biome and tsc before every commit.");
    }
  });

  it("a delete reaches the other machine as a tombstone", async () => {
    const id = await store(a, dirA, "The old CI runner is called hermes.");
    await sync(a);
    await sync(b);
    await ok(a.api(`/api/memories/${id}?permanent=true`, { method: "DELETE" }));
    await sync(a);
    await sync(b);
    expect((await memory(b, id)).status).toBe("archived");
    const { rows } = await sql.query("SELECT deleted FROM hub_memories WHERE id = $1", [id]);
    expect(rows[0].deleted).toBe(true);
  });

  it("a secret written on a machine never reaches the hub unredacted, even from a machine that sends it raw", async () => {
    const secret = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
    const id = await store(a, dirA, `The release bot token is ${secret}`);
    await sync(a);
    const raw = await ok(
      fetch(`${hub.url}/api/team/hub/push`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens.bob}`, "content-type": "application/json" },
        body: JSON.stringify({
          changes: [{ changeId: "raw-1", memoryId: "raw-1", project: "acme", baseSeq: null, category: "fact", title: null, content: `old client: ${secret}` }],
        }),
      }),
    );
    expect(raw.results).toHaveLength(1);
    const { rows } = await sql.query("SELECT content FROM hub_versions WHERE memory_id = ANY($1)", [[id, "raw-1"]]);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.content).not.toContain(secret);
  });

  it("syncs in the background: offline work waits in the outbox and goes when the hub's database, then the hub process, is back", async () => {
    const c = await startServer({ env: { RECOLLECT_TEAM_SYNC_MS: "100" } });
    try {
      const dirC = tempDir("recollect-team-c-");
      const carl = (await ok(hub.api("/api/team/users", { method: "POST", json: { name: "carl", team: "core" } }), 201)).token;
      await ok(c.api("/api/team", { method: "POST", json: { url: hub.url, token: carl } }));
      await ok(c.api("/api/team/projects", { method: "POST", json: { directory: dirC, name: "acme" } }), 201);
      db.crash(); // the hub's database goes away (the hub answers 503)
      const ids = [
        await store(c, dirC, "Offline note one: the cache lives in /var/cache/acme."),
        await store(c, dirC, "Offline note two: rotate logs weekly."),
      ];
      await expect.poll(async () => (await ok(c.api("/api/team"))).lastError, { timeout: 30_000 }).toBeTruthy();
      expect((await ok(c.api("/api/team"))).pending).toBeGreaterThanOrEqual(2);
      db.start();
      await expect.poll(async () => (await ok(c.api("/api/team"))).pending, { timeout: 30_000 }).toBe(0);
      const { rows } = await sql.query("SELECT id FROM hub_memories WHERE id = ANY($1)", [ids]);
      expect(rows).toHaveLength(2);
      await sync(b);
      for (const id of ids) expect((await memory(b, id)).status).toBe("active");

      // The hub PROCESS stopped (connection refused): the machine keeps working locally and says it is offline.
      expect((await ok(c.api("/api/team"))).connection).toBe("online");
      await hub.kill("SIGKILL");
      const id = await store(c, dirC, "Written while the hub process is down: the nightly export runs at 02:00.");
      const found = await ok(c.api("/api/search", { method: "POST", json: { query: "nightly export", mode: "lexical" } }));
      expect(JSON.stringify(found)).toContain(id);
      await expect.poll(async () => (await ok(c.api("/api/team"))).connection, { timeout: 30_000 }).toBe("offline");
      const status = await ok(c.api("/api/team"));
      expect(status.lastError).toMatch(/fetch failed|ECONNREFUSED/);
      expect(status.pending).toBeGreaterThanOrEqual(1);
      expect((await ok(c.api("/api/health"))).team.sync).toMatchObject({ joined: true, connection: "offline" });
      expect(await (await c.page("/team")).text()).toMatch(/data-testid="team-connection"><span[^>]*>offline<\/span>/);
      const home = tempDir("recollect-home-");
      const cli = await runCli(["team", "status"], {
        cwd: dirC,
        env: { RECOLLECT_URL: c.url, RECOLLECT_DATA_DIR: c.dataDir, RECOLLECT_TOKEN: "", HOME: home, XDG_CONFIG_HOME: `${home}/.config` },
      });
      expect(cli.stdout).toContain(`Hub: ${hub.url} (offline)`);
      hub = await startHub(hub.port);
      await expect.poll(async () => (await ok(c.api("/api/team"))).pending, { timeout: 60_000 }).toBe(0);
      // The outbox empties at the push; the round is online once its pull went through too.
      await expect.poll(async () => (await ok(c.api("/api/team"))).connection, { timeout: 30_000 }).toBe("online");
      expect((await sql.query("SELECT 1 FROM hub_memories WHERE id = $1", [id])).rowCount).toBe(1);
    } finally {
      await c.kill("SIGKILL");
    }
  }, 180_000);

  it("syncs at once, not at the next interval: a write is pushed, another machine's push is pulled through the long poll", async () => {
    // An interval of an hour: only the write wake-up and the hub's long poll can move these changes.
    const d = await startServer({ env: { RECOLLECT_TEAM_SYNC_MS: "3600000" } });
    try {
      const dirD = tempDir("recollect-team-d-");
      const dan = (await ok(hub.api("/api/team/users", { method: "POST", json: { name: "dan", team: "core" } }), 201)).token;
      await ok(d.api("/api/team", { method: "POST", json: { url: hub.url, token: dan } }));
      await ok(d.api("/api/team/projects", { method: "POST", json: { directory: dirD, name: "acme" } }), 201);
      const written = await store(d, dirD, "Instant note: the staging database is restored every Monday.");
      await expect.poll(async () => (await sql.query("SELECT 1 FROM hub_memories WHERE id = $1", [written])).rowCount, { timeout: 30_000 }).toBe(1);
      const fromA = await store(a, dirA, "Pushed by hand on A: the release branch is cut on Thursdays.");
      expect((await sync(a)).error).toBeNull();
      await expect.poll(async () => (await d.api(`/api/memories/${fromA}`)).status, { timeout: 30_000 }).toBe(200);
      expect((await memory(d, fromA)).content).toContain("release branch");
    } finally {
      await d.kill("SIGKILL");
    }
  });

  it("kill -9 of the hub while it applies a push: nothing acknowledged lost, nothing stored twice, the machine's pending rows retried", async () => {
    const acknowledged: string[] = [];
    for (let i = 0; i < 20; i++) acknowledged.push(await store(a, dirA, `Acknowledged before the crash ${i}: queue ${i} drains hourly.`));
    expect((await sync(a)).error).toBeNull();
    const headsOf = async (ids: string[]) =>
      new Map((await sql.query("SELECT id, seq::int AS seq FROM hub_memories WHERE id = ANY($1)", [ids])).rows.map((r) => [r.id as string, r.seq as number]));
    const acknowledgedSeqs = await headsOf(acknowledged);
    expect(acknowledgedSeqs.size).toBe(20);

    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push(await store(a, dirA, `Crash batch memory ${i}: the service ${i} listens on port ${8000 + i}.`));
    // The audit table held by the test: the hub's push writes the batch's versions and heads, then
    // waits for this lock inside its open transaction, where the hub is killed.
    const holder = await sql.connect();
    let inFlight: Promise<{ error: string | null } | null> = Promise.resolve(null);
    try {
      await holder.query("BEGIN");
      await holder.query("LOCK TABLE hub_audit IN EXCLUSIVE MODE");
      inFlight = a
        .api("/api/team/sync", { method: "POST" })
        .then((r) => r.json())
        .catch(() => null);
      // The push reached the hub and is being applied: a transaction that has written (it has an xid)
      // waits on the audit insert, the last statement before its commit.
      const applying = async () =>
        (
          await sql.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE wait_event_type = 'Lock' AND backend_xid IS NOT NULL AND query LIKE 'INSERT INTO hub_audit%'`,
          )
        ).rows[0].n as number;
      await expect.poll(applying, { timeout: 60_000, interval: 50 }).toBe(1);
      await hub.kill("SIGKILL");
    } finally {
      // Released after the kill: the orphaned transaction finds its client gone and rolls back.
      await holder.query("ROLLBACK");
      holder.release();
    }
    expect((await inFlight)?.error).toBeTruthy();
    // Nothing of the batch was acknowledged: all 200 wait in the machine's outbox, none is on the hub.
    expect((await ok(a.api("/api/team"))).pending).toBe(200);
    await expect.poll(async () => (await headsOf(ids)).size, { timeout: 30_000 }).toBe(0);

    hub = await startHub(hub.port);
    await expect.poll(async () => (await sync(a)).error, { timeout: 30_000 }).toBeNull();
    expect((await ok(a.api("/api/team"))).pending).toBe(0);
    const { rows } = await sql.query("SELECT memory_id, count(*)::int AS n FROM hub_versions WHERE memory_id = ANY($1) GROUP BY memory_id", [
      [...ids, ...acknowledged],
    ]);
    expect(rows).toHaveLength(220);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    // What was acknowledged before the crash is still there, at the seqs the machine was given.
    expect(await headsOf(acknowledged)).toEqual(acknowledgedSeqs);
    await sync(b);
    expect((await memory(b, ids[199]!)).content).toContain("port 8199");
    expect((await memory(b, acknowledged[0]!)).content).toContain("queue 0");
    // 220 writes, a hub restart and three sync rounds: over a minute on a loaded machine.
  }, 180_000);

  it("a revoked token is refused at once; the other machine keeps syncing", async () => {
    await ok(hub.api("/api/team/users/bob", { method: "DELETE" }));
    const refused = await fetch(`${hub.url}/api/team/hub/pull?project=acme`, { headers: { authorization: `Bearer ${tokens.bob}` } });
    expect(refused.status).toBe(401);
    await store(b, dirB, "Written after bob's token was revoked.");
    const outcome = await sync(b);
    expect(outcome.error).toContain("401");
    expect((await ok(b.api("/api/team"))).pending).toBe(1);
    expect((await sync(a)).error).toBeNull();
    const audit = await ok(hub.api("/api/team/audit"));
    expect(audit.entries[0]).toMatchObject({ actor: "admin", action: "user.revoke", detail: { name: "bob" } });
  });
  it("the CLI: invite on the hub, then join (a wrong token refused), share, status, sync and leave on a machine", async () => {
    const d = await startServer({ env: manual });
    const dirD = tempDir("recollect-team-d-");
    const home = tempDir("recollect-home-");
    const cli = (s: TestServer, args: string[]) =>
      runCli(args, {
        cwd: dirD,
        env: { RECOLLECT_URL: s.url, RECOLLECT_DATA_DIR: s.dataDir, RECOLLECT_TOKEN: "", HOME: home, XDG_CONFIG_HOME: `${home}/.config` },
      });
    try {
      const invited = await cli(hub, ["team", "invite", "dora", "--team", "core", "--json"]);
      expect(invited.code, invited.stderr).toBe(0);
      const wrong = await cli(d, ["team", "join", hub.url, "--token", "rct_not-a-token"]);
      expect(wrong.code).not.toBe(0);
      expect(wrong.stderr).toContain("401");
      const joined = await cli(d, ["team", "join", hub.url, "--token", invited.json().token]);
      expect(joined.stdout).toContain(`Joined ${hub.url} as dora (team core); projects: acme.`);
      expect((await cli(d, ["team", "share", dirD, "--as", "acme"])).stdout).toContain("Shared as acme");
      await store(d, dirD, "Written on machine D, pushed by the CLI's sync.");
      expect((await cli(d, ["team", "status"])).stdout).toMatch(/Outbox: 1 {2}synced: 0/);
      expect((await cli(d, ["team", "sync"])).stdout).toMatch(/^Pushed 1, pulled \d+\./m);
      expect((await cli(d, ["team", "status", "--json"])).json()).toMatchObject({
        joined: true,
        pending: 0,
        lastError: null,
        projects: [{ hubProject: "acme" }],
      });
      expect((await cli(d, ["team", "leave"])).stdout).toContain("Left the hub.");
      expect((await cli(d, ["team", "status"])).stdout).toContain("Not joined to a hub");
    } finally {
      await d.kill("SIGKILL");
    }
    // A server start and nine CLI processes (each loads tsx): a minute and more on a loaded machine.
  }, 240_000);
});
