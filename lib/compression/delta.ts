import { nextChainName } from "../chain-name";
import type { CompressResult } from "../contracts/compress";
import { badRequest, conflict } from "../errors";
import { runAll, type Steps } from "../slices";

/**
 * The delta exchange of `/api/compress` (what the plugin uses every turn). A whole 200K-token
 * history is a megabyte of JSON each way, and moving it costs ten times what compressing it does.
 * With `delta` in the request:
 * - a part the caller sent in the previous call, unchanged, may be sent as `{ id, unchanged: true }`
 *   (`delta.base` names that call: the `base` its answer returned);
 * - the answer gives such a stub for every part whose compressed form is byte-identical to the one
 *   in the previous answer, and a new `base`;
 * - `delta.keep: n` says the first n messages are the previous call's first n, unchanged (they are
 *   left out of `messages`, which holds the rest); the answer's `keep: m` says its first m messages
 *   are the previous answer's first m, unchanged (left out too). Every answer to a `delta` request
 *   carries `keep` (0 when nothing is left out): a caller sends `keep` only to a server that does.
 * A turn then moves what changed, not the whole history, in both directions.
 * The server keeps the last call of a few sessions in memory. A `base` it does not have (restart,
 * another client of the same session) is a 409: the caller sends the whole history once more.
 */
interface Entry {
  base: string;
  /** The messages of the last request (stubs resolved, kept messages included). */
  messages: unknown[];
  /** The messages of the last answer (stubs resolved, kept messages included). */
  answerMessages: unknown[];
  /** The parts of the last request (stubs resolved), by id. */
  parts: Map<string, unknown>;
  /** Each part of the last answer, by id (objects made for that answer, never changed after). */
  answer: Map<string, unknown>;
  /** How many parts `messages` and `answerMessages` hold. */
  partCount: number;
  answerCount: number;
  /** Every part id of `messages` (and of `answerMessages`) is its own: the next call may update the maps in place. */
  unique: boolean;
  /**
   * The next call took `parts` and `answer` over and changed them: a request still expanding
   * against this entry (a prepare in flight, in slices) may have read a changed map.
   */
  superseded?: true;
}

const MAX_SESSIONS = 16;
/** The last call of the sessions seen lately, by session (`ctx.services.compressDeltas`). */
export type DeltaExchanges = Map<string, Entry>;

type Body = { sessionID?: unknown; messages?: unknown; delta?: unknown } & Record<string, unknown>;
type Stub = { id: string; unchanged: true };

export interface Delta {
  sessionID: string;
  base?: string;
  /** The caller left out the first `keep` messages (the previous call's). */
  keep?: number;
}

/** The request without `delta`, stubs replaced by the parts they stand for; `delta` null when absent. */
export function expandDelta(entries: DeltaExchanges, raw: unknown): { body: unknown; delta: Delta | null } {
  return runAll(expandDeltaSteps(entries, raw));
}

/** `expandDelta` as steps, one a message (lib/slices.ts). */
export function* expandDeltaSteps(entries: DeltaExchanges, raw: unknown): Steps<{ body: unknown; delta: Delta | null }> {
  if (!raw || typeof raw !== "object" || !("delta" in raw)) return { body: raw, delta: null };
  const { delta, ...body } = raw as Body;
  if (!delta || typeof delta !== "object" || Array.isArray(delta)) throw badRequest("delta: an object, {} or { base }", { field: "delta" });
  const base = (delta as { base?: unknown }).base;
  if (base !== undefined && typeof base !== "string") throw badRequest("delta.base: the `base` the previous answer returned", { field: "delta.base" });
  const keep = (delta as { keep?: unknown }).keep;
  if (keep !== undefined && !(typeof keep === "number" && Number.isInteger(keep) && keep >= 0))
    throw badRequest("delta.keep: how many leading messages of the previous call are left out, an integer >= 0", { field: "delta.keep" });
  if (keep && base === undefined) throw badRequest("delta.keep: only with delta.base", { field: "delta.keep" });
  if (typeof body.sessionID !== "string") return { body, delta: null }; // validation names the field
  if (base === undefined) return { body, delta: { sessionID: body.sessionID, keep } };
  const entry = entries.get(body.sessionID);
  if (!entry || entry.base !== base) throw conflict("delta.base: not the last answer of this session on this server; send the whole history", { resend: true });
  if (keep !== undefined && keep > entry.messages.length)
    throw conflict(`delta.keep: the previous call had ${entry.messages.length} messages; send the whole history`, { resend: true });
  if (!Array.isArray(body.messages)) return { body, delta: { sessionID: body.sessionID, base, keep } };
  // The kept messages are the previous call's objects: the pipeline finds them as it left them.
  const messages: unknown[] = keep ? entry.messages.slice(0, keep) : [];
  for (const m of body.messages as unknown[]) {
    const parts = (m as { parts?: unknown })?.parts;
    if (!Array.isArray(parts)) {
      messages.push(m);
      continue;
    }
    messages.push({
      ...(m as object),
      parts: parts.map((p: unknown) => {
        if (!isStub(p)) return p;
        const full = entry.parts.get(p.id);
        if (full === undefined) throw conflict(`delta: part "${p.id}" was not in the previous call; send the whole history`, { resend: true });
        return full;
      }),
    });
    yield;
  }
  // The next call updated this entry's maps while this one was expanding against them (between two slices).
  if (entry.superseded) throw conflict("delta.base: the session moved on while this request was read; send the whole history", { resend: true });
  return { body: { ...body, messages }, delta: { sessionID: body.sessionID, base, keep } };
}

