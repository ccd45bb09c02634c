import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { captureCheckpoint } from "../../../lib/checkpoints";
import { captureCheckpointInput } from "../../../lib/contracts/checkpoints";
import { putKvInput } from "../../../lib/contracts/kv";
import { claimInput, registerSessionInput } from "../../../lib/contracts/sessions";
import { mergeProjectsInput, splitProjectInput } from "../../../lib/contracts/projects";
import { getKv, putKv } from "../../../lib/kv";
import { createMemory, getMemory, listMemories } from "../../../lib/memories";
import { listMemoriesQuery } from "../../../lib/contracts/memories";
import { mergeProjects } from "../../../lib/projects/merge";
import { splitProject } from "../../../lib/projects/split";
import { lookupProject } from "../../../lib/projects/lookup";
import { resolveProject } from "../../../lib/projects/resolve";
import { identifyProject } from "../../../lib/projects/identify";
import { claimItem } from "../../../lib/sessions/claims";
import { registerSession } from "../../../lib/sessions/sessions";
import { searchMemories } from "../../../lib/search/search";
import { searchInput } from "../../../lib/contracts/search";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { kvHistory } from "../checkpoints/history";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    stdio: "pipe",
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
  });

/** A fresh repository with one commit and the given origin (none: no remote). */
function repo(remote?: string): string {
  const dir = tempDir();
  git(dir, "init", "-q");
  fs.writeFileSync(path.join(dir, "a.txt"), dir);
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "first");
  if (remote) git(dir, "remote", "add", "origin", remote);
  return dir;
}

const count = (ctx: ReturnType<typeof testCtx>, sql: string, ...args: unknown[]) => (ctx.sqlite.prepare(sql).get(...args) as { n: number }).n;

