import { INTERNAL_KV_PROJECT } from "../kv/internal";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { claims, kv, projects, sessions } from "../db/schema";

/** Read-only views of sessions, claims and KV for the browser's pages. */

export interface SessionView {
  id: string;
  project: string | null;
  title: string | null;
  agent: string | null;
  status: string;
  /** Active but no heartbeat within `sessions.staleAfterSeconds`. */
  stale: boolean;
  workingOn: string | null;
  startedAt: number;
  lastHeartbeatAt: number;
  endedAt: number | null;
  claims: { item: string; kind: string; note: string | null; expiresAt: number }[];
}

export function sessionsView(ctx: Ctx, opts: { includeEnded?: boolean; limit?: number } = {}, now = Date.now()): SessionView[] {
  const staleMs = ctx.config.sessions.staleAfterSeconds * 1000;
  const rows = ctx.db
    .select({ s: sessions, projectName: projects.name })
    .from(sessions)
    .leftJoin(projects, eq(projects.id, sessions.projectId))
    .where(opts.includeEnded ? undefined : eq(sessions.status, "active"))
    .orderBy(desc(sessions.lastHeartbeatAt))
    .limit(opts.limit ?? 200)
    .all();
  const claimRows = ctx.db.select().from(claims).where(gt(claims.expiresAt, now)).all();
  return rows.map(({ s, projectName }) => ({
    id: s.id,
    project: projectName ?? s.projectId,
    title: s.title,
    agent: s.agent,
    status: s.status,
    stale: s.status === "active" && now - s.lastHeartbeatAt > staleMs,
    workingOn: s.workingOn,
    startedAt: s.startedAt,
    lastHeartbeatAt: s.lastHeartbeatAt,
    endedAt: s.endedAt,
    claims: claimRows.filter((c) => c.sessionId === s.id).map((c) => ({ item: c.item, kind: c.kind, note: c.note, expiresAt: c.expiresAt })),
  }));
}

export interface ClaimView {
  project: string;
  item: string;
  kind: string;
  sessionId: string;
  note: string | null;
  claimedAt: number;
  expiresAt: number;
}

export function claimsView(ctx: Ctx, now = Date.now()): ClaimView[] {
  return ctx.db
    .select({ c: claims, projectName: projects.name })
    .from(claims)
    .leftJoin(projects, eq(projects.id, claims.projectId))
    .where(gt(claims.expiresAt, now))
    .orderBy(desc(claims.claimedAt))
    .limit(500)
    .all()
    .map(({ c, projectName }) => ({
      project: projectName ?? c.projectId,
      item: c.item,
      kind: c.kind,
      sessionId: c.sessionId,
      note: c.note,
      claimedAt: c.claimedAt,
      expiresAt: c.expiresAt,
    }));
}

export interface KvView {
  projectId: string | null;
  project: string | null;
  key: string;
  value: string;
  bytes: number;
  updatedAt: number;
  expiresAt: number;
}

/** Keys Recollect keeps for itself (bookkeeping of its own features), not the user's or agents'. */
const INTERNAL_PREFIX = "_recollect/";

/** Live (unexpired) keys, newest first; values shortened for display; internal keys (a `_recollect/` key, the `_recollect` project) left out. */
export function kvView(ctx: Ctx, opts: { prefix?: string; limit?: number } = {}, now = Date.now()): { items: KvView[]; total: number } {
  // substr, not LIKE: SQLite's LIKE has no escape character by default, and keys hold "_" and "%".
  const startsWith = (p: string) => sql`substr(${kv.key}, 1, ${p.length}) = ${p}`;
  const where = and(
    gt(kv.expiresAt, now),
    sql`NOT ${startsWith(INTERNAL_PREFIX)}`,
    sql`${kv.projectId} <> ${INTERNAL_KV_PROJECT}`,
    opts.prefix ? startsWith(opts.prefix) : undefined,
  );
  const total = ctx.db.select({ n: sql<number>`count(*)` }).from(kv).where(where).get()?.n ?? 0;
  const items = ctx.db
    .select({ k: kv, projectName: projects.name })
    .from(kv)
    .leftJoin(projects, eq(projects.id, kv.projectId))
    .where(where)
    .orderBy(desc(kv.updatedAt))
    .limit(opts.limit ?? 200)
    .all()
    .map(({ k, projectName }) => ({
      projectId: k.projectId,
      project: k.projectId ? (projectName ?? k.projectId) : null,
      key: k.key,
      value: k.value.length > 2000 ? `${k.value.slice(0, 2000)}…` : k.value,
      bytes: Buffer.byteLength(k.value),
      updatedAt: k.updatedAt,
      expiresAt: k.expiresAt,
    }));
  return { items, total };
}

/** "3h 20m", "4d 2h", "45s": time left before `at`. */
export function timeLeft(at: number, now = Date.now()): string {
  let s = Math.max(0, Math.round((at - now) / 1000));
  if (s < 60) return `${s}s`;
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  return d ? `${d}d ${h}h` : h ? `${h}h ${m}m` : `${m}m`;
}
