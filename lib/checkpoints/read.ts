import zlib from "node:zlib";
import type {
  CheckpointDto,
  CheckpointExtract,
  CheckpointRawPage,
  CheckpointSummaryDto,
  CheckpointTrigger,
  ParsedListCheckpointsQuery,
  ParsedRawCheckpointQuery,
} from "../contracts/checkpoints";
import type { Ctx } from "../ctx";
import { notFound } from "../errors";
import { resolveProject } from "../projects/resolve";

export interface CheckpointRow {
  id: string;
  project_id: string | null;
  session_id: string;
  trigger: CheckpointTrigger;
  markdown: string;
  message_count: number;
  extracted: string;
  tokens_raw: number;
  tokens_summary: number;
  created_at: number;
}

const COLUMNS = "id, project_id, session_id, trigger, markdown, message_count, extracted, tokens_raw, tokens_summary, created_at";

function summary(r: CheckpointRow): CheckpointSummaryDto {
  const x = JSON.parse(r.extracted) as CheckpointExtract;
  return {
    id: r.id,
    projectId: r.project_id,
    sessionId: r.session_id,
    trigger: r.trigger,
    messageCount: r.message_count,
    tokensRaw: r.tokens_raw,
    tokensSummary: r.tokens_summary,
    createdAt: new Date(r.created_at).toISOString(),
    task: x.task,
  };
}

export function checkpointRow(ctx: Ctx, id: string): CheckpointRow {
  const row = ctx.sqlite.prepare(`SELECT ${COLUMNS} FROM checkpoints WHERE id = ?`).get(id) as CheckpointRow | undefined;
  if (!row) throw notFound(`checkpoint "${id}" not found`);
  return row;
}

export function getCheckpoint(ctx: Ctx, id: string): CheckpointDto {
  const row = checkpointRow(ctx, id);
  return { ...summary(row), markdown: row.markdown, extracted: JSON.parse(row.extracted) as CheckpointExtract };
}

/** Newest first, filtered by project and/or session. */
export function listCheckpoints(ctx: Ctx, q: ParsedListCheckpointsQuery): { items: CheckpointSummaryDto[] } {
  const projectId = resolveProject(ctx, q);
  const rows = ctx.sqlite
    .prepare(
      `SELECT ${COLUMNS} FROM checkpoints WHERE (@projectId IS NULL OR project_id = @projectId) AND (@sessionId IS NULL OR session_id = @sessionId)
       ORDER BY created_at DESC, id DESC LIMIT @limit`,
    )
    .all({ projectId, sessionId: q.sessionID ?? null, limit: q.limit }) as CheckpointRow[];
  return { items: rows.map(summary) };
}

/** The stored (redacted) messages, a page at a time. */
export function rawCheckpoint(ctx: Ctx, id: string, q: ParsedRawCheckpointQuery): CheckpointRawPage {
  const row = ctx.sqlite.prepare("SELECT raw_messages FROM checkpoints WHERE id = ?").get(id) as { raw_messages: Buffer } | undefined;
  if (!row) throw notFound(`checkpoint "${id}" not found`);
  const messages = JSON.parse(zlib.gunzipSync(row.raw_messages).toString("utf8")) as unknown[];
  const end = Math.min(messages.length, q.offset + q.limit);
  return {
    id,
    messages: messages.slice(q.offset, end),
    offset: q.offset,
    limit: q.limit,
    total: messages.length,
    nextOffset: end < messages.length ? end : null,
  };
}
