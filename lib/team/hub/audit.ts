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

/** The newest audit entries first (the hub's admin reads them: `GET /api/team/audit`). */
export async function listAudit(hub: Hub, options: { limit: number; project?: string }): Promise<AuditRow[]> {
  const { rows } = await hub.pool.query<AuditRow>(
    `SELECT id::int AS id, at, actor, action, project, memory_id AS "memoryId", seq::int AS seq, detail
       FROM hub_audit WHERE ($1::text IS NULL OR project = $1) ORDER BY id DESC LIMIT $2`,
    [options.project ?? null, options.limit],
  );
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}
