import { nextChainName } from "../chain-name";
import { z, ZodError } from "zod";
import type { RecallContextDto } from "../contracts/context";
import { type ParsedPutKvInput, putKvInput } from "../contracts/kv";
import type { Ctx } from "../ctx";
import { putKvJson } from "../kv";
import { redactKeysDeep } from "../security/redact-fields";
import { segmentKeyOf, segmentsOf, splitEntries } from "./record-segments";

/**
 * The kv key under which the plugin keeps what it injected into a session (its resume block, the
 * blocks attached to its user messages: plugin/hooks/injected.ts).
 */
export const injectedKey = (sessionID: string) => `recollect/injected/${sessionID}`;

/**
 * The turn's record: the kv body, the message whose block is the turn's recall block alone
 * (`recallInto`), and `base` when the value is only what changed since the record that answer named.
 */
export interface TurnRecord {
  record: ParsedPutKvInput;
  recallInto?: string;
  base?: string;
}

/** Sessions whose last record is kept (`ctx.services.turnRecords`). */
const MAX_SESSIONS = 16;

const recallInto = z.string().min(1).max(200).optional();
const base = z.string().min(1).max(64).optional();

/**
 * A compress request may carry the session's record of injected blocks (`injected`: the body of
 * `PUT /api/kv/recollect/injected/<session>`, plus `recallInto`), so that recording it costs the
 * plugin no request of its own. `recallInto` names the turn's user message when its block will be
 * the turn's recall block and nothing else: the server adds that block (and the memories it shows)
 * to the record before writing it, so the record is complete when the turn's answer leaves.
 * `base` (the `recordBase` of an earlier answer): `value` holds only the record's keys that
 * changed since, `attached` and `recalled` only their new or changed entries; the record grows
 * every turn, and sending it whole cost its parsing and redaction every turn.
 * Returns the request without it and the record checked by the kv contract; a bad field is a 400
 * naming `injected.<field>`.
 */
export function takeTurnRecord(raw: unknown): { body: unknown; record: TurnRecord | null } {
  if (!raw || typeof raw !== "object" || Array.isArray(raw) || !("injected" in raw)) return { body: raw, record: null };
  const { injected, ...body } = raw as Record<string, unknown>;
  const isMap = injected && typeof injected === "object" && !Array.isArray(injected);
  const { recallInto: into, base: since, ...kv } = isMap ? (injected as Record<string, unknown>) : {};
  const parsed = putKvInput.safeParse(isMap ? kv : injected);
  if (!parsed.success) throw new ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: ["injected", ...issue.path] })));
  const message = recallInto.safeParse(into);
  if (!message.success) throw new ZodError(message.error.issues.map((issue) => ({ ...issue, path: ["injected", "recallInto", ...issue.path] })));
  const named = base.safeParse(since);
  if (!named.success) throw new ZodError(named.error.issues.map((issue) => ({ ...issue, path: ["injected", "base", ...issue.path] })));
  return {
    body,
    record: { record: parsed.data, ...(message.data ? { recallInto: message.data } : {}), ...(named.data ? { base: named.data } : {}) },
  };
}

const isMap = (x: unknown): x is Record<string, unknown> => !!x && typeof x === "object" && !Array.isArray(x);

/**
 * Writes the record as `PUT /api/kv/recollect/injected/<session>` does (the same checks, limits and
 * redaction), the turn's recall block added under `recallInto` when there is one. Returns the new
 * record's `base`; null when the record was sent against a `base` this server no longer holds as
 * the stored value (restarted, another writer since, expired): nothing written, the caller sends
 * the whole record again. Only the changed part is redacted: each part of the stored record was
 * redacted when it came, and redaction maps each string by its own key.
 */
export function writeTurnRecord(ctx: Ctx, sessionID: string, turn: TurnRecord, recall: RecallContextDto | undefined): string | null {
  const records = ctx.services.turnRecords;
  const key = injectedKey(sessionID);
  const last = records.get(sessionID);
  records.delete(sessionID);
  let value = turn.record.value;
  if (turn.recallInto && recall?.block && isMap(value)) {
    const attached = isMap(value.attached) ? value.attached : {};
    const recalled = isMap(value.recalled) ? value.recalled : {};
    value = { ...value, attached: { ...attached, [turn.recallInto]: recall.block }, recalled: { ...recalled, [turn.recallInto]: recall.memoryIds } };
  }
  let stored = redactKeysDeep<unknown>(value) as unknown;
  if (turn.base !== undefined) {
    if (!last || last.base !== turn.base || !isMap(stored)) return null;
    stored = mergeRecord(last.value, stored);
  }
  // Past half the kv's limit the entries are frozen into new segments (lib/injection/record-segments.ts):
  // the head written each turn stays under the budget, a segment is written once.
  const budget = Math.floor(ctx.config.kv.maxValueBytes / 2);
  let text = JSON.stringify(stored);
  let frozen: { key: string; text: string }[] = [];
  if (isMap(stored) && Buffer.byteLength(text) > budget) {
    // A whole record (no base) lays its segments out from the first again.
    const first = turn.base === undefined ? 0 : segmentsOf(stored);
    frozen = splitEntries(stored, budget).map((segment, i) => ({ key: segmentKeyOf(key, first + i), text: JSON.stringify(segment) }));
    stored = { ...stored, attached: {}, recalled: {}, segments: first + frozen.length };
    text = JSON.stringify(stored);
  } else if (turn.base === undefined && isMap(stored) && "segments" in stored) {
    // A whole record names no segments of ours (they are laid out here).
    const { segments: _n, ...rest } = stored;
    stored = rest;
    text = JSON.stringify(stored);
  }
  // A change is written only over the record it was made against (no other writer since); the head
  // and its new segments together or not at all.
  const over = turn.base === undefined ? undefined : last!.text;
  const written = ctx.sqlite.transaction(() => {
    if (!putKvJson(ctx, key, turn.record, text, over)) return false;
    for (const segment of frozen) putKvJson(ctx, segment.key, turn.record, segment.text);
    return true;
  })();
  if (!written) return null;
  const named = nextChainName(last?.base);
  if (isMap(stored)) records.set(sessionID, { base: named, value: stored, text });
  while (records.size > MAX_SESSIONS) records.delete(records.keys().next().value as string);
  return named;
}

/** The record with a change applied: a key whose value is an object on both sides takes the change's entries over its own; any other is replaced. */
function mergeRecord(record: Record<string, unknown>, change: Record<string, unknown>): Record<string, unknown> {
  const out = { ...record };
  for (const [k, v] of Object.entries(change)) out[k] = isMap(out[k]) && isMap(v) ? { ...out[k], ...v } : v;
  return out;
}
