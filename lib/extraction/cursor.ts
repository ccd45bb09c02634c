import crypto from "node:crypto";
import type { Ctx } from "../context";
import type { RoleText } from "./texts";

/**
 * Which messages the LLM extractor has already read, per session, so it runs over new messages
 * only. Kept in the `kv` table under an internal pseudo-project (no real project id looks like
 * it), expiring with the session's idle life.
 */
const INTERNAL_PROJECT = "_recollect";
const MAX_IDS = 5000;
const TTL_MS = 30 * 24 * 3600 * 1000;

const keyOf = (sessionID: string) => `llm-seen/${sessionID}`;
export const textId = (t: RoleText) => t.messageId ?? "h:" + crypto.createHash("sha256").update(`${t.role}\n${t.text}`).digest("hex").slice(0, 24);

function seen(ctx: Ctx, sessionID: string, now: number): Set<string> {
  const row = ctx.sqlite.prepare("SELECT value FROM kv WHERE project_id = ? AND key = ? AND expires_at > ?").get(INTERNAL_PROJECT, keyOf(sessionID), now) as
    | { value: string }
    | undefined;
  return new Set(row ? (JSON.parse(row.value) as string[]) : []);
}

export function unseenTexts(ctx: Ctx, sessionID: string, texts: readonly RoleText[], now = Date.now()): RoleText[] {
  const done = seen(ctx, sessionID, now);
  return texts.filter((t) => !done.has(textId(t)));
}

export function markSeen(ctx: Ctx, sessionID: string, texts: readonly RoleText[], now = Date.now()) {
  if (texts.length === 0) return;
  const ids = [...seen(ctx, sessionID, now), ...texts.map(textId)];
  const value = JSON.stringify([...new Set(ids)].slice(-MAX_IDS));
  ctx.sqlite
    .prepare(
      `INSERT INTO kv(project_id, key, value, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(project_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, expires_at = excluded.expires_at`,
    )
    .run(INTERNAL_PROJECT, keyOf(sessionID), value, now, now, now + TTL_MS);
}