/**
 * Records this call for the session's next one and returns the answer to send: parts identical to
 * the previous answer's become stubs; `base` names this call.
 */
export function deltaAnswer(entries: DeltaExchanges, delta: Delta, request: unknown, result: CompressResult): DeltaAnswer {
  return runAll(deltaAnswerSteps(entries, delta, request, result));
}

export type DeltaAnswer = CompressResult & { base: string; keep: number };

/** `deltaAnswer` as steps, one a message (lib/slices.ts). */
export function* deltaAnswerSteps(entries: DeltaExchanges, delta: Delta, request: unknown, result: CompressResult): Steps<DeltaAnswer> {
  const previous = entries.get(delta.sessionID);
  const reuse = delta.base !== undefined && previous?.base === delta.base;
  const requested = (request as { messages: { parts: { id: string }[] }[] }).messages;
  // The answer's leading messages identical to the previous answer's are left out (`keep`), for a
  // caller that left some out itself (it knows the exchange).
  let keep = 0;
  if (reuse && delta.keep !== undefined)
    while (keep < result.messages.length && sameMessage(previous!.answerMessages[keep], result.messages[keep])) {
      keep++;
      yield;
    }
  // The maps by part id: when the caller left out its first `delta.keep` messages (the previous
  // call's, unchanged), the previous maps are updated for what changed after them (the rest of the
  // history is not walked again every turn); else built whole.
  const inPlace = reuse && delta.keep !== undefined && previous!.unique;
  const parts = inPlace ? previous!.parts : new Map<string, unknown>();
  const answer = inPlace ? previous!.answer : new Map<string, unknown>();
  // Updated in place, the previous answer's parts after `keep` are compared below: taken out first.
  const previousTail = new Map<string, unknown>();
  let partCount = 0;
  let answerCount = 0;
  if (inPlace) {
    previous!.superseded = true;
    partCount = previous!.partCount - (yield* forget(parts, previous!.messages.slice(delta.keep)));
    for (const m of previous!.answerMessages.slice(keep)) for (const p of (m as { parts: { id: string }[] }).parts) previousTail.set(p.id, answer.get(p.id));
    answerCount = previous!.answerCount - (yield* forget(answer, previous!.answerMessages.slice(keep)));
  }
  const answeredBefore = (id: string) => (inPlace ? previousTail.get(id) : previous!.answer.get(id));
  for (const m of inPlace ? requested.slice(delta.keep) : requested) {
    for (const p of m.parts) parts.set(p.id, p);
    partCount += m.parts.length;
    yield;
  }
  if (!inPlace)
    for (let i = 0; i < keep; i++) {
      for (const p of result.messages[i].parts) answer.set((p as { id: string }).id, p);
      answerCount += result.messages[i].parts.length;
      yield;
    }
  const messages: CompressResult["messages"] = [];
  for (const m of result.messages.slice(keep)) {
    messages.push({
      ...m,
      parts: m.parts.map((p) => {
        const id = (p as { id: string }).id;
        const stub = reuse && sameJson(answeredBefore(id), p);
        answer.set(id, p);
        return stub ? ({ id, unchanged: true } satisfies Stub) : p;
      }),
    } as CompressResult["messages"][number]);
    answerCount += m.parts.length;
    yield;
  }
  const base = nextChainName(previous?.base);
  entries.delete(delta.sessionID);
  entries.set(delta.sessionID, {
    base,
    messages: requested,
    answerMessages: result.messages,
    parts,
    answer,
    partCount,
    answerCount,
    unique: parts.size === partCount && answer.size === answerCount,
  });
  while (entries.size > MAX_SESSIONS) entries.delete(entries.keys().next().value as string);
  return { ...result, messages, base, keep };
}

/** Takes the parts of `messages` out of `byId` (the previous call's, after its kept ones: each id its own); returns how many. */
function* forget(byId: Map<string, unknown>, messages: unknown[]): Steps<number> {
  let n = 0;
  for (const m of messages) {
    const parts = (m as { parts: { id: string }[] }).parts;
    for (const p of parts) byId.delete(p.id);
    n += parts.length;
    yield;
  }
  return n;
}

/** The same answered message: the same object (returned as it came, both times), or equal JSON. */
function sameMessage(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const x = a as { info: unknown; parts: unknown[] };
  const y = b as { info: unknown; parts: unknown[] };
  return x.parts.length === y.parts.length && sameJson(x.info, y.info) && x.parts.every((p, i) => sameJson(p, y.parts[i]));
}

/** Deep equality of JSON values, without serializing them (strings compare natively). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function isStub(p: unknown): p is Stub {
  return !!p && typeof p === "object" && (p as { unchanged?: unknown }).unchanged === true && typeof (p as { id?: unknown }).id === "string";
}
