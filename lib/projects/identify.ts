import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface ProjectIdentity {
  id: string;
  name: string;
  rootPath: string;
  identity: "git-root-commit" | "git-remote" | "path";
}

const cache = new Map<string, ProjectIdentity>();

/**
 * A project's id is stable across clones and moves: the git root's first commit, else the
 * normalized `origin` remote, else the normalized path. Cached per directory (git is spawned once).
 */
export function identifyProject(directory: string): ProjectIdentity {
  const dir = path.resolve(directory);
  const hit = cache.get(dir);
  if (hit) return hit;
  const root = findGitRoot(dir);
  let identity: ProjectIdentity;
  if (root) {
    const name = path.basename(root);
    const first = firstCommit(root);
    const remote = first ? undefined : normalizedRemote(root);
    identity = first
      ? { id: hashId("git", first), name, rootPath: root, identity: "git-root-commit" }
      : remote
        ? { id: hashId("remote", remote), name, rootPath: root, identity: "git-remote" }
        : { id: hashId("path", root), name, rootPath: root, identity: "path" };
  } else {
    identity = { id: hashId("path", dir), name: path.basename(dir) || dir, rootPath: dir, identity: "path" };
  }
  cache.set(dir, identity);
  return identity;
}

/** The id Recollect gives a repository whose first commit is `commit` (other tools key projects by it too). */
export const projectIdOfRootCommit = (commit: string) => hashId("git", commit);

const hashId = (kind: string, value: string) => "p_" + crypto.createHash("sha256").update(`${kind}:${value}`).digest("hex").slice(0, 16);

function findGitRoot(dir: string): string | undefined {
  for (let cur = dir; ; cur = path.dirname(cur)) {
    if (fs.existsSync(path.join(cur, ".git"))) return cur;
    if (path.dirname(cur) === cur) return undefined;
  }
}

function firstCommit(root: string): string | undefined {
  try {
    const out = execFileSync("git", ["rev-list", "--max-parents=0", "HEAD"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 3000,
    });
    // Several roots (merged histories): the smallest hash is as stable as any.
    return out.split("\n").filter(Boolean).sort()[0];
  } catch {
    return undefined;
  }
}

/** `git@github.com:Org/Repo.git` and `https://github.com/org/repo` name the same project. */
export function normalizeRemote(url: string): string {
  let u = url.trim().toLowerCase();
  u = u
    .replace(/^[a-z+]+:\/\//, "")
    .replace(/^[^@/]+@/, "")
    .replace(/:(?!\d)/, "/");
  return u.replace(/\.git$/, "").replace(/\/+$/, "");
}

function normalizedRemote(root: string): string | undefined {
  try {
    const config = fs.readFileSync(path.join(root, ".git", "config"), "utf8");
    const origin = config.match(/\[remote "origin"\][^[]*?url\s*=\s*(\S+)/);
    return origin ? normalizeRemote(origin[1]) : undefined;
  } catch {
    return undefined;
  }
}
