import { ZodError } from "zod";
import { type ParsedPutKvInput, putKvInput } from "../contracts/kv";
import type { Ctx } from "../ctx";
import { putKv } from "../kv";

/**
 * The kv key under which the plugin keeps what it injected into a session (its resume block, the
 * blocks attached to its user messages: plugin/hooks/injected.ts).
 */
export const injectedKey = (sessionID: string) => `recollect/injected/${sessionID}`;

/**
 * A compress request may carry the session's record of injected blocks (`injected`: the body of
 * `PUT /api/kv/recollect/injected/<session>`), so that recording it costs the plugin no request of
 * its own. Returns the request without it and the record checked by the kv contract; a bad field is
 * a 400 naming `injected.<field>`.
 */
export function takeTurnRecord(raw: unknown): { body: unknown; record: ParsedPutKvInput | null } {
  if (!raw || typeof raw !== "object" || Array.isArray(raw) || !("injected" in raw)) return { body: raw, record: null };
  const { injected, ...body } = raw as Record<string, unknown>;
  const parsed = putKvInput.safeParse(injected);
  if (!parsed.success) throw new ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: ["injected", ...issue.path] })));
  return { body, record: parsed.data };
}

/** Writes the record as `PUT /api/kv/recollect/injected/<session>` does (the same checks and limits). */
export function writeTurnRecord(ctx: Ctx, sessionID: string, record: ParsedPutKvInput): void {
  putKv(ctx, injectedKey(sessionID), record);
}
