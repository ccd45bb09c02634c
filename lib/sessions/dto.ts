import type { ClaimDto, SessionDto } from "../contracts/sessions";

export interface SessionRow {
  id: string;
  project_id: string | null;
  title: string | null;
  agent: string | null;
  status: "active" | "ended";
  summary: string | null;
  working_on: string | null;
  started_at: number;
  last_heartbeat_at: number;
  ended_at: number | null;
  resume_delivered_at: number | null;
}

export interface ClaimRow {
  id: number;
  project_id: string;
  item: string;
  kind: string;
  session_id: string;
  note: string | null;
  claimed_at: number;
  expires_at: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toClaimDto(r: ClaimRow): ClaimDto {
  return {
    projectId: r.project_id,
    item: r.item,
    kind: r.kind,
    sessionId: r.session_id,
    note: r.note,
    claimedAt: iso(r.claimed_at),
    expiresAt: iso(r.expires_at),
  };
}

export function toSessionDto(r: SessionRow, claims: ClaimRow[] = []): SessionDto {
  return {
    id: r.id,
    projectId: r.project_id,
    title: r.title,
    agent: r.agent,
    status: r.status,
    summary: r.summary,
    workingOn: r.working_on,
    startedAt: iso(r.started_at),
    lastHeartbeatAt: iso(r.last_heartbeat_at),
    endedAt: r.ended_at ? iso(r.ended_at) : null,
    claims: claims.map(toClaimDto),
  };
}
