import { sql } from "drizzle-orm";
import { captureCheckpointAsync } from "../checkpoints/capture";
import { captureCheckpointInput, type CaptureCheckpointResult, type ParsedCaptureCheckpointInput } from "../contracts/checkpoints";
import type { IngestedSessionDto, IngestResult, ParsedIngestInput } from "../contracts/maintenance";
import type { Ctx } from "../ctx";
import { lookupProject } from "../projects/lookup";
import { redactKey } from "../security/redact-fields";
import { OpencodeReader, type OpencodeSession } from "./reader";

/** `captureCheckpoint` of lib/checkpoints; `at` dates the checkpoint at the session's last activity. */
export type CaptureFn = (ctx: Ctx, input: ParsedCaptureCheckpointInput, at: number) => CaptureCheckpointResult | Promise<CaptureCheckpointResult>;

/**
 * Turns past OpenCode sessions into checkpoints (trigger `ingest`) plus `suggested` memories, in
 * the session's own project. Incremental: `ingested_sessions` remembers each session and how many
 * messages it had; a later run takes only new sessions and sessions that grew since.
 * `capture` is a seam for tests (a capture that fails); the server uses the default.
 */
export async function ingestSessions(ctx: Ctx, input: ParsedIngestInput, capture: CaptureFn = captureCheckpointAsync): Promise<IngestResult> {
  const reader = new OpencodeReader(input.source);
  try {
    const all = reader.sessions();
    const done = new Map(
      ctx.db
        .all<{ sessionId: string; messageCount: number }>(sql`SELECT session_id AS sessionId, message_count AS messageCount FROM ingested_sessions`)
        .map((r) => [r.sessionId, r.messageCount]),
    );
    const wanted = input.sessionIds ? new Set(input.sessionIds) : undefined;
    const excluded = new Set(input.excludeSessionIds ?? []);
    const pending = all.filter(
      (s) =>
        s.messageCount > 0 &&
        (input.includeSubagents || !s.parentId) &&
        (!wanted || wanted.has(s.id)) &&
        !excluded.has(s.id) &&
        (!done.has(redactKey(s.id)) || done.get(redactKey(s.id))! < s.messageCount),
    );
    const batch = pending.slice(0, input.limit);
    const ingested: IngestedSessionDto[] = [];
    const errors: IngestResult["errors"] = [];

    for (const s of batch) {
      // Stored (and so remembered) under its redacted id, like the checkpoint's session id.
      const storedId = redactKey(s.id);
      const kind = done.has(storedId) ? "updated" : "new";
      const directory = s.directory || s.worktree || undefined;
      const projectId = directory ? lookupProject(ctx, directory) : null;
      if (input.dryRun) {
        ingested.push(dto(s, kind, projectId, null, 0));
        continue;
      }
      try {
        const messages = reader.messages(s.id);
        if (!messages.length) continue;
        // OpenCode's rows are checked (and redacted) by the same contract as a posted checkpoint.
        const checkpoint = captureCheckpointInput.parse({ directory, sessionID: s.id, trigger: "ingest", messages, suggest: true });
        const result = await capture(ctx, checkpoint, s.timeUpdated || s.timeCreated);
        ctx.db.run(
          sql`INSERT INTO ingested_sessions(session_id, checkpoint_id, message_count) VALUES (${storedId}, ${result.id}, ${messages.length})
              ON CONFLICT(session_id) DO UPDATE SET checkpoint_id = excluded.checkpoint_id, message_count = excluded.message_count,
              ingested_at = (cast(unixepoch('subsec') * 1000 as integer))`,
        );
        ingested.push(dto(s, kind, projectId, result.id, result.suggested.length, messages.length));
      } catch (error) {
        errors.push({ sessionId: s.id, message: (error as Error).message });
      }
    }
    const handled = input.dryRun ? batch.length : ingested.length + errors.length;
    return {
      source: input.source,
      dryRun: input.dryRun,
      total: all.length,
      pending: pending.length,
      ingested,
      remaining: input.dryRun ? pending.length : pending.length - handled,
      errors,
    };
  } finally {
    reader.close();
  }
}

function dto(
  s: OpencodeSession,
  kind: "new" | "updated",
  projectId: string | null,
  checkpointId: string | null,
  suggestions: number,
  messages = s.messageCount,
): IngestedSessionDto {
  return { sessionId: s.id, title: s.title, directory: s.directory, projectId, messages, kind, checkpointId, suggestions };
}
