import { INTERNAL_KV_PROJECT } from "../kv/internal";
import crypto from "node:crypto";
import type { Ctx } from "../ctx";
import { redact } from "../security/redaction";
import { redactKey } from "../security/redact-fields";
import type { RoleText } from "./texts";

/**
 * What the LLM extractor has already read, per session, so it runs over new messages only; and
 * the user's words posted from `chat.message` (which does not run the model) waiting for the next
 * idle run. Kept in the `kv` table under an internal pseudo-project (no real project id looks
 * like it), expiring after a month without use.
 *
 * A text counts as read when its message id or its content was read: the same user message seen
 * first as plain text (chat.message) and later inside the history (compaction) is sent once.
 */
const INTERNAL_PROJECT = INTERNAL_KV_PROJECT;
const MAX_IDS = 5000;
const MAX_PENDING = 200;
const TTL_MS = 30 * 24 * 3600 * 1000;

const seenKey = (sessionID: string) => `llm-seen/${sessionID}`;
const pendingKey = (sessionID: string) => `llm-pending/${sessionID}`;
const contentId = (t: RoleText) => "h:" + crypto.createHash("sha256").update(`${t.role}\n${t.text.trim()}`).digest("hex").slice(0, 24);
const idsOf = (t: RoleText) => (t.messageId ? [t.messageId, contentId(t)] : [contentId(t)]);

function read<T>(ctx: Ctx, key: string, now: number): T | undefined {
  const row = ctx.sqlite.prepare("SELECT value FROM kv WHERE project_id = ? AND key = ? AND expires_at > ?").get(INTERNAL_PROJECT, key, now) as
    | { value: string }
    | undefined;
  return row ? (JSON.parse(row.value) as T) : undefined;
}

function write(ctx: Ctx, key: string, value: unknown, now: number) {
  ctx.sqlite
    .prepare(
      `INSERT INTO kv(project_id, key, value, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(project_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, expires_at = excluded.expires_at`,
    )
    .run(INTERNAL_PROJECT, key, JSON.stringify(value), now, now, now + TTL_MS);
}

export function unseenTexts(ctx: Ctx, sessionID: string, texts: readonly RoleText[], now = Date.now()): RoleText[] {
  const done = new Set(read<string[]>(ctx, seenKey(sessionID), now) ?? []);
  const out: RoleText[] = [];
  for (const t of texts) {
    const ids = idsOf(t).map(redactKey);
    if (ids.some((id) => done.has(id))) continue;
    for (const id of ids) done.add(id); // the same text twice in one batch is sent once
    out.push(t);
  }
  return out;
}

export function markSeen(ctx: Ctx, sessionID: string, texts: readonly RoleText[], now = Date.now()) {
  if (texts.length === 0) return;
  // Message ids come from the client: stored redacted (content ids are hashes).
  const ids = [...(read<string[]>(ctx, seenKey(sessionID), now) ?? []), ...texts.flatMap(idsOf).map(redactKey)];
  write(ctx, seenKey(sessionID), [...new Set(ids)].slice(-MAX_IDS), now);
}

/** Keeps texts for the next idle or compaction run (the newest `MAX_PENDING`). */
export function addPending(ctx: Ctx, sessionID: string, texts: readonly RoleText[], now = Date.now()) {
  if (texts.length === 0) return;
  const pending = [
    ...(read<RoleText[]>(ctx, pendingKey(sessionID), now) ?? []),
    ...texts.map((t) => ({ role: t.role, text: redact(t.text), messageId: t.messageId && redactKey(t.messageId) })),
  ];
  write(ctx, pendingKey(sessionID), pending.slice(-MAX_PENDING), now);
}

export function pendingTexts(ctx: Ctx, sessionID: string, now = Date.now()): RoleText[] {
  return read<RoleText[]>(ctx, pendingKey(sessionID), now) ?? [];
}

export function clearPending(ctx: Ctx, sessionID: string) {
  ctx.sqlite.prepare("DELETE FROM kv WHERE project_id = ? AND key = ?").run(INTERNAL_PROJECT, pendingKey(sessionID));
}
