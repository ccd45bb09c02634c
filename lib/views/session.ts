import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";

/** One session as its browser page shows it: what it is, its claims, checkpoints and injections. */
export interface SessionDetail {
  id: string;
  projectId: string | null;
  project: string | null;
  title: string | null;
  agent: string | null;
  status: string;
  summary: string | null;
  workingOn: string | null;
  startedAt: number;
  lastHeartbeatAt: number;
  endedAt: number | null;
  claims: { projectId: string; item: string; kind: string; note: string | null; expiresAt: number }[];
  checkpoints: { id: string; trigger: string; messageCount: number; createdAt: number }[];
  /** The newest injections into this session: which memory, from which block, when. */
  injections: { memoryId: string; title: string; at: number; query: string | null }[];
}

const INJECTIONS_SHOWN = 50;

export function sessionDetail(ctx: Ctx, id: string, now = Date.now()): SessionDetail | null {
  const s = prepared(
    ctx.sqlite,
    `SELECT s.id, s.project_id AS projectId, p.name AS project, s.title, s.agent, s.status, s.summary, s.working_on AS workingOn,
            s.started_at AS startedAt, s.last_heartbeat_at AS lastHeartbeatAt, s.ended_at AS endedAt
       FROM sessions s LEFT JOIN projects p ON p.id = s.project_id WHERE s.id = ?`,
  ).get(id) as Omit<SessionDetail, "claims" | "checkpoints" | "injections"> | undefined;
  // A session known only from its injections or checkpoints (never registered) still has a page.
  const checkpoints = prepared(
    ctx.sqlite,
    "SELECT id, trigger, message_count AS messageCount, created_at AS createdAt FROM checkpoints WHERE session_id = ? ORDER BY created_at DESC LIMIT 50",
  ).all(id) as SessionDetail["checkpoints"];
  const injections = prepared(
    ctx.sqlite,
    `SELECT a.memory_id AS memoryId, coalesce(nullif(m.title, ''), substr(m.content, 1, 120)) AS title, a.created_at AS at, a.query
       FROM access_log a JOIN memories m ON m.id = a.memory_id
      WHERE a.session_id = ? AND a.kind = 'inject' ORDER BY a.created_at DESC, a.id DESC LIMIT ${INJECTIONS_SHOWN}`,
  ).all(id) as SessionDetail["injections"];
  if (!s && checkpoints.length === 0 && injections.length === 0) return null;
  const claims = prepared(
    ctx.sqlite,
    "SELECT project_id AS projectId, item, kind, note, expires_at AS expiresAt FROM claims WHERE session_id = ? AND expires_at > ? ORDER BY claimed_at DESC",
  ).all(id, now) as SessionDetail["claims"];
  const base = s ?? {
    id,
    projectId: null,
    project: null,
    title: null,
    agent: null,
    status: "unknown",
    summary: null,
    workingOn: null,
    startedAt: checkpoints.at(-1)?.createdAt ?? injections.at(-1)!.at,
    lastHeartbeatAt: 0,
    endedAt: null,
  };
  return { ...base, claims, checkpoints, injections };
}
