import type { Part } from "@opencode-ai/sdk";
import type { CompressResult } from "../../lib/contracts/compress";
import type { RecallContextDto, RecallContextInput } from "../../lib/contracts/context";
import type { Runtime } from "../runtime";
import { SHAPES } from "../shapes";
import { sameAsSnapshot, snapshot, type Snapshot } from "../snapshot";
import type { CompressDeltaState, SentMessage, SessionState } from "../state";
import { injectedOwed, turnRecord } from "./injected";
import { ATTACHED_PART_PREFIX, type WithParts } from "./message-parts";

type Stub = { id: string; unchanged: true };
const isStub = (p: unknown): p is Stub => !!p && typeof p === "object" && (p as Stub).unchanged === true;
type Answer = CompressResult & {
  base?: string;
  keep?: number;
  recall?: RecallContextDto;
  accepts?: string[];
  recorded?: boolean;
  recordBase?: string;
  recordResend?: boolean;
};
/** The server's nudges, and the turn's recall when the request carried one and it was answered. */
export interface CompressedTurn {
  nudges: string[];
  recall?: RecallContextDto;
  /** The server recorded the session's injected blocks with the turn's recall block under `recallInto`. */
  recordedInto?: string;
}
const NONE: CompressedTurn = { nudges: [] };

const attachedPart = (p: Part) => p.id.startsWith(ATTACHED_PART_PREFIX);
/** A plain loop: this runs for every message of the history on every turn (no callback per part). */
function hasAttached(parts: Part[]): boolean {
  for (let i = 0; i < parts.length; i++) if (parts[i]!.id.startsWith(ATTACHED_PART_PREFIX)) return true;
  return false;
}
/** The message's own parts (without the blocks the plugin attached); the same array when it has none, as nearly always. */
const own = (m: WithParts) => (hasAttached(m.parts) ? m.parts.filter((p) => !attachedPart(p)) : m.parts);

/**
 * Sends the history to `/api/compress` and writes the result back into the same array (OpenCode
 * ignores a reassigned `output.messages`). Original message objects are kept, only their parts
 * change. On any failure the history goes out as it came in. Returns the server's nudges.
 *
 * Delta exchange (lib/compression/delta.ts): the leading messages unchanged since the previous
 * call are left out (`keep`), a part sent unchanged goes as a stub, and the answer leaves out or
 * stubs what is compressed as before; a 409 (the server lost the previous call) resends the whole
 * history once. What changed is found against snapshots of what was sent (plugin/snapshot.ts),
 * not by serializing the history again: a turn's cost follows what changed.
 *
 * `recall`: the turn's recall, carried in the same request (only to a server whose last answer
 * said it `accepts` one; lib/injection/turn-recall.ts). The session's record of injected blocks
 * rides along the same way when one is owed (`injected`, plugin/hooks/injected.ts).
 */
export async function compressHistory(
  rt: Runtime,
  s: SessionState,
  messages: WithParts[],
  recall?: RecallContextInput,
  recallInto?: string,
): Promise<CompressedTurn> {
  // The call would be refused at once: spare the comparison.
  if (rt.client.breaker.state === "open") return keepCompressed(s, messages);
  const last = s.compressDelta;
  // The answer updates the last call's maps by part id in place (the messages after the kept ones):
  // a call that finds them taken by another call still on its way works on copies of them.
  const claimed = !!last && !last.busy;
  const prev = last && !claimed ? { ...last, sent: new Map(last.sent), answer: new Map(last.answer) } : last;
  if (claimed) last.busy = true;
  try {
    return await exchange(rt, s, messages, prev, recall, recallInto);
  } finally {
    if (claimed) last.busy = false;
  }
}

