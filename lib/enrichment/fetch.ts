import type { Config } from "../config";
import { isPlainProjectPath, type TrackerRef } from "./refs";
import type { TrackerItem } from "../contracts/trackers";
import { trimEnd } from "../trim-end";

export type { TrackerItem };

/** What fetching a tracker item came to. */
export type FetchOutcome =
  | { kind: "ok"; item: TrackerItem }
  | { kind: "not_found" }
  /** 429, or 403 with the rate limit spent: nothing is asked of this tracker before `until`. */
  | { kind: "rate_limited"; until: number }
  /** 401: the token is wrong; reported once, not retried with the same token. */
  | { kind: "unauthorized"; message: string }
  /** No answer (offline, DNS, timeout) or a server error: silent, retried later. */
  | { kind: "unreachable"; message: string };

const DEFAULT_BACKOFF_MS = 60_000;

export async function fetchTrackerItem(ref: TrackerRef, t: Config["enrichment"], token: string, now = Date.now()): Promise<FetchOutcome> {
  // A ref made elsewhere (a stored key) gets the same check as a parsed one: no `..` in the API path.
  if (!isPlainProjectPath(ref.project)) return { kind: "not_found" };
  const { url, headers } = request(ref, t, token);
  let res: Response;
  try {
    res = await fetchSameOrigin(url, { headers, signal: AbortSignal.timeout(t.timeoutMs) });
  } catch (error) {
    return { kind: "unreachable", message: (error as Error).message };
  }
  if (res.status === 401) return { kind: "unauthorized", message: `${ref.tracker} refused the token (401)` };
  const limited = res.status === 429 || (res.status === 403 && res.headers.get("x-ratelimit-remaining") === "0");
  if (limited) return { kind: "rate_limited", until: retryAt(res.headers, now) };
  if (res.status === 404 || res.status === 403) return { kind: "not_found" };
  if (!res.ok) return { kind: "unreachable", message: `${ref.tracker} answered ${res.status}` };
  try {
    const body = (await res.json()) as Record<string, unknown>;
    return { kind: "ok", item: ref.tracker === "github" ? fromGithub(body) : fromGitlab(body) };
  } catch (error) {
    return { kind: "unreachable", message: `${ref.tracker}: unreadable answer (${(error as Error).message})` };
  }
}

/**
 * Follows redirects on the same origin only (a renamed repository: GitHub answers 301 to its new
 * path). The token goes in a header of our own, which fetch would carry to any host a redirect
 * names; one to another origin is answered as it came (a 3xx: "unreachable").
 */
async function fetchSameOrigin(url: string, init: RequestInit, maxRedirects = 3): Promise<Response> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const res = await fetch(current, { ...init, redirect: "manual" });
    const location = res.status >= 300 && res.status < 400 ? res.headers.get("location") : null;
    if (!location || hop >= maxRedirects) return res;
    const next = new URL(location, current);
    if (next.origin !== current.origin) return res;
    current = next;
  }
}

/** `Retry-After` (seconds or an HTTP date), else GitHub's `x-ratelimit-reset` (epoch seconds), else a minute. */
export function retryAt(headers: Headers, now: number): number {
  const after = headers.get("retry-after");
  if (after) {
    if (/^\d+$/.test(after.trim())) return now + Number(after) * 1000;
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return Math.max(now, date);
  }
  const reset = Number(headers.get("x-ratelimit-reset"));
  if (reset > 0) return Math.max(now, reset * 1000);
  return now + DEFAULT_BACKOFF_MS;
}

function request(ref: TrackerRef, t: Config["enrichment"], token: string): { url: string; headers: Record<string, string> } {
  if (ref.tracker === "github") {
    const path = ref.kind === "mr" ? "pulls" : "issues";
    return {
      url: `${trimEnd(t.githubApiUrl, "/")}/repos/${ref.project}/${path}/${ref.number}`,
      headers: { authorization: `Bearer ${token}`, accept: "application/vnd.github+json", "user-agent": "recollect" },
    };
  }
  const base = `${trimEnd(t.gitlabUrl, "/")}/api/v4`;
  const id = encodeURIComponent(ref.project);
  const path = ref.kind === "epic" ? `groups/${id}/epics/${ref.number}` : `projects/${id}/${ref.kind === "mr" ? "merge_requests" : "issues"}/${ref.number}`;
  return { url: `${base}/${path}`, headers: { "private-token": token, accept: "application/json", "user-agent": "recollect" } };
}

const str = (v: unknown) => (typeof v === "string" ? v : null);
const names = (v: unknown, key: string) =>
  Array.isArray(v) ? v.map((x) => (typeof x === "string" ? x : str((x as Record<string, unknown>)?.[key]))).filter((x): x is string => !!x) : [];

function fromGithub(b: Record<string, unknown>): TrackerItem {
  const merged = !!b.merged_at || b.merged === true;
  return {
    title: str(b.title) ?? "",
    state: merged ? "merged" : b.state === "closed" ? "closed" : "open",
    labels: names(b.labels, "name"),
    assignees: names(b.assignees, "login"),
    milestone: str((b.milestone as Record<string, unknown> | null)?.title),
    updatedAt: str(b.updated_at),
    url: str(b.html_url),
  };
}

function fromGitlab(b: Record<string, unknown>): TrackerItem {
  return {
    title: str(b.title) ?? "",
    state: b.state === "merged" ? "merged" : b.state === "closed" ? "closed" : "open",
    labels: names(b.labels, "name"),
    assignees: names(b.assignees, "username"),
    milestone: str((b.milestone as Record<string, unknown> | null)?.title),
    updatedAt: str(b.updated_at),
    url: str(b.web_url),
  };
}
