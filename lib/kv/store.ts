import { kvKey, type KvEntryDto, type ParsedKvRefQuery, type ParsedListKvQuery, type ParsedPutKvInput } from "../contracts/kv";
import type { Ctx } from "../ctx";
import { AppError, badRequest, notFound } from "../errors";
import { prepared } from "../db/prepared";
import { resolveProject, type ProjectRef } from "../projects/resolve";
import { redactKeyDistinct, redactKeysDeep } from "../security/redact-fields";

/**
 * Short-lived JSON state per project (`""` = no project): build status, the last test run, a
 * hand-off note. Values are redacted; entries expire (default `kv.defaultTtlSeconds`); an expired
 * entry is invisible at once and purged by the background sweep.
 */
interface KvRow {
  project_id: string;
  key: string;
  value: string;
  created_at: number;
  updated_at: number;
  expires_at: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function toDto(r: KvRow): KvEntryDto {
  return {
    key: r.key,
    projectId: r.project_id || null,
    value: JSON.parse(r.value),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    expiresAt: iso(r.expires_at),
  };
}

const projectOf = (ctx: Ctx, ref: ProjectRef) => resolveProject(ctx, ref) ?? "";

function parseKey(key: string): string {
  const parsed = kvKey.safeParse(key);
  if (!parsed.success) throw badRequest(`key: ${parsed.error.issues[0]?.message ?? "invalid"}`, { field: "key" });
  // Stored redacted; every lookup redacts the same way, so the client's own key still finds it.
  return redactKeyDistinct(parsed.data);
}

export function putKv(ctx: Ctx, key: string, input: ParsedPutKvInput, now = Date.now()): KvEntryDto {
  const k = parseKey(key);
  const ttl = input.ttlSeconds ?? ctx.config.kv.defaultTtlSeconds;
  if (ttl > ctx.config.kv.maxTtlSeconds) throw badRequest(`ttlSeconds: at most ${ctx.config.kv.maxTtlSeconds} (kv.maxTtlSeconds)`, { field: "ttlSeconds" });
  const value = JSON.stringify(redactKeysDeep<unknown>(input.value));
  if (Buffer.byteLength(value) > ctx.config.kv.maxValueBytes) {
    throw new AppError("payload_too_large", `value is larger than ${ctx.config.kv.maxValueBytes} bytes (kv.maxValueBytes)`, { field: "value" });
  }
  const projectId = projectOf(ctx, input);
  const row = ctx.sqlite.prepare(`${UPSERT}\n       RETURNING *`).get(projectId, k, value, now, now, now + ttl * 1000) as KvRow;
  return toDto(row);
}

/**
 * `putKv` with the value given as its stored text, already redacted (lib/injection/turn-record.ts
 * merges a record from parts each redacted once): the same key, TTL and size checks, the same row.
 * `over`: written only over a live entry holding exactly that text (its writer's own last write,
 * untouched since), one statement; returns whether it was written.
 */
export function putKvJson(ctx: Ctx, key: string, input: Omit<ParsedPutKvInput, "value">, value: string, over?: string, now = Date.now()): boolean {
  const k = parseKey(key);
  const ttl = input.ttlSeconds ?? ctx.config.kv.defaultTtlSeconds;
  if (ttl > ctx.config.kv.maxTtlSeconds) throw badRequest(`ttlSeconds: at most ${ctx.config.kv.maxTtlSeconds} (kv.maxTtlSeconds)`, { field: "ttlSeconds" });
  if (Buffer.byteLength(value) > ctx.config.kv.maxValueBytes) {
    throw new AppError("payload_too_large", `value is larger than ${ctx.config.kv.maxValueBytes} bytes (kv.maxValueBytes)`, { field: "value" });
  }
  const projectId = projectOf(ctx, input);
  if (over !== undefined)
    return (
      prepared(ctx.sqlite, "UPDATE kv SET value = ?, updated_at = ?, expires_at = ? WHERE project_id = ? AND key = ? AND expires_at > ? AND value = ?").run(
        value,
        now,
        now + ttl * 1000,
        projectId,
        k,
        now,
        over,
      ).changes === 1
    );
  prepared(ctx.sqlite, UPSERT).run(projectId, k, value, now, now, now + ttl * 1000);
  return true;
}

const UPSERT = `INSERT INTO kv(project_id, key, value, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(project_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, expires_at = excluded.expires_at,
         created_at = CASE WHEN kv.expires_at <= excluded.updated_at THEN excluded.created_at ELSE kv.created_at END`;

export function getKv(ctx: Ctx, key: string, ref: ParsedKvRefQuery, now = Date.now()): KvEntryDto {
  const k = parseKey(key);
  const projectId = projectOf(ctx, ref);
  const row = ctx.sqlite.prepare("SELECT * FROM kv WHERE project_id = ? AND key = ? AND expires_at > ?").get(projectId, k, now) as KvRow | undefined;
  if (!row) throw notFound(`no value under "${k}"`, { key: k });
  return toDto(row);
}

/** Returns whether a live entry was deleted (an expired one counts as absent). */
export function deleteKv(ctx: Ctx, key: string, ref: ParsedKvRefQuery, now = Date.now()): { deleted: boolean } {
  const k = parseKey(key);
  const projectId = projectOf(ctx, ref);
  const res = ctx.sqlite.prepare("DELETE FROM kv WHERE project_id = ? AND key = ? AND expires_at > ?").run(projectId, k, now);
  return { deleted: res.changes > 0 };
}

export function listKv(ctx: Ctx, q: ParsedListKvQuery, now = Date.now()): { items: KvEntryDto[] } {
  const projectId = projectOf(ctx, q);
  // Prefix match with GLOB-free range comparison (no wildcard escaping needed).
  const rows = ctx.sqlite
    .prepare(`SELECT * FROM kv WHERE project_id = ? AND expires_at > ? AND key >= ? AND (? = '' OR key < ?) ORDER BY key LIMIT ?`)
    .all(projectId, now, q.prefix, q.prefix, q.prefix + "\u{10ffff}", q.limit) as KvRow[];
  return { items: rows.map(toDto) };
}

/** Deletes expired entries; returns how many. */
export function purgeExpiredKv(ctx: Ctx, now = Date.now()): number {
  return ctx.sqlite.prepare("DELETE FROM kv WHERE expires_at <= ?").run(now).changes;
}
