import { teamAuditQuery } from "../contracts/team";
import type { Ctx } from "../ctx";
import { type AuditRow, auditChoices, listAudit } from "../team/hub/audit";
import { currentHub, hubDatabaseUrl } from "../team/hub/state";
import { teamStatus } from "../team/status";

export interface TeamPageAudit {
  entries: AuditRow[];
  filter: { project?: string; actor?: string; action?: string };
  choices: { actors: string[]; actions: string[]; projects: string[] };
  limit: number;
}

/**
 * What /team shows: this machine's sync with its hub, and on a hub server the audit log (who did
 * what), narrowed by project, actor and action. A filter value the contract refuses is dropped (the
 * page shows everything rather than an error); an unreachable hub database is said in words.
 */
export async function teamPage(ctx: Ctx, params: Record<string, string | string[] | undefined>) {
  const status = teamStatus(ctx);
  if (!hubDatabaseUrl()) return { status, hub: false as const, audit: null, hubError: null };
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
  const parsed = teamAuditQuery.safeParse({ project: first(params.project), actor: first(params.actor), action: first(params.action) });
  const query = parsed.success ? parsed.data : teamAuditQuery.parse({});
  try {
    const hub = await currentHub();
    const [entries, choices] = await Promise.all([listAudit(hub, query), auditChoices(hub)]);
    const audit: TeamPageAudit = { entries, choices, limit: query.limit, filter: { project: query.project, actor: query.actor, action: query.action } };
    return { status, hub: true as const, audit, hubError: null };
  } catch (error) {
    return { status, hub: true as const, audit: null, hubError: error instanceof Error ? error.message : String(error) };
  }
}