async function exchange(
  rt: Runtime,
  s: SessionState,
  messages: WithParts[],
  prev: CompressDeltaState | undefined,
  recall?: RecallContextInput,
  recallInto?: string,
): Promise<CompressedTurn> {
  const { sent, keep } = compare(prev, messages);
  // The record goes when one is owed, or to be completed with the turn's recall block (`recallInto`).
  const into = recall && recallInto ? recallInto : undefined;
  // Only what changed since the record the server wrote last, when it named one (`recordBase`).
  const recordOf = () => {
    const { body, held } = turnRecord(rt, s);
    return { version: s.injectedVersion ?? 0, held, body: { ...body, ...(into ? { recallInto: into } : {}) } };
  };
  let record = prev?.records && (injectedOwed(s) || into) ? recordOf() : undefined;
  const call = (last: CompressDeltaState | undefined) => {
    // `keep` only to a server that answers with one (it knows the exchange).
    const kept = last?.keeps ? keep : 0;
    const payload = messages.slice(kept).map((m, i) => ({
      info: m.info,
      parts: own(m).map((p, j) => (last && sent[kept + i]!.unchanged[j] ? ({ id: p.id, unchanged: true } satisfies Stub) : p)),
    }));
    return rt.client.post<Answer>(
      "/api/compress",
      {
        sessionID: s.id,
        messages: payload,
        ...(rt.contextLimit ? { contextLimit: rt.contextLimit } : {}),
        delta: last ? { base: last.base, ...(last.keeps ? { keep } : {}) } : {},
        ...(recall ? { recall } : {}),
        ...(record ? { injected: record.body } : {}),
      },
      { timeoutMs: rt.settings.compressTimeoutMs, expect: SHAPES.compress },
    );
  };
  let res = await call(prev);
  let base = prev;
  if (!res.ok && res.status === 409 && prev) {
    s.compressDelta = undefined;
    base = undefined;
    // Nothing is a stub any more: the whole history goes, and the whole record (the server lost its state).
    for (const m of sent) m.unchanged.fill(false);
    s.injectedServer = undefined;
    if (record) record = recordOf();
    res = await call(undefined);
  }
  if (!res.ok || !Array.isArray(res.data?.messages)) return keepCompressed(s, messages);
  const recalled = recall && validRecall(res.data.recall) ? res.data.recall : undefined;
  if (record && typeof res.data.recorded === "boolean") {
    // A change against a record the server no longer holds: still owed, sent whole next time.
    if (res.data.recordResend === true) s.injectedServer = undefined;
    else {
      // Recorded, or refused by the kv (too large): a separate PUT would be refused the same way.
      if ((s.injectedRecorded ?? 0) < record.version) s.injectedRecorded = record.version;
      const held = res.data.recorded && typeof res.data.recordBase === "string" ? record.held(res.data.recordBase) : undefined;
      // The server added the turn's recall block under `recallInto` before writing.
      if (held && into && recalled?.block) {
        held.attached.set(into, recalled.block);
        held.recalled.set(into, recalled.memoryIds);
      }
      s.injectedServer = held;
    }
  }
  const recordedInto = into && recalled && res.data.recorded === true ? into : undefined;
  s.compressDelta = undefined;

  const answer = res.data;
  const kept = typeof answer.keep === "number" && base ? answer.keep : 0;
  if (!Number.isInteger(kept) || kept < 0 || kept > messages.length || kept > (base?.messages.length ?? 0))
    return { nudges: [], recall: recalled, recordedInto };
  if (answer.messages.length !== messages.length - kept) return { nudges: [], recall: recalled, recordedInto };
  // The answer goes message for message with the request: the first `kept` are the server's
  // previous first ones (they belong to the same messages), the rest in the order sent.
  for (let i = 0; i < kept; i++) if (base!.messages[i]!.id !== messages[i]!.info.id) return { nudges: [], recall: recalled, recordedInto };
  const resolved: Part[][] = [];
  for (let i = 0; i < kept; i++) resolved.push(base!.messages[i]!.answer);
  for (const [k, r] of answer.messages.entries()) {
    if (r?.info?.id !== messages[kept + k]!.info.id) return { nudges: [], recall: recalled, recordedInto }; // not ours to invent: keep the history unchanged
    const parts: Part[] = [];
    for (const p of r.parts as unknown[]) {
      const part = isStub(p) ? base?.answer.get(p.id) : (p as Part);
      if (!part) return { nudges: [], recall: recalled, recordedInto }; // a stub for a part we do not have: keep the history unchanged
      parts.push(part);
    }
    resolved.push(parts);
  }
  // Both maps by part id: the last call's, with its messages after the common start replaced by
  // this call's (read before the loop below writes this call's answers into shared records).
  const maps = base ? updateMaps(base, sent, resolved, Math.min(kept, keep), keep) : undefined;
  for (let i = 0; i < resolved.length; i++) {
    const parts = resolved[i]!;
    sent[i]!.answer = parts;
    const original = messages[i]!.parts;
    if (hasAttached(original)) {
      const attached = original.filter(attachedPart);
      original.splice(0, original.length, ...parts, ...attached);
    } else {
      // Written over in place: no array spread for each of the history's messages on every turn.
      original.length = parts.length;
      for (let j = 0; j < parts.length; j++) original[j] = parts[j]!;
    }
  }
  if (typeof answer.base === "string") {
    const { parts, answered } = maps ?? wholeMaps(sent, resolved);
    const accepts = Array.isArray(answer.accepts) ? answer.accepts : [];
    s.compressDelta = {
      base: answer.base,
      keeps: typeof answer.keep === "number",
      recalls: accepts.includes("recall"),
      records: accepts.includes("injected"),
      prepares: accepts.includes("prepare"),
      warms: accepts.includes("warm"),
      messages: sent,
      sent: parts,
      answer: answered,
    };
  }
  return { nudges: Array.isArray(answer.nudges) ? answer.nudges.filter((n) => typeof n === "string" && n) : [], recall: recalled, recordedInto };
}

