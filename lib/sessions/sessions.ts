import type { ParsedEndSessionInput, ParsedHeartbeatInput, ParsedListSessionsQuery, ParsedRegisterSessionInput, SessionDto } from "../contracts/sessions";
import type { Ctx } from "../ctx";
import { notFound } from "../errors";
import { resolveProject } from "../projects/resolve";
import { redactKey, redactOptional } from "../security/redact-fields";
import { toSessionDto, type ClaimRow, type SessionRow } from "./dto";
import { expireStale } from "./expire";

/**
 * OpenCode sessions working on a project: registered when they start, kept alive by heartbeats
 * (what they work on), ended with a summary. A session without a heartbeat for
 * `sessions.staleAfterSeconds` is stale: it no longer counts as active and its claims lapse.
 */
export function sessionRow(ctx: Ctx, id: string): SessionRow | undefined {
  return ctx.sqlite.prepare("SELECT * FROM sessions WHERE id = ?").get(id) as SessionRow | undefined;
}

function claimsOf(ctx: Ctx, id: string, now: number): ClaimRow[] {
  return ctx.sqlite.prepare("SELECT * FROM claims WHERE session_id = ? AND expires_at > ? ORDER BY claimed_at").all(id, now) as ClaimRow[];
}

const clean = redactOptional;

export function registerSession(ctx: Ctx, input: ParsedRegisterSessionInput, now = Date.now()): SessionDto {
  const projectId = resolveProject(ctx, input);
  ctx.sqlite
    .prepare(
      `INSERT INTO sessions(id, project_id, title, agent, status, working_on, started_at, last_heartbeat_at)
       VALUES (@id, @projectId, @title, @agent, 'active', @workingOn, @now, @now)
       ON CONFLICT(id) DO UPDATE SET
         project_id = coalesce(@projectId, sessions.project_id),
         title = coalesce(@title, sessions.title),
         agent = coalesce(@agent, sessions.agent),
         working_on = coalesce(@workingOn, sessions.working_on),
         status = 'active', ended_at = NULL, last_heartbeat_at = @now`,
    )
    .run({
      id: input.sessionID,
      projectId,
      title: clean(input.title) ?? null,
      agent: clean(input.agent) ?? null,
      workingOn: clean(input.workingOn) ?? null,
      now,
    });
  return toSessionDto(sessionRow(ctx, input.sessionID)!, claimsOf(ctx, input.sessionID, now));
}

/** Keeps a session alive. An unknown session is registered when a directory or project is given, else 404. */
export function heartbeat(ctx: Ctx, rawId: string, input: ParsedHeartbeatInput, now = Date.now()): SessionDto {
  // Ids in the path are redacted like the sessionID of a body (lib/contracts/common.ts).
  const id = redactKey(rawId);
  if (!sessionRow(ctx, id)) {
    if (!input.directory && !input.project) throw notFound(`session "${id}" is not registered; register it (POST /api/sessions) or give a directory`);
    return registerSession(
      ctx,
      { sessionID: id, directory: input.directory, project: input.project, title: input.title, workingOn: input.workingOn ?? undefined },
      now,
    );
  }
  const projectId = input.directory || input.project ? resolveProject(ctx, input) : null;
  ctx.sqlite
    .prepare(
      `UPDATE sessions SET last_heartbeat_at = @now, status = 'active', ended_at = NULL,
         project_id = coalesce(@projectId, project_id), title = coalesce(@title, title),
         working_on = CASE WHEN @setWorkingOn THEN @workingOn ELSE working_on END
       WHERE id = @id`,
    )
    .run({
      id,
      now,
      projectId,
      title: clean(input.title) ?? null,
      setWorkingOn: input.workingOn !== undefined ? 1 : 0,
      workingOn: clean(input.workingOn) ?? null,
    });
  return toSessionDto(sessionRow(ctx, id)!, claimsOf(ctx, id, now));
}

/** Ends a session with an optional summary and releases its claims. Ending twice keeps the first end time. */
export function endSession(ctx: Ctx, rawId: string, input: ParsedEndSessionInput, now = Date.now()): SessionDto {
  const id = redactKey(rawId);
  return ctx.sqlite
    .transaction(() => {
      if (!sessionRow(ctx, id)) throw notFound(`session "${id}" not found`);
      ctx.sqlite
        .prepare(`UPDATE sessions SET status = 'ended', ended_at = coalesce(ended_at, @now), summary = coalesce(@summary, summary) WHERE id = @id`)
        .run({ id, now, summary: clean(input.summary) ?? null });
      ctx.sqlite.prepare("DELETE FROM claims WHERE session_id = ?").run(id);
      return toSessionDto(sessionRow(ctx, id)!, []);
    })
    .immediate();
}

export function getSession(ctx: Ctx, rawId: string, now = Date.now()): SessionDto {
  const id = redactKey(rawId);
  const row = sessionRow(ctx, id);
  if (!row) throw notFound(`session "${id}" not found`);
  return toSessionDto(row, claimsOf(ctx, id, now));
}

/** Active sessions of a project (all projects without one), most recent heartbeat first; stale ones are expired first. */
export function listSessions(ctx: Ctx, q: ParsedListSessionsQuery, now = Date.now()): { items: SessionDto[] } {
  expireStale(ctx, now);
  const projectId = resolveProject(ctx, q);
  const rows = ctx.sqlite
    .prepare(
      `SELECT * FROM sessions WHERE (@projectId IS NULL OR project_id = @projectId) AND (@all OR status = 'active')
       ORDER BY last_heartbeat_at DESC LIMIT @limit`,
    )
    .all({ projectId, all: q.all ? 1 : 0, limit: q.limit }) as SessionRow[];
  return { items: rows.map((r) => toSessionDto(r, claimsOf(ctx, r.id, now))) };
}
