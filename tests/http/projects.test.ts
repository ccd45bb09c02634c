import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli/run";
import { tempDir } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";

const server = sharedServer();
const body = async (res: Response) => res.json() as Promise<any>;
const post = (pathname: string, json: unknown) => server.api(pathname, { method: "POST", json });

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    stdio: "pipe",
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
  });

/** Stores a project memory from `directory` and returns its id and project. */
async function remember(directory: string, content: string): Promise<{ id: string; projectId: string }> {
  const res = await post("/api/memories", { directory, content, scope: "project" });
  expect(res.status).toBe(201);
  const b = await body(res);
  return { id: b.id, projectId: b.projectId };
}

const search = async (directory: string, query: string) =>
  ((await body(await post("/api/search", { directory, query }))).results as { content: string }[]).map((r) => r.content);

describe("projects over HTTP (issue 26)", () => {
  it("merges B into A: everything moves, B's directory then reads and writes A", async () => {
    const dirA = tempDir("recollect-merge-a-");
    const dirB = tempDir("recollect-merge-b-");
    const a = await remember(dirA, "Merge test: the queue is drained by worker pools.");
    const b = await remember(dirB, "Merge test: releases are tagged from main only.");
    expect((await post("/api/sessions", { directory: dirB, sessionID: "ses_merge_b" })).status).toBeLessThan(300);
    expect((await server.api("/api/kv/merge-note", { method: "PUT", json: { directory: dirB, value: "from b" } })).status).toBe(200);

    const listed = (await body(await server.api("/api/projects"))).items as { id: string; counts: { memories: number } }[];
    expect(listed.find((p) => p.id === b.projectId)?.counts.memories).toBe(1);

    const res = await post("/api/projects/merge", { into: a.projectId, from: b.projectId });
    expect(res.status).toBe(200);
    const merged = await body(res);
    expect(merged).toMatchObject({ merged: b.projectId, moved: { memories: 1, sessions: 1, kv: 1 }, project: { id: a.projectId, aliases: [b.projectId] } });
    expect(merged.project.counts).toMatchObject({ memories: 2, sessions: 1, kv: 1 });

    const after = (await body(await server.api("/api/projects"))).items as { id: string }[];
    expect(after.map((p) => p.id)).not.toContain(b.projectId);
    expect(await search(dirB, "worker pools queue")).toContain("Merge test: the queue is drained by worker pools.");
    expect((await body(await server.api(`/api/kv/merge-note?directory=${encodeURIComponent(dirB)}`))).value).toBe("from b");
    expect((await remember(dirB, "Merge test: written from B after the merge.")).projectId).toBe(a.projectId);
    const listedB = await body(await server.api(`/api/memories?directory=${encodeURIComponent(dirB)}`));
    expect(listedB.items.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it("splits the memories a query matches into the project of a remote; a checkout with that remote resolves to it", async () => {
    const repo = tempDir("recollect-split-");
    git(repo, "init", "-q");
    fs.writeFileSync(path.join(repo, "a.txt"), repo);
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "first");
    git(repo, "remote", "add", "origin", "git@example.test:acme/mono.git");
    const keep = await remember(repo, "Split test: billing runs nightly.");
    const go = await remember(repo, "Split test: the gizmo service listens on 9090.");

    // A dry run needs no target yet: it only says what would move.
    const untargeted = await post("/api/projects/split", { from: keep.projectId, query: "gizmo", dryRun: true });
    expect(untargeted.status).toBe(200);
    expect(await body(untargeted)).toMatchObject({ dryRun: true, moved: 1, project: null });
    const preview = await body(
      await post("/api/projects/split", { from: keep.projectId, query: "GIZMO", remote: "https://example.test/acme/gizmo", dryRun: true }),
    );
    expect(preview).toMatchObject({ dryRun: true, moved: 1, created: true, memories: [{ id: go.id }] });

    const res = await post("/api/projects/split", { from: keep.projectId, query: "gizmo", remote: "https://example.test/acme/gizmo" });
    expect(res.status).toBe(201);
    const split = await body(res);
    expect(split.project).toMatchObject({ name: "gizmo", remote: "example.test/acme/gizmo", counts: { memories: 1 } });

    const copy = path.join(tempDir("recollect-split-copy-"), "gizmo");
    git(path.dirname(copy), "clone", "-q", repo, copy);
    git(copy, "remote", "set-url", "origin", "git@example.test:acme/gizmo.git");
    expect(await search(copy, "gizmo service")).toContain("Split test: the gizmo service listens on 9090.");
    expect(await search(repo, "gizmo service")).not.toContain("Split test: the gizmo service listens on 9090.");
    expect((await remember(copy, "Split test: written in the gizmo checkout.")).projectId).toBe(split.project.id);
  });

  it("answers 4xx naming the field, and needs the token", async () => {
    const dir = tempDir("recollect-split-bad-");
    const m = await remember(dir, "Split test: a lone fact.");
    const field = async (pathname: string, json: unknown, status = 400) => {
      const res = await post(pathname, json);
      expect(res.status).toBe(status);
      const e = (await body(res)).error;
      return Array.isArray(e.details) ? e.details[0].path : e.details?.field;
    };
    expect(await field("/api/projects/merge", { into: m.projectId, from: m.projectId })).toBe("from");
    expect(await field("/api/projects/merge", { into: m.projectId })).toBe("from");
    expect(await field("/api/projects/merge", { into: m.projectId, from: "p_missing" }, 404)).toBe("from");
    expect(await field("/api/projects/split", { from: m.projectId, memoryIds: [m.id] })).toBe("name");
    expect(await field("/api/projects/split", { from: m.projectId, name: "x" })).toBe("memoryIds");
    expect(await field("/api/projects/split", { from: m.projectId, name: "x", memoryIds: ["mem_not_here"] })).toBe("memoryIds");
    expect(await field("/api/projects/split", { from: m.projectId, name: "x", query: "nothing matches this" })).toBe("query");
    expect(await field("/api/projects/split", { from: m.projectId, name: "x".repeat(201), memoryIds: [m.id] })).toBe("name");
    expect(await field("/api/projects/split", { from: "p_missing", name: "x", memoryIds: [m.id] }, 404)).toBe("from");

    const anonymous = await fetch(`${server.url}/api/projects`);
    expect(anonymous.status).toBe(401);
    const anonymousMerge = await fetch(`${server.url}/api/projects/merge`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(anonymousMerge.status).toBe(401);
  });
  it("recollect projects list | split | merge over the same API", async () => {
    const home = tempDir("recollect-projects-home-");
    const env = {
      RECOLLECT_URL: server.url,
      RECOLLECT_TOKEN: server.token,
      RECOLLECT_DATA_DIR: server.dataDir,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, ".config"),
    };
    const cli = (...args: string[]) => runCli(args, { env, cwd: home });
    const dirA = tempDir("recollect-cli-a-");
    const dirB = tempDir("recollect-cli-b-");
    const a = await remember(dirA, "CLI projects test: kept in A.");
    const b = await remember(dirB, "CLI projects test: the frobnicator lives in B.");

    const listed = await cli("projects", "list", "--json");
    expect(listed.code).toBe(0);
    expect(listed.json().items.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([a.projectId, b.projectId]));

    const dry = await cli("projects", "split", b.projectId, "--query", "frobnicator", "--name", "frob", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("Would move 1 memories to a new project");
    expect(dry.stdout).toContain(b.id);

    const usage = await cli("projects", "split", b.projectId, "--name", "frob");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--ids or --query/);

    const merged = await cli("projects", "merge", b.projectId, "--into", a.projectId, "--json");
    expect(merged.code).toBe(0);
    expect(merged.json()).toMatchObject({ merged: b.projectId, moved: { memories: 1 } });
    const again = await cli("projects", "merge", b.projectId, "--into", a.projectId);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/unknown project/);
  });
});
