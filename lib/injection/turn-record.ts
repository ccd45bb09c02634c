import { z, ZodError } from "zod";
import type { RecallContextDto } from "../contracts/context";
import { type ParsedPutKvInput, putKvInput } from "../contracts/kv";
import type { Ctx } from "../ctx";
import { putKv } from "../kv";

/**
 * The kv key under which the plugin keeps what it injected into a session (its resume block, the
 * blocks attached to its user messages: plugin/hooks/injected.ts).
 */
export const injectedKey = (sessionID: string) => `recollect/injected/${sessionID}`;

/** The turn's record: the kv body, and the message whose block is the turn's recall block alone (`recallInto`). */
export interface TurnRecord {
  record: ParsedPutKvInput;
  recallInto?: string;
}

const recallInto = z.string().min(1).max(200).optional();

/**
 * A compress request may carry the session's record of injected blocks (`injected`: the body of
 * `PUT /api/kv/recollect/injected/<session>`, plus `recallInto`), so that recording it costs the
 * plugin no request of its own. `recallInto` names the turn's user message when its block will be
 * the turn's recall block and nothing else: the server adds that block (and the memories it shows)
 * to the record before writing it, so the record is complete when the turn's answer leaves.
 * Returns the request without it and the record checked by the kv contract; a bad field is a 400
 * naming `injected.<field>`.
 */
export function takeTurnRecord(raw: unknown): { body: unknown; record: TurnRecord | null } {
  if (!raw || typeof raw !== "object" || Array.isArray(raw) || !("injected" in raw)) return { body: raw, record: null };
  const { injected, ...body } = raw as Record<string, unknown>;
  const { recallInto: into, ...kv } = injected && typeof injected === "object" && !Array.isArray(injected) ? (injected as Record<string, unknown>) : {};
  const parsed = putKvInput.safeParse(injected && typeof injected === "object" && !Array.isArray(injected) ? kv : injected);
  if (!parsed.success) throw new ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: ["injected", ...issue.path] })));
  const message = recallInto.safeParse(into);
  if (!message.success) throw new ZodError(message.error.issues.map((issue) => ({ ...issue, path: ["injected", "recallInto", ...issue.path] })));
  return { body, record: { record: parsed.data, ...(message.data ? { recallInto: message.data } : {}) } };
}

/**
 * Writes the record as `PUT /api/kv/recollect/injected/<session>` does (the same checks and
 * limits), the turn's recall block added under `recallInto` when there is one.
 */
export function writeTurnRecord(ctx: Ctx, sessionID: string, turn: TurnRecord, recall: RecallContextDto | undefined): void {
  let value = turn.record.value;
  const isMap = (x: unknown): x is Record<string, unknown> => !!x && typeof x === "object" && !Array.isArray(x);
  if (turn.recallInto && recall?.block && isMap(value)) {
    const attached = isMap(value.attached) ? value.attached : {};
    const recalled = isMap(value.recalled) ? value.recalled : {};
    value = { ...value, attached: { ...attached, [turn.recallInto]: recall.block }, recalled: { ...recalled, [turn.recallInto]: recall.memoryIds } };
  }
  putKv(ctx, injectedKey(sessionID), { ...turn.record, value: value as ParsedPutKvInput["value"] });
}
