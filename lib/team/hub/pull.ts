import type { ParsedTeamPullQuery, TeamPullResult, TeamVersionDto } from "../../contracts/team";
import type { Hub } from "./open";
import { requireProjectAccess, type HubUser } from "./users";
import { toVersionDto, VERSION_COLUMNS } from "./version-row";

/** The versions of a project after `cursor`, in hub order; `cursor` of the answer is where to go on. */
export async function pullVersions(hub: Hub, user: HubUser, query: ParsedTeamPullQuery): Promise<TeamPullResult> {
  await requireProjectAccess(hub, user, [query.project]);
  const { rows } = await hub.pool.query<TeamVersionDto & { createdAt: Date }>(
    `SELECT ${VERSION_COLUMNS} FROM hub_versions WHERE project = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    [query.project, query.cursor, query.limit + 1],
  );
  const more = rows.length > query.limit;
  const versions = rows.slice(0, query.limit).map(toVersionDto);
  return { versions, cursor: versions.at(-1)?.seq ?? query.cursor, more };
}
