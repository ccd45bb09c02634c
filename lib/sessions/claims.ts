import type { ClaimConflictDetails, ClaimDto, ParsedClaimInput, ParsedListClaimsQuery, ParsedReleaseClaimQuery } from "../contracts/sessions";
import type { Ctx } from "../ctx";
import { badRequest, conflict } from "../errors";
import { resolveProject, type ProjectRef } from "../projects/resolve";
import { redact } from "../security/redaction";
import { toClaimDto, type ClaimRow, type SessionRow } from "./dto";
import { registerSession, sessionRow } from "./sessions";

/**
 * Claims on items (an issue, a file, a task) so parallel sessions on one project do not work on
 * the same thing. One holder per item; a conflicting claim gets 409 naming the holder. A claim
 * lapses at its expiry, when its session ends, or when its session goes stale.
 */
function projectOf(ctx: Ctx, ref: ProjectRef): string {
  const id = resolveProject(ctx, ref);
  if (!id) throw badRequest("claims belong to a project: give a directory or a project", { field: "directory" });
  return id;
}

export function inferKind(item: string): "issue" | "file" | "task" {
  if (/^(?:[\w.-]+\/[\w.-]+)?[#!&]\d+$/.test(item)) return "issue";
  if (/^[\w@.~-]*\/[\w@./-]+$|^[\w@-]+\.[A-Za-z0-9]{1,8}$/.test(item)) return "file";
  return "task";
}

/** The item's holder when it still counts: unexpired, and its session active and not stale. */
function liveHolder(ctx: Ctx, projectId: string, item: string, now: number): (ClaimRow & { title: string | null }) | undefined {
  const claim = ctx.sqlite.prepare("SELECT * FROM claims WHERE project_id = ? AND item = ?").get(projectId, item) as ClaimRow | undefined;
  if (!claim) return undefined;
  const session = sessionRow(ctx, claim.session_id) as SessionRow | undefined;
  const staleBefore = now - ctx.config.sessions.staleAfterSeconds * 1000;
  const alive = claim.expires_at > now && session && session.status === "active" && session.last_heartbeat_at > staleBefore;
  if (!alive) {
    ctx.sqlite.prepare("DELETE FROM claims WHERE id = ?").run(claim.id);
    return undefined;
  }
  return { ...claim, title: session.title };
}

function conflictWith(holder: ClaimRow & { title: string | null }, item: string) {
  const details: ClaimConflictDetails = {
    item,
    holder: {
      sessionId: holder.session_id,
      title: holder.title,
      claimedAt: new Date(holder.claimed_at).toISOString(),
      expiresAt: new Date(holder.expires_at).toISOString(),
    },
  };
  const who = holder.title ? `session ${holder.session_id} ("${holder.title}")` : `session ${holder.session_id}`;
  return conflict(`"${item}" is already claimed by ${who} since ${details.holder.claimedAt}`, details);
}

export function claimItem(ctx: Ctx, input: ParsedClaimInput, now = Date.now()): ClaimDto {
  const projectId = projectOf(ctx, input);
  return ctx.sqlite
    .transaction(() => {
      if (!sessionRow(ctx, input.sessionID)) registerSession(ctx, { sessionID: input.sessionID, project: projectId }, now);
      const holder = liveHolder(ctx, projectId, input.item, now);
      if (holder && holder.session_id !== input.sessionID) throw conflictWith(holder, input.item);
      const expiresAt = now + (input.ttlSeconds ?? ctx.config.sessions.claimTtlSeconds) * 1000;
      const row = ctx.sqlite
        .prepare(
          `INSERT INTO claims(project_id, item, kind, session_id, note, claimed_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(project_id, item) DO UPDATE SET expires_at = excluded.expires_at, note = coalesce(excluded.note, claims.note), kind = excluded.kind
           RETURNING *`,
        )
        .get(projectId, input.item, input.kind ?? inferKind(input.item), input.sessionID, input.note ? redact(input.note) : null, now, expiresAt) as ClaimRow;
      return toClaimDto(row);
    })
    .immediate();
}

/** Releases a claim held by this session; releasing another session's claim -> 409; nothing held -> `released: false`. */
export function releaseClaim(ctx: Ctx, q: ParsedReleaseClaimQuery, now = Date.now()): { released: boolean } {
  const projectId = projectOf(ctx, q);
  return ctx.sqlite
    .transaction(() => {
      const holder = liveHolder(ctx, projectId, q.item, now);
      if (!holder) return { released: false };
      if (holder.session_id !== q.sessionID) throw conflictWith(holder, q.item);
      ctx.sqlite.prepare("DELETE FROM claims WHERE id = ?").run(holder.id);
      return { released: true };
    })
    .immediate();
}

export function listClaims(ctx: Ctx, q: ParsedListClaimsQuery, now = Date.now()): { items: ClaimDto[] } {
  const projectId = projectOf(ctx, q);
  const staleBefore = now - ctx.config.sessions.staleAfterSeconds * 1000;
  const rows = ctx.sqlite
    .prepare(
      `SELECT c.* FROM claims c JOIN sessions s ON s.id = c.session_id
       WHERE c.project_id = @projectId AND c.expires_at > @now AND s.status = 'active' AND s.last_heartbeat_at > @staleBefore
         AND (@sessionId IS NULL OR c.session_id = @sessionId)
       ORDER BY c.claimed_at`,
    )
    .all({ projectId, now, staleBefore, sessionId: q.sessionID ?? null }) as ClaimRow[];
  return { items: rows.map(toClaimDto) };
}
