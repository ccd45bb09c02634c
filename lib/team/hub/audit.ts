import type pg from "pg";
import type { Hub } from "./open";

export interface AuditEntry {
  actor: string;
  action: string;
  project?: string | null;
  memoryId?: string | null;
  seq?: number | null;
  detail?: Record<string, unknown> | null;
}

/** Records a hub change (who, what, when) in the transaction that makes it. */
export async function recordAudit(client: pg.PoolClient | pg.Pool, entry: AuditEntry): Promise<void> {
  await client.query("INSERT INTO hub_audit (actor, action, project, memory_id, seq, detail) VALUES ($1, $2, $3, $4, $5, $6)", [
    entry.actor,
    entry.action,
    entry.project ?? null,
    entry.memoryId ?? null,
    entry.seq ?? null,
    entry.detail ? JSON.stringify(entry.detail) : null,
  ]);
}

export interface AuditRow extends Required<AuditEntry> {
  id: number;
  at: string;
}

/** What the audit log may be narrowed to (all optional, exact matches). */
export interface AuditFilter {
  limit: number;
  project?: string;
  actor?: string;
  action?: string;
}

/** The newest audit entries first (the hub's admin reads them: `GET /api/team/audit`, the browser's /team). */
export async function listAudit(hub: Hub, options: AuditFilter): Promise<AuditRow[]> {
  const { rows } = await hub.pool.query<AuditRow>(
    `SELECT id::int AS id, at, actor, action, project, memory_id AS "memoryId", seq::int AS seq, detail
       FROM hub_audit
      WHERE ($1::text IS NULL OR project = $1) AND ($2::text IS NULL OR actor = $2) AND ($3::text IS NULL OR action = $3)
      ORDER BY id DESC LIMIT $4`,
    [options.project ?? null, options.actor ?? null, options.action ?? null, options.limit],
  );
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}

/** The actors and actions the log holds (the browser's filter choices). */
export async function auditChoices(hub: Hub): Promise<{ actors: string[]; actions: string[]; projects: string[] }> {
  const distinct = async (column: "actor" | "action" | "project") =>
    (await hub.pool.query<{ v: string }>(`SELECT DISTINCT ${column} AS v FROM hub_audit WHERE ${column} IS NOT NULL ORDER BY 1 LIMIT 500`)).rows.map(
      (r) => r.v,
    );
  const [actors, actions, projects] = await Promise.all([distinct("actor"), distinct("action"), distinct("project")]);
  return { actors, actions, projects };
}
