import { and, desc, eq, sql } from "drizzle-orm";
import { rawCheckpointQuery, type CheckpointDto, type CheckpointExtract } from "../contracts/checkpoints";
import { getCheckpoint, rawCheckpoint } from "../checkpoints/read";
import { AppError } from "../errors";
import type { Ctx } from "../ctx";
import { checkpoints, projects, sessions } from "../db/schema";

/** Checkpoints for the browser: list per project and session, one with its extract, raw history paged. */

export interface CheckpointListItem {
  id: string;
  project: { id: string; name: string } | null;
  sessionId: string;
  trigger: string;
  messageCount: number;
  tokensRaw: number;
  tokensSummary: number;
  createdAt: number;
  task: string | null;
  /** The session's title when the session is known. */
  sessionTitle: string | null;
}

export function listCheckpointsView(
  ctx: Ctx,
  f: { project?: string; session?: string; limit?: number; before?: number },
): { items: CheckpointListItem[]; next: number | null } {
  const limit = f.limit ?? 50;
  const rows = ctx.db
    .select({
      id: checkpoints.id,
      projectId: checkpoints.projectId,
      projectName: projects.name,
      sessionId: checkpoints.sessionId,
      trigger: checkpoints.trigger,
      messageCount: checkpoints.messageCount,
      tokensRaw: checkpoints.tokensRaw,
      tokensSummary: checkpoints.tokensSummary,
      createdAt: checkpoints.createdAt,
      task: sql<string | null>`json_extract(${checkpoints.extracted}, '$.task')`,
      sessionTitle: sessions.title,
    })
    .from(checkpoints)
    .leftJoin(projects, eq(projects.id, checkpoints.projectId))
    .leftJoin(sessions, eq(sessions.id, checkpoints.sessionId))
    .where(
      and(
        f.project ? eq(checkpoints.projectId, f.project) : undefined,
        f.session ? eq(checkpoints.sessionId, f.session) : undefined,
        f.before ? sql`${checkpoints.createdAt} < ${f.before}` : undefined,
      ),
    )
    .orderBy(desc(checkpoints.createdAt))
    .limit(limit + 1)
    .all();
  const items = rows.slice(0, limit).map((r) => ({
    id: r.id,
    project: r.projectId ? { id: r.projectId, name: r.projectName ?? r.projectId } : null,
    sessionId: r.sessionId,
    trigger: r.trigger,
    messageCount: r.messageCount,
    tokensRaw: r.tokensRaw,
    tokensSummary: r.tokensSummary,
    createdAt: r.createdAt,
    task: r.task,
    sessionTitle: r.sessionTitle,
  }));
  return { items, next: rows.length > limit ? items[items.length - 1].createdAt : null };
}

/** Projects and sessions that have checkpoints (for the filters). */
export function checkpointFacets(ctx: Ctx) {
  const projectsWith = ctx.db.all<{ id: string; name: string; n: number }>(
    sql`SELECT c.project_id AS id, coalesce(p.name, c.project_id) AS name, count(*) AS n FROM checkpoints c LEFT JOIN projects p ON p.id = c.project_id WHERE c.project_id IS NOT NULL GROUP BY c.project_id ORDER BY name`,
  );
  const sessionsWith = ctx.db.all<{ id: string; title: string | null; n: number; last: number }>(
    sql`SELECT c.session_id AS id, (SELECT title FROM sessions s WHERE s.id = c.session_id) AS title, count(*) AS n, max(c.created_at) AS last
          FROM checkpoints c GROUP BY c.session_id ORDER BY last DESC LIMIT 100`,
  );
  return { projects: projectsWith, sessions: sessionsWith };
}

export interface CheckpointView extends CheckpointListItem {
  markdown: string;
  extracted: Partial<CheckpointExtract>;
}

/** One checkpoint (lib/checkpoints' reader) with its project's name, or null when unknown. */
export function checkpointView(ctx: Ctx, id: string): CheckpointView | null {
  let c: CheckpointDto;
  try {
    c = getCheckpoint(ctx, id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
  const name = c.projectId ? ctx.db.select({ name: projects.name }).from(projects).where(eq(projects.id, c.projectId)).get()?.name : undefined;
  return {
    id: c.id,
    project: c.projectId ? { id: c.projectId, name: name ?? c.projectId } : null,
    sessionId: c.sessionId,
    trigger: c.trigger,
    messageCount: c.messageCount,
    tokensRaw: c.tokensRaw,
    tokensSummary: c.tokensSummary,
    createdAt: Date.parse(c.createdAt),
    task: c.task,
    sessionTitle: ctx.db.select({ title: sessions.title }).from(sessions).where(eq(sessions.id, c.sessionId)).get()?.title ?? null,
    markdown: c.markdown,
    extracted: c.extracted ?? {},
  };
}

/** A part of a message: prose (text, reasoning), a tool call with its input and output, or data. */
export type RawPartView =
  | { kind: "prose"; type: string; text: string }
  | { kind: "tool"; type: string; tool: string; status: string; input: string; output: string }
  | { kind: "data"; type: string; text: string };

export interface RawMessageView {
  index: number;
  role: string;
  parts: RawPartView[];
}

/** One page of the stored (redacted) history, each part reduced to something readable. */
export function rawHistoryPage(
  ctx: Ctx,
  id: string,
  offset: number,
  limit: number,
): { messages: RawMessageView[]; total: number; offset: number; limit: number } {
  const page = rawCheckpoint(ctx, id, rawCheckpointQuery.parse({ offset, limit }));
  return { messages: page.messages.map((m, i) => toView(m, offset + i)), total: page.total, offset: page.offset, limit: page.limit };
}

function toView(m: unknown, index: number): RawMessageView {
  const msg = (m ?? {}) as { info?: { role?: string }; role?: string; parts?: unknown[] };
  const role = msg.info?.role ?? msg.role ?? "?";
  const parts = (Array.isArray(msg.parts) ? msg.parts : []).map((p): RawPartView => {
    const part = (p ?? {}) as Record<string, unknown>;
    const type = String(part.type ?? "?");
    if (typeof part.text === "string") return { kind: "prose", type, text: cut(part.text) };
    if (type === "tool") {
      const state = (part.state ?? {}) as Record<string, unknown>;
      const body = state.output ?? state.error ?? "";
      return {
        kind: "tool",
        type,
        tool: String(part.tool ?? ""),
        status: String(state.status ?? ""),
        input: cut(JSON.stringify(state.input ?? {}, null, 1)),
        output: cut(typeof body === "string" ? body : JSON.stringify(body)),
      };
    }
    const { type: _t, ...rest } = part;
    return { kind: "data", type, text: cut(JSON.stringify(rest)) };
  });
  return { index, role, parts };
}

const cut = (text: string) => (text.length > 4000 ? `${text.slice(0, 4000)}… (${text.length.toLocaleString("en-US")} chars)` : text);
