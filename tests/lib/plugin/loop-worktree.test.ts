import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { commitWorkspace, createWorkspace, headCommit, iterationDiff, loopBranch, removeWorkspace } from "../../../plugin/loops/worktree";
import { tempDir } from "../../helpers/server";

// No user or system git identity here: the loop signs its own commits. Stubbed for this file only:
// tests/lib files share their worker process (vitest.config.ts), so the env is put back after it.
beforeAll(() => {
  vi.stubEnv("GIT_CONFIG_GLOBAL", "/dev/null");
  vi.stubEnv("GIT_CONFIG_NOSYSTEM", "1");
});
afterAll(() => vi.unstubAllEnvs());

/** A real repository with one commit and no git identity (the loop signs its own commits). */
function repo(): string {
  const dir = tempDir("recollect-loop-repo-");
  const run = (...args: string[]) => execFileSync("git", args, { cwd: dir });
  run("init", "-q", "-b", "main");
  fs.writeFileSync(path.join(dir, "a.txt"), "one\n");
  run("add", "a.txt");
  run("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-qm", "init");
  return dir;
}
const gitOut = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

describe("loop workspace (git worktree)", () => {
  it("adds a worktree on recollect/loop-<slug>, commits each iteration, removes the worktree and keeps the branch", async () => {
    const dir = repo();
    const worktreesDir = tempDir("recollect-loop-wts-");
    const ws = await createWorkspace({ repoDir: dir, slug: "fix-it-abc123", inPlace: false, worktreesDir });
    expect(ws.branch).toBe(loopBranch("fix-it-abc123"));
    expect(ws.directory).toBe(path.join(worktreesDir, "fix-it-abc123"));
    expect(gitOut(ws.directory, "branch", "--show-current")).toBe("recollect/loop-fix-it-abc123");
    expect(fs.readFileSync(path.join(ws.directory, "a.txt"), "utf8")).toBe("one\n");

    const base = await headCommit(ws);
    expect(await commitWorkspace(ws, "nothing")).toBeUndefined();
    fs.writeFileSync(path.join(ws.directory, "a.txt"), "two\n");
    fs.writeFileSync(path.join(ws.directory, "b.txt"), "new\n");
    const c1 = await commitWorkspace(ws, "loop fix-it: iteration 1");
    expect(c1).toMatch(/^[0-9a-f]{40}$/);
    const diff = await iterationDiff(ws, base);
    expect(diff).toContain("+two");
    expect(diff).toContain("b.txt");
    // The user's tree is untouched.
    expect(fs.readFileSync(path.join(dir, "a.txt"), "utf8")).toBe("one\n");
    expect(gitOut(dir, "status", "--porcelain")).toBe("");

    await removeWorkspace(ws);
    expect(fs.existsSync(ws.directory)).toBe(false);
    expect(gitOut(dir, "worktree", "list")).not.toContain("fix-it-abc123");
    expect(gitOut(dir, "log", "--format=%s|%an", "recollect/loop-fix-it-abc123", "-1")).toBe("loop fix-it: iteration 1|Recollect loop");

    // A restart finds the kept branch again.
    const again = await createWorkspace({ repoDir: dir, slug: "fix-it-abc123", inPlace: false, worktreesDir });
    expect(fs.readFileSync(path.join(again.directory, "a.txt"), "utf8")).toBe("two\n");
    await removeWorkspace(again);
  });

  it("in place: the project's directory, no worktree, no commits; the diff shows the working tree", async () => {
    const dir = repo();
    const ws = await createWorkspace({ repoDir: dir, slug: "x", inPlace: true, worktreesDir: tempDir() });
    expect(ws).toMatchObject({ directory: dir, inPlace: true });
    const base = await headCommit(ws);
    fs.writeFileSync(path.join(dir, "a.txt"), "changed\n");
    fs.writeFileSync(path.join(dir, "c.txt"), "c\n");
    expect(await commitWorkspace(ws, "no")).toBeUndefined();
    const diff = await iterationDiff(ws, base);
    expect(diff).toContain("+changed");
    expect(diff).toContain("c.txt");
    await removeWorkspace(ws);
    expect(fs.existsSync(path.join(dir, "a.txt"))).toBe(true);
    expect(gitOut(dir, "worktree", "list").split("\n")).toHaveLength(1);
  });

  it("refuses a worktree outside a git repository with a clear message", async () => {
    await expect(createWorkspace({ repoDir: tempDir(), slug: "x", inPlace: false, worktreesDir: tempDir() })).rejects.toThrow(/not in a git repository/);
  });
});
