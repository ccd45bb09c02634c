import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { identifyProject, normalizeRemote } from "../../../lib/projects/identify";
import { tempDir } from "../../helpers/server";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    stdio: "pipe",
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
  });

describe("identifyProject", () => {
  it("is the same for a clone elsewhere and for a subdirectory (first commit)", () => {
    const repo = tempDir();
    git(repo, "init", "-q");
    fs.writeFileSync(path.join(repo, "a.txt"), "a");
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "first");
    fs.mkdirSync(path.join(repo, "src"));
    const clone = path.join(tempDir(), "moved-elsewhere");
    git(path.dirname(clone), "clone", "-q", repo, clone);
    const a = identifyProject(repo);
    expect(a.identity).toBe("git-root-commit");
    expect(identifyProject(path.join(repo, "src")).id).toBe(a.id);
    expect(identifyProject(clone).id).toBe(a.id);
  });

  it("falls back to the normalized remote, then to the path", () => {
    const repo = tempDir();
    git(repo, "init", "-q");
    git(repo, "remote", "add", "origin", "git@github.com:Acme/Widget.git");
    const byRemote = identifyProject(repo);
    expect(byRemote.identity).toBe("git-remote");
    const other = tempDir();
    git(other, "init", "-q");
    git(other, "remote", "add", "origin", "https://github.com/acme/widget");
    expect(identifyProject(other).id).toBe(byRemote.id);

    const plain = tempDir();
    const byPath = identifyProject(plain);
    expect(byPath.identity).toBe("path");
    expect(byPath.id).not.toBe(identifyProject(tempDir()).id);
  });

  it("normalizes remotes of every common form", () => {
    expect(normalizeRemote("git@github.com:Org/Repo.git")).toBe("github.com/org/repo");
    expect(normalizeRemote("https://github.com/org/repo/")).toBe("github.com/org/repo");
    expect(normalizeRemote("ssh://git@github.com/org/repo.git")).toBe("github.com/org/repo");
    expect(normalizeRemote("https://user@gitlab.example:8443/a/b.git")).toBe("gitlab.example:8443/a/b");
  });
});
