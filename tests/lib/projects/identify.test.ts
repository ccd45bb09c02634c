import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { projects } from "../../../lib/db/schema";
import { identifyProject, normalizeRemote } from "../../../lib/projects/identify";
import { lookupProject } from "../../../lib/projects/lookup";
import { resolveProject } from "../../../lib/projects/resolve";
import { testCtx } from "../../helpers/ctx";
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

describe("identity with the remote (issue 26)", () => {
  /** A repository with one commit, and `copies` clones of it (same root commit), each given `remotes[i]` as origin. */
  function repoWithCopies(remotes: string[]) {
    const repo = tempDir();
    git(repo, "init", "-q");
    fs.writeFileSync(path.join(repo, "a.txt"), "a");
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "first");
    return remotes.map((remote) => {
      const copy = path.join(tempDir(), "copy");
      git(path.dirname(copy), "clone", "-q", repo, copy);
      git(copy, "remote", "set-url", "origin", remote);
      return copy;
    });
  }

  it("tells a copy pushed elsewhere (a template's child) from the original, and keeps clones of one remote together", () => {
    const [a, aAgain, b] = repoWithCopies(["git@github.com:acme/app.git", "https://github.com/Acme/App", "git@github.com:other/app.git"]);
    const idA = identifyProject(a);
    expect(idA.identity).toBe("git-root-commit+remote");
    expect(identifyProject(aAgain!).id).toBe(idA.id);
    expect(identifyProject(b!).id).not.toBe(idA.id);
    // Both knew the same root commit-only id before.
    expect(identifyProject(b!).legacyId).toBe(idA.legacyId);
  });

  it("keeps a project stored under the root commit alone for the first remote, and gives another remote its own", () => {
    const ctx = testCtx();
    try {
      const [original, template] = repoWithCopies(["git@github.com:acme/base.git", "git@github.com:acme/child.git"]);
      const legacyId = identifyProject(original!).legacyId!;
      ctx.db.insert(projects).values({ id: legacyId, name: "base", rootPath: original!, identity: "git-root-commit" }).run();
      expect(resolveProject(ctx, { directory: original })).toBe(legacyId);
      expect(ctx.db.select().from(projects).where(eq(projects.id, legacyId)).get()?.remote).toBe("github.com/acme/base");
      const child = resolveProject(ctx, { directory: template });
      expect(child).not.toBe(legacyId);
      expect(child).toBe(identifyProject(template!).id);
      // Stable on the next look.
      expect(resolveProject(ctx, { directory: original })).toBe(legacyId);
      expect(resolveProject(ctx, { directory: template })).toBe(child);
    } finally {
      ctx.close();
    }
  });

  it("does not count a clone of a local directory as a remote", () => {
    const repo = tempDir();
    git(repo, "init", "-q");
    fs.writeFileSync(path.join(repo, "a.txt"), "a");
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "first");
    const clone = path.join(tempDir(), "local-clone");
    git(path.dirname(clone), "clone", "-q", repo, clone);
    expect(identifyProject(clone).remote).toBeUndefined();
    expect(identifyProject(clone).id).toBe(identifyProject(repo).id);
  });
});

describe("copies of one template (issue 40)", () => {
  /** A template with one commit and `n` plain copies of it (cp -r: the same root commit, no remote). */
  function template() {
    const repo = tempDir();
    git(repo, "init", "-q");
    fs.writeFileSync(path.join(repo, "a.txt"), "a");
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "first");
    const copy = (name: string) => {
      const dir = path.join(tempDir(), name);
      fs.cpSync(repo, dir, { recursive: true });
      return dir;
    };
    return { repo, copy };
  }

  it("keeps a copy without a remote apart from the next copy given a new remote, and from another copy without one", () => {
    const ctx = testCtx();
    try {
      const { copy } = template();
      const first = copy("first-app");
      git(first, "commit", "-q", "--allow-empty", "-m", "first app's own work");
      const second = copy("second-app");
      git(second, "remote", "add", "origin", "git@github.com:acme/second-app.git");
      const third = copy("third-app");

      const idFirst = resolveProject(ctx, { directory: first });
      const idSecond = resolveProject(ctx, { directory: second });
      const idThird = resolveProject(ctx, { directory: third });
      expect(idSecond).not.toBe(idFirst);
      expect(idThird).not.toBe(idFirst);
      expect(idThird).not.toBe(idSecond);
      // The first copy's project was not claimed by the second's remote.
      expect(ctx.db.select().from(projects).where(eq(projects.id, idFirst!)).get()?.remote).toBeNull();
      // Stable on the next look, and readers (lookupProject) agree with writers.
      expect([resolveProject(ctx, { directory: first }), resolveProject(ctx, { directory: second }), resolveProject(ctx, { directory: third })]).toEqual([
        idFirst,
        idSecond,
        idThird,
      ]);
      expect([lookupProject(ctx, first), lookupProject(ctx, second), lookupProject(ctx, third)]).toEqual([idFirst, idSecond, idThird]);
    } finally {
      ctx.close();
    }
  });

  it("keeps one project for a clone of a local copy, a linked worktree, and a repository that moved", () => {
    const ctx = testCtx();
    try {
      const { copy } = template();
      const app = copy("app");
      const id = resolveProject(ctx, { directory: app });
      const clone = path.join(tempDir(), "app-clone");
      git(path.dirname(clone), "clone", "-q", app, clone);
      expect(resolveProject(ctx, { directory: clone })).toBe(id);
      // The copy itself, after its clone was seen: still its project (the clone's path is not stored over it).
      expect(resolveProject(ctx, { directory: app })).toBe(id);
      expect(lookupProject(ctx, app)).toBe(id);
      const worktree = path.join(tempDir(), "app-worktree");
      git(app, "worktree", "add", "-q", worktree);
      expect(resolveProject(ctx, { directory: worktree })).toBe(id);
      // And after a worktree (a loop makes one) was seen.
      expect(resolveProject(ctx, { directory: app })).toBe(id);
      expect(lookupProject(ctx, app)).toBe(id);
      const moved = path.join(tempDir(), "app-moved");
      fs.renameSync(app, moved);
      expect(resolveProject(ctx, { directory: moved })).toBe(id);
    } finally {
      ctx.close();
    }
  });
});
