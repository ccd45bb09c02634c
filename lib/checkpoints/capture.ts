import zlib from "node:zlib";
import { v7 as uuidv7 } from "uuid";
import type { CaptureCheckpointResult, ParsedCaptureCheckpointInput } from "../contracts/checkpoints";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { badRequest, conflict } from "../errors";
import { ruleSuggestions } from "../extraction/extract";
import { storeSuggestions } from "../extraction/store";
import { messageTexts } from "../extraction/texts";
import { identifyProject } from "../projects/identify";
import { resolveProject } from "../projects/resolve";
import { redact, redactDeep, redactDeepAsync } from "../security/redact";
import { redactKeysAfter, redactKeysAfterAsync, redactKeysDeep } from "../security/redact-fields";
import { countTokens } from "../token-count";
import { extractCheckpoint } from "./extract";
import { renderMarkdown } from "./markdown";
import { COMPACTION_PROMPT, contextLines } from "./prompt";
import { toTimeline, type Turn } from "./timeline";

/** The text a history costs in a prompt (prose and tool input/output), for its token count. */
function flatten(turns: readonly Turn[]): string {
  return turns.map((t) => [t.text, ...t.tools.map((c) => `${JSON.stringify(c.input)}\n${c.output}${c.error}`)].join("\n")).join("\n");
}

/**
 * Stores a session history as a checkpoint: the raw messages (redacted, gzip), what the
 * deterministic extractors find, and the Markdown rendering; also stores the rule-based memory
 * suggestions it contains. Framework-free: the compaction route, the manual route and the CLI's
 * ingest of past OpenCode sessions (`trigger: "ingest"`) all call this.
 */
export function captureCheckpoint(ctx: Ctx, input: ParsedCaptureCheckpointInput, now = Date.now()): CaptureCheckpointResult {
  // Keys too: a tool input such as `{ env: { API_KEY: "..." } }` holds the secret under its name.
  const projectId = projectOf(ctx, input);
  return store(ctx, input, projectId, [...baseMessages(ctx, input, projectId), ...redactKeysAfter(redactDeep(input.messages))], now);
}

/** `captureCheckpoint` for the server: the history (megabytes of tool output) is redacted without holding the event loop. */
export async function captureCheckpointAsync(ctx: Ctx, input: ParsedCaptureCheckpointInput, now = Date.now()): Promise<CaptureCheckpointResult> {
  const projectId = projectOf(ctx, input);
  const base = baseMessages(ctx, input, projectId);
  return store(ctx, input, projectId, [...base, ...(await redactKeysAfterAsync(await redactDeepAsync(input.messages)))], now);
}

/**
 * The history a delta (`since`) continues: the first messages of that checkpoint of the same session
 * and project (stored redacted). 409 when it is gone or does not end with the message named.
 */
function baseMessages(ctx: Ctx, input: Parsed, projectId: string): Parsed["messages"] {
  if (!input.since) return [];
  const row = ctx.sqlite
    .prepare("SELECT raw_messages, message_count FROM checkpoints WHERE id = ? AND session_id = ? AND project_id = ?")
    .get(input.since.checkpoint, input.sessionID, projectId) as { raw_messages: Buffer; message_count: number } | undefined;
  if (!row || row.message_count < input.since.count) throw conflict("the checkpoint to continue is gone: send the whole history", { field: "since" });
  const messages = (JSON.parse(zlib.gunzipSync(row.raw_messages).toString("utf8")) as Parsed["messages"]).slice(0, input.since.count);
  const last = messages[messages.length - 1] as { info?: { id?: unknown } } | undefined;
  if (last?.info?.id !== input.since.lastID) throw conflict("the history changed since that checkpoint: send the whole history", { field: "since" });
  return messages;
}

type Parsed = ParsedCaptureCheckpointInput;

function projectOf(ctx: Ctx, input: Parsed): string {
  const projectId = resolveProject(ctx, input);
  if (!projectId) throw badRequest("give a directory or a project", { field: "directory" });
  return projectId;
}

/** Writes the checkpoint of an already redacted history. */
function store(ctx: Ctx, input: Parsed, projectId: string, messages: Parsed["messages"], now: number): CaptureCheckpointResult {
  const root = input.directory ? identifyProject(input.directory).rootPath : null;

  const turns = toTimeline(messages);
  // The project root (from `directory`) is not redacted text: what is taken from it is.
  const extracted = redactKeysDeep(extractCheckpoint(turns, root));
  const id = uuidv7();
  const markdown = redact(renderMarkdown(extracted, { id, sessionId: input.sessionID, trigger: input.trigger, createdAt: now, messageCount: messages.length }));
  const context = contextLines(extracted, id);
  const rawMessages = zlib.gzipSync(Buffer.from(JSON.stringify(messages)), { level: 6 });
  const tokens = { raw: countTokens(flatten(turns)), summary: countTokens(markdown) };

  withTransaction(
    ctx.db,
    (tx) => {
      tx.$client
        .prepare(
          `INSERT INTO checkpoints(id, project_id, session_id, trigger, markdown, raw_messages, message_count, extracted, tokens_raw, tokens_summary, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(id, projectId, input.sessionID, input.trigger, markdown, rawMessages, messages.length, JSON.stringify(extracted), tokens.raw, tokens.summary, now);
      // An idle checkpoint is the session's state so far: only its latest is worth keeping (a
      // long session goes idle hundreds of times). Compaction, manual and ingest ones are history.
      if (input.trigger === "idle")
        tx.$client.prepare("DELETE FROM checkpoints WHERE session_id = ? AND trigger = 'idle' AND id <> ?").run(input.sessionID, id);
    },
    "immediate",
  );

  const suggested =
    input.suggest && ctx.config.extraction.enabled
      ? storeSuggestions(ctx, projectId, input.sessionID, ruleSuggestions(messageTexts(messages)))
          .filter((s) => !s.deduplicated)
          .map((s) => s.memoryId)
      : [];

  return { id, context, prompt: COMPACTION_PROMPT, markdown, tokens, suggested };
}
