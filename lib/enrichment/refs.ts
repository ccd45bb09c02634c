import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Config } from "../config";
import type { Entity } from "../entities/parse";
import { trimEnd } from "../trim-end";

const run = promisify(execFile);

/** An issue, merge/pull request or epic on a tracker this server knows (GitHub or GitLab). */
export interface TrackerRef {
  tracker: "github" | "gitlab";
  /** `owner/repo` (GitHub), `group/sub/project` (GitLab), or the group of an epic. */
  project: string;
  kind: "issue" | "mr" | "epic";
  number: number;
  /** The cache key: `github:owner/repo#12`, `gitlab:group/project!4`, `gitlab:group&7`. */
  key: string;
}

type Trackers = Config["enrichment"];

/** `host[:port]` of a URL, lower-cased, or "" when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return "";
  }
}

/** The web host of the GitHub API configured: api.github.com -> github.com; GitHub Enterprise's `https://ghe/api/v3` -> ghe. */
export const githubWebHost = (t: Trackers) => (hostOf(t.githubApiUrl) === "api.github.com" ? "github.com" : hostOf(t.githubApiUrl));

/** `git@host:group/project.git`, `https://host/group/project(.git)`, `ssh://git@host:22/group/project` -> host and path. */
export function parseRemote(remote: string): { host: string; path: string } | null {
  const scp = /^[\w.-]+@([\w.-]+):(?!\/)(.+?)(?:\.git)?\/?$/.exec(remote.trim());
  if (scp) return { host: scp[1].toLowerCase(), path: scp[2] };
  try {
    const u = new URL(remote.trim());
    const p = trimEnd(u.pathname.replace(/^\/+/, "").replace(/\.git\/?$/, ""), "/");
    // ssh URLs name the ssh port, not the web one.
    const host = u.protocol === "ssh:" ? u.hostname.toLowerCase() : u.host.toLowerCase();
    return p ? { host, path: p } : null;
  } catch {
    return null;
  }
}

type Remote = { host: string; path: string } | null;
const remotes = new Map<string, Promise<Remote>>();
/** The remotes already resolved, for readers that must not wait on `git` (search results). */
const knownRemotes = new Map<string, Remote>();

/** The `origin` remote of a project root (cached per root; null when it has none). */
export function remoteOf(root: string): Promise<Remote> {
  let hit = remotes.get(root);
  if (!hit) {
    hit = run("git", ["remote", "get-url", "origin"], { cwd: root, timeout: 3000 })
      .then(({ stdout }) => parseRemote(stdout))
      .catch(() => null)
      .then((remote) => {
        knownRemotes.set(root, remote);
        return remote;
      });
    remotes.set(root, hit);
  }
  return hit;
}

/**
 * The `origin` remote of a project root when it is already known; `undefined` while it is not, and
 * the lookup starts in the background so that a later call knows it.
 */
export function knownRemoteOf(root: string): Remote | undefined {
  if (knownRemotes.has(root)) return knownRemotes.get(root);
  void remoteOf(root);
  return undefined;
}

/** Which tracker a host is: the configured GitHub (or github.com) or GitLab instance. */
function trackerOfHost(host: string, t: Trackers): "github" | "gitlab" | null {
  const h = host.toLowerCase();
  const gh = githubWebHost(t);
  if (h === gh || h === hostOf(t.githubApiUrl)) return "github";
  if (h === hostOf(t.gitlabUrl)) return "gitlab";
  // An ssh remote names the host without the web port: match on the name alone.
  if (h === gh.replace(/:\d+$/, "")) return "github";
  if (h === hostOf(t.gitlabUrl).replace(/:\d+$/, "")) return "gitlab";
  return null;
}

/**
 * The ref, or null when its project path could move the API request elsewhere on the tracker's host:
 * `../..#13` would make `{api}/repos/../../issues/13`, i.e. `{api}/issues/13` (an empty, `.` or `..`
 * segment, or a character a path reads specially).
 */
function makeRef(tracker: TrackerRef["tracker"], project: string, kind: TrackerRef["kind"], number: number): TrackerRef | null {
  if (!isPlainProjectPath(project)) return null;
  return { tracker, project, kind, number, key: `${tracker}:${project}${kind === "issue" ? "#" : kind === "mr" ? "!" : "&"}${number}` };
}

/** `owner/repo`, `group/sub/project`: segments of name characters, none of them `.` or `..`. */
export function isPlainProjectPath(project: string): boolean {
  if (project.length > 400) return false;
  return project.split("/").every((segment) => /^[\w.-]+$/.test(segment) && segment !== "." && segment !== "..");
}

/**
 * The tracker item an entity names, or null (a file, an unknown host, a short ref in a project
 * without a known remote). Short refs (`#12`, `!4`, `&7`) belong to the project's `origin`.
 */
export function trackerRefOf(entity: Entity, remote: { host: string; path: string } | null, t: Trackers): TrackerRef | null {
  const tracker = remote ? trackerOfHost(remote.host, t) : null;
  const n = (s: string) => Number(s);
  switch (entity.kind) {
    case "issue": {
      const m = /^(?:([\w.-]+\/[\w.-]+))?#(\d+)$/.exec(entity.value);
      if (!m) return null;
      if (m[1]) return makeRef(tracker ?? "github", m[1], "issue", n(m[2]));
      return remote && tracker ? makeRef(tracker, remote.path, "issue", n(m[2])) : null;
    }
    case "mr":
      return remote && tracker ? makeRef(tracker, remote.path, "mr", n(entity.value.slice(1))) : null;
    case "epic":
      // Epics are GitLab group items: the project's group.
      return remote && tracker === "gitlab" && remote.path.includes("/")
        ? makeRef("gitlab", remote.path.slice(0, remote.path.lastIndexOf("/")), "epic", n(entity.value.slice(1)))
        : null;
    case "url":
      return fromUrl(entity.value, t);
    default:
      return null;
  }
}

function fromUrl(url: string, t: Trackers): TrackerRef | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const tracker = trackerOfHost(u.host, t);
  const p = u.pathname;
  if (tracker === "github") {
    const m = /^\/([\w.-]+\/[\w.-]+)\/(issues|pull)\/(\d+)/.exec(p);
    return m ? makeRef("github", m[1], m[2] === "pull" ? "mr" : "issue", Number(m[3])) : null;
  }
  if (tracker === "gitlab") {
    const epic = /^\/groups\/(.+?)\/-\/epics\/(\d+)/.exec(p);
    if (epic) return makeRef("gitlab", epic[1], "epic", Number(epic[2]));
    const m = /^\/(.+?)\/-\/(issues|merge_requests)\/(\d+)/.exec(p);
    return m ? makeRef("gitlab", m[1], m[2] === "issues" ? "issue" : "mr", Number(m[3])) : null;
  }
  return null;
}