/**
 * At `session.idle`: the history as it is now goes to the server in the same delta form as a turn
 * (against the last call, which stays the base), with `prepare: true`; the server does the next
 * turn's compression work now, off that turn's critical path (lib/compression/prepared.ts). The
 * next turn's request and answer are the same as without it. Nothing here changes the session's
 * state; a failure only means the next turn does that work itself.
 */
export async function prepareNextTurn(rt: Runtime, s: SessionState, history: unknown[]): Promise<void> {
  const last = s.compressDelta;
  if (!rt.settings.compress || !last?.prepares || rt.client.breaker.state === "open") return;
  const messages = history.filter((m): m is WithParts => !!m && typeof m === "object" && !!(m as WithParts).info && Array.isArray((m as WithParts).parts));
  if (messages.length !== history.length || !messages.length) return;
  const { sent, keep } = compare(last, messages);
  const kept = last.keeps ? keep : 0;
  await rt.client.post(
    "/api/compress",
    {
      sessionID: s.id,
      prepare: true,
      messages: messages.slice(kept).map((m, i) => ({
        info: m.info,
        parts: own(m).map((p, j) => (sent[kept + i]!.unchanged[j] ? ({ id: p.id, unchanged: true } satisfies Stub) : p)),
      })),
      ...(rt.contextLimit ? { contextLimit: rt.contextLimit } : {}),
      delta: { base: last.base, ...(last.keeps ? { keep } : {}) },
    },
    { timeoutMs: rt.settings.compressTimeoutMs },
  );
}

/** Both maps by part id built over every message: the snapshots sent, and the parts answered. */
function wholeMaps(sent: SentMessage[], resolved: Part[][]): { parts: Map<string, Snapshot>; answered: Map<string, Part> } {
  const parts = new Map<string, Snapshot>();
  const answered = new Map<string, Part>();
  for (const m of sent) for (let j = 0; j < m.partIds.length; j++) parts.set(m.partIds[j]!, m.parts[j]);
  for (const ps of resolved) for (const p of ps) answered.set(p.id, p);
  return { parts, answered };
}

/**
 * The last call's maps (taken over: the caller owns them, see `compressHistory`) updated for this
 * call: the entries of its messages from `answeredFrom` (answers) and `sentFrom` (snapshots) on are
 * removed, and this call's from the same index on added. The messages before are the same as in
 * the last call, so a turn costs what changed rather than a walk over every part. A part id found
 * twice (the sizes then differ from the parts counted) falls back to whole maps, which keep the
 * last one as before.
 */
