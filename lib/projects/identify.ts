import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { trimEnd } from "../trim-end";

export interface ProjectIdentity {
  id: string;
  name: string;
  rootPath: string;
  identity: "git-root-commit" | "git-root-commit+remote" | "git-root-commit+path" | "git-remote" | "path";
  /** The normalized network remote (`origin`), when there is one. */
  remote?: string;
  /** The `origin` URL as written in `.git/config`: what is stored is redacted from it before it is lower-cased. */
  remoteUrl?: string;
  /** With a root commit and a remote: the id the root commit alone gave (before remotes counted). */
  legacyId?: string;
  /** The git root's first commit, when there is one. */
  rootCommit?: string;
  /**
   * With a root commit and no remote: the id of this copy alone (root commit and path), used when
   * another live copy with the same root commit already holds the root-commit id (resolve.ts).
   */
  copyId?: string;
  /** The resolved path an `origin` that is a local directory points to (a clone of that copy). */
  localOrigin?: string;
  /** A linked worktree or a submodule (`.git` is a file): the repository it belongs to is the same project. */
  linked?: boolean;
}

const cache = new Map<string, ProjectIdentity>();

/**
 * A project's id is stable across clones and moves: the git root's first commit with the
 * normalized `origin` remote when there is one (a repository made from a template, or a copy
 * pushed elsewhere, shares the root commit but not the remote), else the root commit alone, else
 * the remote, else the normalized path. A remote that is a local path (a clone of a directory) is
 * no remote. Cached per directory (git is spawned once).
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
    const remoteUrl = originUrl(root);
    const remote = remoteUrl === undefined ? undefined : normalizeRemote(remoteUrl);
    identity =
      first && remote
        ? {
            id: hashId("git", `${first}\0${remote}`),
            name,
            rootPath: root,
            identity: "git-root-commit+remote",
            remote,
            remoteUrl,
            legacyId: hashId("git", first),
            rootCommit: first,
          }
        : first
          ? {
              id: hashId("git", first),
              name,
              rootPath: root,
              identity: "git-root-commit",
              rootCommit: first,
              copyId: hashId("git", `${first}\0path:${root}`),
              localOrigin: localOrigin(root),
              linked: isFile(path.join(root, ".git")),
            }
          : remote
            ? { id: hashId("remote", remote), name, rootPath: root, identity: "git-remote", remote, remoteUrl }
            : { id: hashId("path", root), name, rootPath: root, identity: "path" };
  } else {
    identity = { id: hashId("path", dir), name: path.basename(dir) || dir, rootPath: dir, identity: "path" };
  }
  cache.set(dir, identity);
  return identity;
}

/**
 * Whether `rootPath` is still a repository whose history starts at `rootCommit`: another copy made
 * from the same template (or the same repository moved away, when it is not).
 */
export function isLiveCopy(rootPath: string, rootCommit: string): boolean {
  if (!fs.existsSync(path.join(rootPath, ".git"))) return false;
  // Asked while a copy is not registered yet (readers): git is spawned once a minute at most.
  const key = `${rootPath}\0${rootCommit}`;
  const hit = liveCopies.get(key);
  if (hit && Date.now() - hit.at < 60_000) return hit.live;
  const live = firstCommit(rootPath) === rootCommit;
  if (liveCopies.size > 200) liveCopies.clear();
  liveCopies.set(key, { live, at: Date.now() });
  return live;
}
const liveCopies = new Map<string, { live: boolean; at: number }>();

const isFile = (p: string) => {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
};

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
  return trimEnd(u.replace(/\.git$/, ""), "/");
}

/** The `origin` remote's URL, unless it is a local path. */
function originUrl(root: string): string | undefined {
  try {
    const config = fs.readFileSync(path.join(root, ".git", "config"), "utf8");
    const origin = config.match(/\[remote "origin"\][^[]*?url\s*=\s*(\S+)/);
    if (!origin || isLocalPath(origin[1])) return undefined;
    return origin[1];
  } catch {
    return undefined;
  }
}

/** Where an `origin` that is a local directory points (resolved against the root), if it is one. */
function localOrigin(root: string): string | undefined {
  try {
    const config = fs.readFileSync(path.join(root, ".git", "config"), "utf8");
    const origin = config.match(/\[remote "origin"\][^[]*?url\s*=\s*(\S+)/)?.[1];
    if (!origin || !isLocalPath(origin)) return undefined;
    const target = origin.replace(/^file:\/\//, "");
    return path.resolve(root, target).replace(/[\\/]\.git$/, "");
  } catch {
    return undefined;
  }
}

/** `/srv/repo`, `../repo`, `file:///srv/repo`, `C:\\repo`: a clone of a directory, not of a hosted repository. */
const isLocalPath = (url: string) => /^(?:file:|\/|\.{1,2}[\\/]|~|[A-Za-z]:[\\/])/.test(url.trim());
