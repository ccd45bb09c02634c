import { promisify } from "node:util";
import zlib from "node:zlib";
import { v7 as uuidv7 } from "uuid";
import type { CaptureCheckpointResult, ParsedCaptureCheckpointInput } from "../contracts/checkpoints";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { badRequest, conflict } from "../errors";
import { ruleSuggestionsSteps } from "../extraction/extract";
import { storeSuggestions, type Suggestion } from "../extraction/store";
import { messageTextsSteps } from "../extraction/texts";
import { identifyProject } from "../projects/identify";
import { resolveProject } from "../projects/resolve";
import { redact, redactDeep, redactDeepAsync } from "../security/redaction";
import { redactKeysAfter, redactKeysAfterAsync, redactKeysDeep } from "../security/redact-fields";
import { runAll, runSliced, type Steps } from "../slices";
import { countTokens } from "../token-count";
import { extractCheckpointSteps } from "./extract";
import { messagesJsonSteps } from "./json-steps";
import { renderMarkdown } from "./markdown";
import { COMPACTION_PROMPT, contextLines } from "./prompt";
import { timelineSteps, type Turn } from "./timeline";

/**
 * Tokens of the text a history costs in a prompt (prose and tool input/output): the texts of all
 * turns joined by line breaks, counted in pieces of about PIECE_CHARS cut at turn boundaries, one
 * step each (a 40 MB history counted at once held the event loop for seconds; a piece of 256 KB,
 * 155 ms at load 24 in a 58 MB capture's CPU profile, so 64 KB).
 */
const PIECE_CHARS = 64 * 1024;
function* tokenSteps(turns: readonly Turn[]): Steps<number> {
  let total = 0;
  let piece: string[] = [];
  let chars = 0;
  for (const t of turns) {
    const text = [t.text, ...t.tools.map((c) => `${JSON.stringify(c.input)}\n${c.output}${c.error}`)].join("\n");
    piece.push(text);
    chars += text.length;
    if (chars >= PIECE_CHARS) {
      total += countTokens(piece.join("\n"));
      piece = [];
      chars = 0;
      yield;
    }
  }
  if (piece.length) total += countTokens(piece.join("\n"));
  return total;
}

const gzipAsync = promisify(zlib.gzip);

/**
 * Stores a session history as a checkpoint: the raw messages (redacted, gzip), what the
 * deterministic extractors find, and the Markdown rendering; also stores the rule-based memory
 * suggestions it contains. Framework-free: the compaction route, the manual route and the CLI's
 * ingest of past OpenCode sessions (`trigger: "ingest"`) all call this.
 */
export function captureCheckpoint(ctx: Ctx, input: ParsedCaptureCheckpointInput, now = Date.now()): CaptureCheckpointResult {
  // Keys too: a tool input such as `{ env: { API_KEY: "..." } }` holds the secret under its name.
  const projectId = projectOf(ctx, input);
  const prepared = runAll(prepareSteps(input, [...baseMessages(ctx, input, projectId), ...redactKeysAfter(redactDeep(input.messages))], now));
  const found = suggests(ctx, input) ? runAll(suggestionSteps(prepared.messages)) : [];
  return store(ctx, input, projectId, prepared, zlib.gzipSync(prepared.json, { level: 6 }), found, now);
}

/** `captureCheckpoint` for the server: the history (megabytes of tool output) is redacted without holding the event loop. */
export async function captureCheckpointAsync(ctx: Ctx, input: ParsedCaptureCheckpointInput, now = Date.now()): Promise<CaptureCheckpointResult> {
  const projectId = projectOf(ctx, input);
  const base = baseMessages(ctx, input, projectId);
  const messages = [...base, ...(await redactKeysAfterAsync(await redactDeepAsync(input.messages)))];
  const prepared = await runSliced(prepareSteps(input, messages, now));
  const found = suggests(ctx, input) ? await runSliced(suggestionSteps(prepared.messages)) : [];
  // gzip of megabytes on libuv's thread pool, not the event loop.
  return store(ctx, input, projectId, prepared, await gzipAsync(prepared.json, { level: 6 }), found, now);
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

/** What a checkpoint of an already redacted history holds, computed in steps (lib/slices.ts). */
function* prepareSteps(input: Parsed, messages: Parsed["messages"], now: number) {
  const root = input.directory ? identifyProject(input.directory).rootPath : null;
  const turns = yield* timelineSteps(messages);
  // The project root (from `directory`) is not redacted text: what is taken from it is.
  const extracted = redactKeysDeep(yield* extractCheckpointSteps(turns, root));
  yield;
  const id = uuidv7();
  const markdown = redact(renderMarkdown(extracted, { id, sessionId: input.sessionID, trigger: input.trigger, createdAt: now, messageCount: messages.length }));
  const context = contextLines(extracted, id);
  const json = yield* messagesJsonSteps(messages);
  const tokens = { raw: yield* tokenSteps(turns), summary: countTokens(markdown) };
  return { messages, extracted, id, markdown, context, json, tokens };
}

type Prepared = ReturnType<typeof prepareSteps> extends Steps<infer T> ? T : never;

const suggests = (ctx: Ctx, input: Parsed) => input.suggest && ctx.config.extraction.enabled;

/** The rule-based memory suggestions of the history's prose, one message a step. */
function* suggestionSteps(messages: Parsed["messages"]): Steps<Suggestion[]> {
  return yield* ruleSuggestionsSteps(yield* messageTextsSteps(messages));
}

/** Writes the checkpoint and stores the suggestions found in it. */
function store(ctx: Ctx, input: Parsed, projectId: string, prepared: Prepared, rawMessages: Buffer, found: Suggestion[], now: number): CaptureCheckpointResult {
  const { messages, extracted, id, markdown, context, tokens } = prepared;

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

  const suggested = found.length
    ? storeSuggestions(ctx, projectId, input.sessionID, found)
        .filter((s) => !s.deduplicated)
        .map((s) => s.memoryId)
    : [];

  return { id, context, prompt: COMPACTION_PROMPT, markdown, tokens, suggested };
}
