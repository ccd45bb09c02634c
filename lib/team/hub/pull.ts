import type { ParsedTeamPullQuery, TeamPullResult, TeamVersionDto } from "../../contracts/team";
import type { Hub } from "./open";
import { type HubUser, requireNotRevoked, requireProjectAccess } from "./users";
import { toVersionDto, VERSION_COLUMNS } from "./version-row";

type PullQuery = Omit<ParsedTeamPullQuery, "wait"> & { wait?: number };

/**
 * The versions of a project after `cursor`, in hub order; `cursor` of the answer is where to go on.
 * With `wait` and nothing new, a long poll: the answer waits until a push to the project commits
 * (or `wait` ms, or the caller hangs up), so a machine pulls a change as soon as it is stored.
 */
export async function pullVersions(hub: Hub, user: HubUser, query: PullQuery, signal?: AbortSignal): Promise<TeamPullResult> {
  await requireProjectAccess(hub, user, [query.project]);
  const read = () =>
    hub.pool.query<TeamVersionDto & { createdAt: Date }>(`SELECT ${VERSION_COLUMNS} FROM hub_versions WHERE project = $1 AND seq > $2 ORDER BY seq LIMIT $3`, [
      query.project,
      query.cursor,
      query.limit + 1,
    ]);
  let { rows } = await read();
  if (!rows.length && query.wait) {
    // Listening before the second read: a push committed between the two reads is seen by the read.
    const listening = new AbortController();
    const pushed = hub.pushed.wait(query.project, query.wait, signal ? AbortSignal.any([signal, listening.signal]) : listening.signal);
    ({ rows } = await read());
    // Found on the second read: stop listening.
    if (rows.length) listening.abort();
    if (!rows.length) {
      await pushed;
      if (signal?.aborted) return { versions: [], cursor: query.cursor, more: false };
      // A token revoked (or an access rule removed) during the wait gets nothing: checked again.
      await requireNotRevoked(hub, user);
      await requireProjectAccess(hub, user, [query.project]);
      ({ rows } = await read());
    }
  }
  const more = rows.length > query.limit;
  const versions = rows.slice(0, query.limit).map(toVersionDto);
  return { versions, cursor: versions.at(-1)?.seq ?? query.cursor, more };
}
