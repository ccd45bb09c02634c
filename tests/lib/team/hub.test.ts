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
  }, 60_000);
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
    expect(stem.map((h) => h.id)).toEqual(["s1"]);
    const cjk = await searchTeamMemories(hub, ana, { project: "p", query: "适者生存", limit: 10 });
    expect(cjk.map((h) => h.id)).toEqual(["s2"]);
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