describe("merging projects (issue 26)", () => {
  const ctx = testCtx();
  afterAll(() => ctx.close());

  it("moves everything of B into A in one go, and B's checkouts resolve to A from then on", async () => {
    const dirA = repo("git@github.com:acme/app.git");
    const dirB = repo("git@github.com:acme/app-copy.git");
    const a = resolveProject(ctx, { directory: dirA })!;
    const b = resolveProject(ctx, { directory: dirB })!;
    expect(a).not.toBe(b);

    createMemory(ctx, { directory: dirA, content: "The API uses cursor pagination everywhere.", scope: "project" });
    const fromB = createMemory(ctx, { directory: dirB, content: "Deploys go through the blue-green script in ops/.", scope: "project" }).memory.id;
    registerSession(ctx, registerSessionInput.parse({ directory: dirB, sessionID: "ses_b1" }));
    registerSession(ctx, registerSessionInput.parse({ directory: dirA, sessionID: "ses_a1" }));
    captureCheckpoint(
      ctx,
      captureCheckpointInput.parse({ directory: dirB, sessionID: "ses_b1", trigger: "compaction", messages: kvHistory(dirB) as never, suggest: false }),
    );
    const t0 = Date.now();
    putKv(ctx, "only-b", putKvInput.parse({ directory: dirB, value: 1 }), t0);
    putKv(ctx, "both-newer-in-b", putKvInput.parse({ directory: dirA, value: "a" }), t0);
    putKv(ctx, "both-newer-in-b", putKvInput.parse({ directory: dirB, value: "b" }), t0 + 1_000);
    putKv(ctx, "both-newer-in-a", putKvInput.parse({ directory: dirB, value: "b" }), t0);
    putKv(ctx, "both-newer-in-a", putKvInput.parse({ directory: dirA, value: "a" }), t0 + 1_000);
    claimItem(ctx, claimInput.parse({ directory: dirA, sessionID: "ses_a1", item: "#12" }));
    claimItem(ctx, claimInput.parse({ directory: dirB, sessionID: "ses_b1", item: "#12" }));
    claimItem(ctx, claimInput.parse({ directory: dirB, sessionID: "ses_b1", item: "#13" }));

    const result = mergeProjects(ctx, mergeProjectsInput.parse({ into: a, from: b }));
    expect(result.merged).toBe(b);
    expect(result.moved).toMatchObject({ memories: 1, sessions: 1, checkpoints: 1, kv: 2, claims: 1 });
    expect(result.dropped).toEqual({ kv: 2, claims: 1 });
    expect(result.project.counts).toMatchObject({ memories: 2, sessions: 2, checkpoints: 1, kv: 3 });
    expect(result.project.aliases).toEqual([b]);

    for (const table of ["memories", "sessions", "checkpoints", "kv", "claims"])
      expect(count(ctx, `SELECT count(*) AS n FROM ${table} WHERE project_id = ?`, b)).toBe(0);
    expect(count(ctx, "SELECT count(*) AS n FROM projects WHERE id = ?", b)).toBe(0);
    expect(getMemory(ctx, fromB).projectId).toBe(a);
    expect((getKv(ctx, "both-newer-in-b", { project: a }, t0 + 2_000) as { value: unknown }).value).toBe("b");
    expect((getKv(ctx, "both-newer-in-a", { project: a }, t0 + 2_000) as { value: unknown }).value).toBe("a");

    // B's checkout: writes, reads and searches all land on A; the old id still names A.
    expect(resolveProject(ctx, { directory: dirB })).toBe(a);
    expect(resolveProject(ctx, { project: b })).toBe(a);
    expect(lookupProject(ctx, dirB)).toBe(a);
    expect(count(ctx, "SELECT count(*) AS n FROM projects WHERE id = ?", b)).toBe(0);
    expect(listMemories(ctx, listMemoriesQuery.parse({ directory: dirB })).items.map((m) => m.id)).toContain(fromB);
    const found = await searchMemories(ctx, searchInput.parse({ directory: dirB, query: "cursor pagination" }));
    expect(found.results.map((r) => r.content)).toContain("The API uses cursor pagination everywhere.");
    const stored = createMemory(ctx, { directory: dirB, content: "Written from B's checkout after the merge.", scope: "project" }).memory;
    expect(stored.projectId).toBe(a);
  });

  it("carries the aliases of a merged project along when it is merged again", () => {
    const [x, y, z] = [repo(), repo(), repo()].map((d) => ({ dir: d, id: resolveProject(ctx, { directory: d })! }));
    mergeProjects(ctx, mergeProjectsInput.parse({ into: y!.id, from: x!.id }));
    mergeProjects(ctx, mergeProjectsInput.parse({ into: z!.id, from: y!.id }));
    expect(resolveProject(ctx, { directory: x!.dir })).toBe(z!.id);
    expect(resolveProject(ctx, { directory: y!.dir })).toBe(z!.id);
  });

  it("keeps a legacy root-commit project's alias for its remote only", () => {
    const original = repo("git@github.com:acme/base.git");
    const copy = path.join(tempDir(), "copy");
    git(path.dirname(copy), "clone", "-q", original, copy);
    git(copy, "remote", "set-url", "origin", "git@github.com:acme/child.git");
    const legacyId = identifyProject(original).legacyId!;
    ctx.sqlite.prepare("INSERT INTO projects(id, name, identity, remote) VALUES (?, 'base', 'git-root-commit', 'github.com/acme/base')").run(legacyId);
    const target = resolveProject(ctx, { directory: repo() })!;
    mergeProjects(ctx, mergeProjectsInput.parse({ into: target, from: legacyId }));
    expect(resolveProject(ctx, { directory: original })).toBe(target);
    expect(lookupProject(ctx, original)).toBe(target);
    // The template's child shares the root commit, not the remote: its own project.
    expect(resolveProject(ctx, { directory: copy })).toBe(identifyProject(copy).id);
  });

  it("is one transaction: a failure at the last step leaves both projects as they were", () => {
    const dirA = repo();
    const dirB = repo();
    const a = resolveProject(ctx, { directory: dirA })!;
    const b = resolveProject(ctx, { directory: dirB })!;
    const m = createMemory(ctx, { directory: dirB, content: "A fact of B that must not be half moved.", scope: "project" }).memory.id;
    ctx.sqlite.exec(`CREATE TEMP TRIGGER fail_merge BEFORE DELETE ON projects WHEN old.id = '${b}' BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    try {
      expect(() => mergeProjects(ctx, mergeProjectsInput.parse({ into: a, from: b }))).toThrow(/disk full/);
    } finally {
      ctx.sqlite.exec("DROP TRIGGER fail_merge");
    }
    expect(getMemory(ctx, m).projectId).toBe(b);
    expect(count(ctx, "SELECT count(*) AS n FROM project_aliases WHERE alias = ?", b)).toBe(0);
    expect(resolveProject(ctx, { directory: dirB })).toBe(b);
  });

  it("refuses unknown projects and a merge into itself, naming the field, and changes nothing", () => {
    const a = resolveProject(ctx, { directory: repo() })!;
    expect(() => mergeProjects(ctx, mergeProjectsInput.parse({ into: a, from: "p_nope" }))).toThrow(
      expect.objectContaining({ code: "not_found", details: { field: "from" } }),
    );
    expect(() => mergeProjects(ctx, mergeProjectsInput.parse({ into: "p_nope", from: a }))).toThrow(expect.objectContaining({ details: { field: "into" } }));
    const self = mergeProjectsInput.safeParse({ into: a, from: a });
    expect(self.success).toBe(false);
    expect(self.error?.issues[0]?.path).toEqual(["from"]);
    expect(count(ctx, "SELECT count(*) AS n FROM projects WHERE id = ?", a)).toBe(1);
  });
});

describe("splitting a project (issue 26)", () => {
  const ctx = testCtx();
  afterAll(() => ctx.close());

  function projectWith(contents: string[]) {
    const dir = repo("git@github.com:acme/mono.git");
    const id = resolveProject(ctx, { directory: dir })!;
    const ids = contents.map((content) => createMemory(ctx, { directory: dir, content, scope: "project" }).memory.id);
    return { dir, id, ids };
  }

  it("moves the chosen memories to a new named project, the rest stay", () => {
    const p = projectWith(["Widget service listens on 8080.", "Billing runs nightly at 02:00.", "Widget tests need Redis."]);
    const res = splitProject(ctx, splitProjectInput.parse({ from: p.id, memoryIds: [p.ids[0], p.ids[2]], name: "widget" }));
    expect(res).toMatchObject({ created: true, moved: 2, dryRun: false });
    expect(res.project).toMatchObject({ name: "widget", identity: "split", counts: { memories: 2 } });
    expect(getMemory(ctx, p.ids[0]!).projectId).toBe(res.project!.id);
    expect(getMemory(ctx, p.ids[1]!).projectId).toBe(p.id);
  });

  it("moves what a query matches to the project a remote names; checkouts with that remote resolve to it", () => {
    const p = projectWith(["Widget service listens on 8080.", "Billing runs nightly at 02:00.", "The WIDGET cache is warm at boot."]);
    const preview = splitProject(ctx, splitProjectInput.parse({ from: p.id, query: "widget", remote: "https://github.com/acme/widget", dryRun: true }));
    expect(preview).toMatchObject({ dryRun: true, moved: 2, created: true, project: null });
    expect(getMemory(ctx, p.ids[0]!).projectId).toBe(p.id);

    const res = splitProject(ctx, splitProjectInput.parse({ from: p.id, query: "widget", remote: "git@github.com:Acme/Widget.git" }));
    expect(res).toMatchObject({
      moved: 2,
      created: true,
      project: { name: "widget", remote: "github.com/acme/widget", aliases: ["remote:github.com/acme/widget"] },
    });
    expect(res.memories.map((m) => m.id).sort()).toEqual([p.ids[0], p.ids[2]].sort());

    // A copy of the repository pushed to that remote (same root commit) resolves to the split project.
    const copy = path.join(tempDir(), "widget");
    git(path.dirname(copy), "clone", "-q", p.dir, copy);
    git(copy, "remote", "set-url", "origin", "https://github.com/acme/widget.git");
    expect(lookupProject(ctx, copy)).toBe(res.project!.id);
    expect(resolveProject(ctx, { directory: copy })).toBe(res.project!.id);
    expect(resolveProject(ctx, { directory: p.dir })).toBe(p.id);
  });

  it("refuses a memory of another project, an empty match and a missing target, naming the field; nothing moves", () => {
    const p = projectWith(["Alpha fact."]);
    const other = projectWith(["Beta fact."]);
    const fail = (input: object) => {
      try {
        splitProject(ctx, splitProjectInput.parse({ from: p.id, name: "x", ...input }));
      } catch (e) {
        return (e as { details?: { field?: string } }).details?.field;
      }
      return "no error";
    };
    expect(fail({ memoryIds: [p.ids[0], other.ids[0]] })).toBe("memoryIds");
    expect(fail({ query: "gamma" })).toBe("query");
    expect(fail({ memoryIds: p.ids, remote: "git@github.com:acme/mono.git" })).toBe("remote");
    expect(getMemory(ctx, p.ids[0]!).projectId).toBe(p.id);
    const noTarget = splitProjectInput.safeParse({ from: p.id, memoryIds: p.ids });
    expect(noTarget.error?.issues[0]?.path).toEqual(["name"]);
    const both = splitProjectInput.safeParse({ from: p.id, memoryIds: p.ids, query: "a", name: "x" });
    expect(both.error?.issues[0]?.path).toEqual(["memoryIds"]);
  });
});
