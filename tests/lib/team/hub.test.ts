import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamChange, teamPushInput } from "../../../lib/contracts/team";
import { listAudit } from "../../../lib/team/hub/audit";
import { grantProjectAccess } from "../../../lib/team/hub/grant";
import { inviteHubUser } from "../../../lib/team/hub/invite";
import { closeHub, openHub, type Hub } from "../../../lib/team/hub/open";
import { pullVersions } from "../../../lib/team/hub/pull";
import { pushChanges } from "../../../lib/team/hub/push";
import { revokeHubUser } from "../../../lib/team/hub/revoke";
import { searchTeamMemories } from "../../../lib/team/hub/search";
import { authenticateHubUser, type HubUser } from "../../../lib/team/hub/users";
import { InProcessVectors, parseRealArray } from "../../../lib/team/hub/vectors";
import { ROOT } from "../../../scripts/build-if-needed";
import { postgresSkipReason, startPostgres, type ThrowAwayPostgres } from "../../helpers/postgres";

// The hub's verbs on a real throw-away PostgreSQL 15 (tests/helpers/postgres.ts).
const skip = postgresSkipReason();
describe.skipIf(skip !== null)(`team hub verbs on PostgreSQL${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let pg: ThrowAwayPostgres;
  let hub: Hub;
  let ana: HubUser;
  let anaToken: string;
  const change = (over: Record<string, unknown>) =>
    teamChange.parse({ changeId: crypto.randomUUID(), memoryId: "m1", project: "p", baseSeq: null, category: "fact", title: null, content: "x", ...over });

  beforeAll(async () => {
    pg = await startPostgres();
    hub = await openHub(pg.url, { migrationsDir: path.join(ROOT, "drizzle-hub") });
    await grantProjectAccess(hub, "admin", { team: "core", project: "p" });
    anaToken = (await inviteHubUser(hub, "admin", { name: "ana", team: "core", admin: false })).token;
    ana = await authenticateHubUser(hub, anaToken);
  });
  afterAll(async () => {
    if (hub) await closeHub(hub);
    pg?.stop();
  });

  it("assigns hub seqs, pulls by cursor, keeps a concurrent edit as the overwritten head, records who did it", async () => {
    const first = await pushChanges(hub, ana, teamPushInput.parse({ changes: [change({ memoryId: "c1", content: "the build uses pnpm workspaces" })] }));
    const s1 = first.results[0]!.seq;
    const a = await pushChanges(hub, ana, { changes: [change({ memoryId: "c1", baseSeq: s1, content: "the build uses npm workspaces" })] });
    // Based on s1 too, but s1 is no longer the head: it wins by seq and names what it overwrote.
    const b = await pushChanges(hub, ana, { changes: [change({ memoryId: "c1", baseSeq: s1, content: "the build uses yarn workspaces" })] });
    expect(a.results[0]!.overwrote).toBeNull();
    expect(b.results[0]!.overwrote?.content).toBe("the build uses npm workspaces");
    expect(b.results[0]!.seq).toBeGreaterThan(a.results[0]!.seq);

    const page = await pullVersions(hub, ana, { project: "p", cursor: s1, limit: 1 });
    expect(page.versions.map((v) => v.content)).toEqual(["the build uses npm workspaces"]);
    expect(page.more).toBe(true);
    const rest = await pullVersions(hub, ana, { project: "p", cursor: page.cursor, limit: 10 });
    expect(rest.versions.map((v) => v.overwroteSeq)).toEqual([a.results[0]!.seq]);

    const audit = await listAudit(hub, { limit: 10, project: "p" });
    expect(audit.filter((e) => e.memoryId === "c1").map((e) => [e.actor, e.action])).toEqual([
      ["ana", "memory.update"],
      ["ana", "memory.update"],
      ["ana", "memory.create"],
    ]);
  });

  it("a long poll answers when a push to its project commits, at once when it is behind, and not to a token revoked while it waits", async () => {
    const head = (await pullVersions(hub, ana, { project: "p", cursor: 0, limit: 1_000 })).cursor;
    const waiting = pullVersions(hub, ana, { project: "p", cursor: head, limit: 10, wait: 20_000 });
    let answered = false;
    void waiting.then(() => {
      answered = true;
    });
    // Still waiting after a read of the database: nothing was pushed yet.
    await pullVersions(hub, ana, { project: "p", cursor: head, limit: 1 });
    expect(answered).toBe(false);
    await pushChanges(hub, ana, teamPushInput.parse({ changes: [change({ memoryId: "lp1", content: "pushed while a machine waits" })] }));
    expect((await waiting).versions.map((v) => v.content)).toEqual(["pushed while a machine waits"]);
    // Behind the head: no wait at all (the version is there), whatever `wait` says.
    expect((await pullVersions(hub, ana, { project: "p", cursor: head, limit: 10, wait: 20_000 })).versions).toHaveLength(1);
    // A token revoked while its long poll waits gets nothing from the push that ends the wait.
    const wes = await authenticateHubUser(hub, (await inviteHubUser(hub, "admin", { name: "wes", team: "core", admin: false })).token);
    const after = (await pullVersions(hub, ana, { project: "p", cursor: 0, limit: 1_000 })).cursor;
    const revokedWait = pullVersions(hub, wes, { project: "p", cursor: after, limit: 10, wait: 20_000 });
    await revokeHubUser(hub, "admin", "wes");
    await pushChanges(hub, ana, teamPushInput.parse({ changes: [change({ memoryId: "lp2", content: "pushed after wes was revoked" })] }));
    await expect(revokedWait).rejects.toThrow(/revoked/);
  });

  it("a re-sent push (same changeId, its answer lost) is stored once", async () => {
    const input = { changes: [change({ memoryId: "r1", content: "retry me" })] };
    const one = await pushChanges(hub, ana, input);
    const two = await pushChanges(hub, ana, input);
    expect(two.results[0]!.seq).toBe(one.results[0]!.seq);
    const { rows } = await hub.pool.query("SELECT count(*)::int AS n FROM hub_versions WHERE memory_id = 'r1'");
    expect(rows[0].n).toBe(1);
  });

  it("searches Recollect's own tokens: stems and CJK bigrams match, tombstones do not", async () => {
    await pushChanges(hub, ana, {
      changes: [
        change({ memoryId: "s1", content: "Deploying requires the staging migrations" }),
        change({ memoryId: "s2", content: "进化论的核心是适者生存" }),
        change({ memoryId: "s3", content: "deployment notes that were deleted", deleted: true }),
      ],
    });
    const stem = await searchTeamMemories(hub, ana, { project: "p", query: "deploy", limit: 10 });
    expect(stem.results.map((h) => h.id)).toEqual(["s1"]);
    expect(stem.mode).toBe("lexical");
    const cjk = await searchTeamMemories(hub, ana, { project: "p", query: "适者生存", limit: 10 });
    expect(cjk.results.map((h) => h.id)).toEqual(["s2"]);
  });

  it("analyzes itself after a bulk push, and ranks a rare word's memory above newer ones holding only a common word", async () => {
    const stats = () => hub.pool.query("SELECT last_analyze FROM pg_stat_user_tables WHERE relname = 'hub_memories'");
    await grantProjectAccess(hub, "admin", { team: "core", project: "bulk" });
    await pushChanges(hub, ana, { changes: [change({ memoryId: "rare1", project: "bulk", content: "the zebra crossing is repainted" })] });
    // 1,000 rows pushed: the hub runs ANALYZE on its own (no one else does here: autovacuum waits a minute).
    const bulk = Array.from({ length: 1_000 }, (_, i) => change({ memoryId: `bulk${i}`, project: "bulk", content: `widget ${i} shipped` }));
    await pushChanges(hub, ana, { changes: bulk });
    await hub.terms.settled();
    expect((await stats()).rows[0].last_analyze).not.toBeNull();
    // No memory holds both words: the rare word's one comes first although 1,000 newer ones hold the common word.
    const found = await searchTeamMemories(hub, ana, { project: "bulk", query: "widget zebra", limit: 3 });
    expect(found.results[0]!.id).toBe("rare1");
    expect(found.results.slice(1).every((h) => h.content.startsWith("widget"))).toBe(true);
  });

  it("ranks by the pushed embeddings in the hub process (hybrid), and catches up with edits and tombstones", async () => {
    expect(hub.vectorMode).toBe("in-process-sign-bits");
    await grantProjectAccess(hub, "admin", { team: "core", project: "v" });
    const at = (x: number, y: number) => [x, y, 0, 0];
    const push = (memoryId: string, content: string, embedding: number[] | null, over: Record<string, unknown> = {}) =>
      pushChanges(hub, ana, { changes: [change({ memoryId, project: "v", content, embedding, ...over })] });
    await push("v1", "The release train leaves on Tuesdays", at(1, 0));
    await push("v2", "Rollbacks go through the blue pipeline", at(0, 1));
    await push("v3", "Nothing to do with either", null);
    // The query's own vector stands in for the hub's model: near v1, no word in common with any memory.
    const near = (x: number, y: number) => async () => Float32Array.from(at(x, y));
    const first = await searchTeamMemories(hub, ana, { project: "v", query: "weekly shipping day", limit: 5 }, near(0.9, 0.1));
    expect(first.mode).toBe("hybrid");
    expect(first.results.map((h) => h.id)).toEqual(["v1", "v2"]);
    // A word match and a vector match fuse: the pipeline memory is both, it comes first.
    const fused = await searchTeamMemories(hub, ana, { project: "v", query: "pipeline", limit: 5 }, near(0.6, 0.4));
    expect(fused.results[0]!.id).toBe("v2");
    // Edits and tombstones reach the vectors kept in memory on the next search.
    const seqOf = async (id: string) => (await hub.pool.query("SELECT seq::int AS s FROM hub_memories WHERE id = $1", [id])).rows[0].s as number;
    await push("v1", "The release train leaves on Tuesdays", null, { baseSeq: await seqOf("v1"), deleted: true });
    await push("v3", "Nothing to do with either", at(1, 0.05), { baseSeq: await seqOf("v3") });
    const after = await searchTeamMemories(hub, ana, { project: "v", query: "weekly shipping day", limit: 5 }, near(0.9, 0.1));
    expect(after.results.map((h) => h.id)).toEqual(["v3", "v2"]);
  });

  it("a hub start loads a project's vectors in the background, in slices: searches answer lexical-only (saying so) until they are in", async () => {
    await grantProjectAccess(hub, "admin", { team: "core", project: "w" });
    // 250 memories with vectors, the slice 100 rows: three reads (what 100,000 rows and 5,000 a slice are at scale).
    const changes = Array.from({ length: 250 }, (_, i) =>
      change({ memoryId: `w${i}`, project: "w", content: `Load note ${i} about the ledger`, embedding: [Math.cos(i / 40), Math.sin(i / 40), 0] }),
    );
    await pushChanges(hub, ana, { changes });
    const near = async () => Float32Array.from([1, 0.001, 0]);
    // A hub process just started: nothing of the project in memory.
    const started: Hub = { ...hub, inProcess: new InProcessVectors(hub.pool, 100) };
    const first = await searchTeamMemories(started, ana, { project: "w", query: "ledger", limit: 3 }, near);
    expect(first).toMatchObject({ mode: "lexical", vectorsLoading: true });
    expect(first.results).toHaveLength(3);
    await started.inProcess.ready("w", 3);
    expect(started.inProcess.loading()).toEqual([]);
    const loaded = await searchTeamMemories(started, ana, { project: "w", query: "ledger", limit: 3 }, near);
    expect(loaded).toMatchObject({ mode: "hybrid", vectorsLoading: false });
    // Every vector was read: the nearest is w0 (angle 0), exactly as a process that read them all at once.
    expect((await started.inProcess.search("w", Float32Array.from([1, 0.001, 0]), 1))?.map((h) => h.seq)).toEqual(
      (await new InProcessVectors(hub.pool).search("w", Float32Array.from([1, 0.001, 0]), 1, { wait: true }))?.map((h) => h.seq),
    );
    // The vectors are read as text and split (faster than node-postgres's array parser), to the same numbers.
    const { rows } = await hub.pool.query("SELECT embedding::text AS text, embedding FROM hub_memories WHERE id = 'w7'");
    expect(Array.from(parseRealArray(rows[0].text))).toEqual(Array.from(Float32Array.from(rows[0].embedding as number[])));
    // What the hub server does when it opens: every project loads before a search needs it.
    const warmed = new InProcessVectors(hub.pool, 100);
    await warmed.warmAll();
    expect(await warmed.search("w", Float32Array.from([1, 0.001, 0]), 3)).toHaveLength(3);
  });

  it("redacts a secret again on the hub, whatever the machine sent", () => {
    const parsed = teamChange.parse({
      changeId: "x",
      memoryId: "x",
      project: "p",
      baseSeq: null,
      category: "fact",
      title: null,
      content: "key AKIAIOSFODNN7EXAMPLE here",
    });
    expect(parsed.content).not.toContain("AKIAIOSFODNN7EXAMPLE");
  });

  it("refuses a project the team may not reach, and a revoked token at once", async () => {
    await expect(pushChanges(hub, ana, { changes: [change({ project: "other" })] })).rejects.toMatchObject({ code: "forbidden" });
    const bob = await inviteHubUser(hub, "admin", { name: "bob", team: "core", admin: false });
    await authenticateHubUser(hub, bob.token);
    await revokeHubUser(hub, "admin", "bob");
    await expect(authenticateHubUser(hub, bob.token)).rejects.toMatchObject({ code: "unauthorized" });
  });
});
