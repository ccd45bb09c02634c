import type { TeamPullResult, TeamPushResult } from "../contracts/team";
import { AppError } from "../errors";

/** How long one call to the hub may take: sync runs in the background, never on a turn's path. */
const HUB_TIMEOUT_MS = 15_000;

export interface HubLink {
  url: string;
  token: string;
}

/** Calls the hub's team API with this machine's token; an error names what the hub said, without the token. */
export async function callHub<T>(
  link: HubLink,
  pathname: string,
  init: { method?: string; json?: unknown; waitMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  // A long poll may hold the answer for `waitMs` before the usual time to answer starts.
  const timeout = AbortSignal.timeout(HUB_TIMEOUT_MS + (init.waitMs ?? 0));
  const send = () =>
    fetch(new URL(pathname, link.url), {
      method: init.method ?? "GET",
      headers: { authorization: `Bearer ${link.token}`, ...(init.json === undefined ? {} : { "content-type": "application/json" }) },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: init.signal ? AbortSignal.any([timeout, init.signal]) : timeout,
    });
  // A kept-alive connection the hub closed as it was reused ("other side closed"): sent once more on
  // a new one. Safe for every call: pulls and whoami read, a push is stored once by its change ids.
  const res = await send().catch((error: unknown) => {
    if (isClosedConnection(error)) return send();
    throw error;
  });
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!res.ok) {
    const code = res.status === 401 ? "unauthorized" : res.status === 403 ? "forbidden" : "unavailable";
    throw new AppError(code, `the hub answered ${res.status}: ${body?.error?.message ?? "no message"}`, { hubStatus: res.status });
  }
  return body as T;
}

const isClosedConnection = (error: unknown) =>
  error instanceof TypeError && ["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"].includes(String((error.cause as { code?: unknown } | undefined)?.code));

export const hubPush = (link: HubLink, changes: unknown[]) => callHub<TeamPushResult>(link, "/api/team/hub/push", { method: "POST", json: { changes } });
export const hubPull = (link: HubLink, project: string, cursor: number) =>
  callHub<TeamPullResult>(link, `/api/team/hub/pull?project=${encodeURIComponent(project)}&cursor=${cursor}`);

/**
 * A long poll: answers at once when the project has a version after `cursor`, else when the next
 * push to it commits on the hub, or after `waitMs` with none. One version at most (it only wakes a round).
 */
export const hubWaitForChange = (link: HubLink, project: string, cursor: number, waitMs: number, signal: AbortSignal) =>
  callHub<TeamPullResult>(link, `/api/team/hub/pull?project=${encodeURIComponent(project)}&cursor=${cursor}&limit=1&wait=${waitMs}`, { waitMs, signal });
export const hubWhoAmI = (link: HubLink) => callHub<{ name: string; team: string; projects: string[] }>(link, "/api/team/hub/me");