function updateMaps(
  base: CompressDeltaState,
  sent: SentMessage[],
  resolved: Part[][],
  answeredFrom: number,
  sentFrom: number,
): { parts: Map<string, Snapshot>; answered: Map<string, Part> } {
  if (answeredFrom === 0 || sentFrom === 0) return wholeMaps(sent, resolved);
  const { sent: parts, answer: answered } = base;
  for (let i = answeredFrom; i < base.messages.length; i++) for (const p of base.messages[i]!.answer) answered.delete(p.id);
  for (let i = sentFrom; i < base.messages.length; i++) for (const id of base.messages[i]!.partIds) parts.delete(id);
  let answers = 0;
  let snapshots = 0;
  for (let i = 0; i < resolved.length; i++) {
    const ps = resolved[i]!;
    answers += ps.length;
    if (i >= answeredFrom) for (const p of ps) answered.set(p.id, p);
    const m = sent[i]!;
    snapshots += m.partIds.length;
    if (i >= sentFrom) for (let j = 0; j < m.partIds.length; j++) parts.set(m.partIds[j]!, m.parts[j]);
  }
  return answered.size === answers && parts.size === snapshots ? { parts, answered } : wholeMaps(sent, resolved);
}

/** Every flag set (a plain loop: it runs for most messages of the history every turn). */
function allTrue(flags: boolean[]): boolean {
  for (let i = 0; i < flags.length; i++) if (!flags[i]) return false;
  return true;
}

/** The recall part of an answer, checked as a separate recall answer is (SHAPES.recall). */
const validRecall = (r: unknown): r is RecallContextDto => SHAPES.recall(r);

/**
 * Each message as it goes now, against the last call: a snapshot of its info and own parts (the
 * previous one when nothing changed), which parts are unchanged, and how many leading messages
 * are the previous call's, unchanged (`keep`).
 */
function compare(prev: CompressDeltaState | undefined, messages: WithParts[]): { sent: SentMessage[]; keep: number } {
  const sent: SentMessage[] = [];
  let keep = 0;
  let leading = true;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    const parts = own(m);
    const before = prev?.messages[i];
    if (leading && before && sameMessage(before, m, parts)) {
      // The whole message as in the last call: its record again (it was all stubs then too), or one
      // sharing its snapshots and answer (it had new parts then). Most of a long history, every turn.
      keep++;
      sent.push(allTrue(before.unchanged) ? before : { ...before, unchanged: new Array<boolean>(parts.length).fill(true), answer: before.answer });
      continue;
    }
    const unchanged = parts.map((p) => {
      const last = prev?.sent.get(p.id);
      return last !== undefined && sameAsSnapshot(p, last);
    });
    const partSnaps = parts.map((p, j) => (unchanged[j] ? prev!.sent.get(p.id) : snapshot(p)));
    const sameInfo = before !== undefined && before.id === m.info.id && sameAsSnapshot(m.info, before.info);
    const info = sameInfo ? before.info : snapshot(m.info);
    const same = sameInfo && before.parts.length === parts.length && partSnaps.every((p, j) => p === before.parts[j]);
    if (leading && same) keep++;
    else leading = false;
    sent.push({ id: m.info.id, info, partIds: parts.map((p) => p.id), parts: partSnaps, unchanged, answer: same ? before.answer : [] });
  }
  return { sent, keep };
}

/** The message's id, info and parts are those of the same message in the last call (ids in order, each equal to its snapshot). */
function sameMessage(before: SentMessage, m: WithParts, parts: Part[]): boolean {
  if (before.id !== m.info.id || before.parts.length !== parts.length || !sameAsSnapshot(m.info, before.info)) return false;
  for (let j = 0; j < parts.length; j++) if (parts[j]!.id !== before.partIds[j] || !sameAsSnapshot(parts[j], before.parts[j])) return false;
  return true;
}

/**
 * The server did not answer: every part sent unchanged in the last successful call goes out as it
 * was answered then (the compressed form the provider has cached), the rest as it is. An outage
 * then changes nothing the model already saw, and the cached prefix survives it.
 */
function keepCompressed(s: SessionState, messages: WithParts[]): CompressedTurn {
  const last = s.compressDelta;
  if (!last) return NONE;
  for (const m of messages)
    m.parts.forEach((p, i) => {
      if (p.id.startsWith(ATTACHED_PART_PREFIX)) return;
      const answered = last.answer.get(p.id);
      const sentAs = last.sent.get(p.id);
      if (answered && sentAs !== undefined && sameAsSnapshot(p, sentAs)) m.parts[i] = answered;
    });
  return NONE;
}
