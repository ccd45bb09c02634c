import type { KvEntryDto, PutKvInput } from "../../lib/contracts/kv";
import { joinRecord, segmentKeyOf, segmentsOf, splitEntries } from "../../lib/injection/record-segments";
import type { Runtime } from "../runtime";
import { SHAPES } from "../shapes";
import type { InjectedHeld, SessionState } from "../state";

/**
 * What the plugin injected into a session (its resume block, the blocks attached to its user
 * messages) is kept on the server (`/api/kv`, key `recollect/injected/<session>`), so that after
 * OpenCode restarts, a continued session gets the same bytes from its first message on and the
 * provider's cached prefix still matches.
 */
interface Injected {
  resume: string;
  attached: Record<string, string>;
  /** The memories each message's recall block shows (so a later message does not repeat them). */
  recalled?: Record<string, string[]>;
}

/** A month: longer than a session is continued, shorter than the kv's limit. */
const TTL_SECONDS = 30 * 24 * 3600;
/** The record's head, or its segment `n`. */
const keyOf = (sessionID: string, n?: number) => {
  const head = `/api/kv/recollect/injected/${encodeURIComponent(sessionID)}`;
  return n === undefined ? head : segmentKeyOf(head, n);
};
/** Half the kv's default `maxValueBytes`: a record past it is PUT as segments and a head. */
const BUDGET = 128 * 1024;

/**
 * Once per session in this process: a session created here has nothing to restore; a session
 * first seen mid-way (OpenCode restarted) gets back what was injected before.
 */
export function restoreInjected(rt: Runtime, s: SessionState): Promise<void> {
  if (s.isNew) return Promise.resolve();
  s.restoring ??= (async () => {
    const res = await rt.client.get<KvEntryDto>(keyOf(s.id), { query: { directory: rt.directory }, expect: SHAPES.kvEntry });
    if (!res.ok) {
      // Nothing kept (404) settles it; a failed call is asked again on the next turn.
      if (res.status !== 404) s.restoring = undefined;
      return;
    }
    // A long session's record is a head and its segments (lib/injection/record-segments.ts).
    const head = res.data.value;
    const parts: unknown[] = [];
    for (let n = 0; n < segmentsOf(head); n++) {
      const part = await rt.client.get<KvEntryDto>(keyOf(s.id, n), { query: { directory: rt.directory }, expect: SHAPES.kvEntry });
      if (part.ok) parts.push(part.data.value);
      // An expired segment is gone (404); a failed call is asked again on the next turn.
      else if (part.status !== 404) {
        s.restoring = undefined;
        return;
      }
    }
    const value = (parts.length ? joinRecord(head as Record<string, unknown>, parts) : head) as Partial<Injected> | null;
    if (typeof value?.resume === "string" && s.resume === undefined) s.resume = value.resume;
    for (const [messageID, text] of Object.entries(value?.attached ?? {})) {
      if (typeof text !== "string" || s.attached.has(messageID)) continue;
      s.attached.set(messageID, text);
      s.decided.add(messageID);
    }
    for (const [messageID, ids] of Object.entries(value?.recalled ?? {})) {
      if (Array.isArray(ids) && !s.recalled.has(messageID))
        s.recalled.set(
          messageID,
          ids.filter((id): id is string => typeof id === "string"),
        );
    }
  })();
  return s.restoring;
}

/**
 * Records the session's injected blocks (called when one is decided). To a server whose compress
 * answers take the record (`accepts: ["injected"]`), it is owed and rides in the session's next
 * compress request (plugin/hooks/compress.ts): no request of its own on a turn's path. What is still
 * owed when the session goes idle is sent then (`flushInjected`). `now`: sent at once (fire and
 * forget), off any turn's path.
 */
export function saveInjected(rt: Runtime, s: SessionState, options: { now?: boolean } = {}): void {
  s.injectedVersion = (s.injectedVersion ?? 0) + 1;
  if (!options.now && rt.settings.compress && s.compressDelta?.records) return;
  putInjected(rt, s);
}

/** Sends a record still owed on its own (the session went idle: no compress request may come soon). */
export function flushInjected(rt: Runtime, s: SessionState): void {
  if (injectedOwed(s)) putInjected(rt, s);
}

export const injectedOwed = (s: SessionState) => (s.injectedVersion ?? 0) !== (s.injectedRecorded ?? 0);

/** The record as `PUT /api/kv/recollect/injected/<session>` takes it (the body of a compress request's `injected`). */
export function injectedRecord(rt: Runtime, s: SessionState): PutKvInput {
  const value: Injected = { resume: s.resume ?? "", attached: Object.fromEntries(s.attached), recalled: Object.fromEntries(s.recalled) };
  return { directory: rt.directory, value: value as unknown as PutKvInput["value"], ttlSeconds: TTL_SECONDS };
}

/**
 * The record for a compress request: against the record the server wrote last (`injectedServer`,
 * its `base`), only the entries new or changed since; else the whole record. `held(base)`: the record
 * the server holds once it writes this one under `base`. Against a base, that is the held record
 * with this turn's changes applied in place (the server merges a change the same way, and no
 * entry is ever removed from a session's maps): no copy of the session's maps on every turn.
 * Whole, it is a copy taken now (the session's maps change after).
 */
export function turnRecord(rt: Runtime, s: SessionState): { body: PutKvInput & { base?: string }; held: (base: string) => InjectedHeld } {
  const resume = s.resume ?? "";
  const last = s.injectedServer;
  if (!last) {
    const attached = new Map(s.attached);
    const recalled = new Map(s.recalled);
    return { body: injectedRecord(rt, s), held: (base) => ({ base, resume, attached, recalled }) };
  }
  const value: Partial<Injected> = {};
  if (resume !== last.resume) value.resume = resume;
  const attached: Record<string, string> = {};
  const attachedNow: [string, string][] = [];
  for (const [id, text] of s.attached)
    if (last.attached.get(id) !== text) {
      attached[id] = text;
      attachedNow.push([id, text]);
    }
  if (attachedNow.length) value.attached = attached;
  const recalled: Record<string, string[]> = {};
  const recalledNow: [string, string[]][] = [];
  for (const [id, ids] of s.recalled)
    if (!sameIds(last.recalled.get(id), ids)) {
      recalled[id] = ids;
      recalledNow.push([id, ids]);
    }
  if (recalledNow.length) value.recalled = recalled;
  const held = (base: string): InjectedHeld => {
    // Written against `last.base`: the server held `last` (a second write against it is refused).
    for (const [id, text] of attachedNow) last.attached.set(id, text);
    for (const [id, ids] of recalledNow) last.recalled.set(id, ids);
    last.resume = resume;
    last.base = base;
    return last;
  };
  return { body: { directory: rt.directory, value: value as unknown as PutKvInput["value"], ttlSeconds: TTL_SECONDS, base: last.base }, held };
}

const sameIds = (a: string[] | undefined, b: string[]) => a === b || (!!a && a.length === b.length && a.every((x, i) => x === b[i]));

function putInjected(rt: Runtime, s: SessionState): void {
  const version = s.injectedVersion ?? 0;
  // Written around the compress requests: the record they wrote is no longer the stored one.
  s.injectedServer = undefined;
  void putRecord(rt, s, injectedRecord(rt, s)).then((ok) => {
    if (ok && (s.injectedRecorded ?? 0) < version) s.injectedRecorded = version;
  });
}

/**
 * The whole record in one PUT; past the budget, its entries as segments first, then the head naming
 * them (whose last write is what restoring reads: a head never names a segment not yet written). A
 * server whose `kv.maxValueBytes` is below the default refuses it (413): cut smaller, down to 2 KB.
 */
async function putRecord(rt: Runtime, s: SessionState, record: PutKvInput): Promise<boolean> {
  const value = record.value as unknown as Record<string, unknown>;
  const bytes = Buffer.byteLength(JSON.stringify(value));
  for (let budget = BUDGET; budget >= 2048; budget /= 4) {
    const res = bytes <= budget ? await rt.client.call("PUT", keyOf(s.id), { body: record }) : await putSegments(rt, s, record, value, budget);
    if (res.ok || res.status !== 413) return res.ok;
  }
  return false;
}

async function putSegments(rt: Runtime, s: SessionState, record: PutKvInput, value: Record<string, unknown>, budget: number) {
  const segments = splitEntries(value, budget);
  for (const [n, segment] of segments.entries()) {
    const res = await rt.client.call("PUT", keyOf(s.id, n), { body: { ...record, value: segment as unknown as PutKvInput["value"] } });
    if (!res.ok) return res;
  }
  const head = { ...value, attached: {}, recalled: {}, segments: segments.length };
  return rt.client.call("PUT", keyOf(s.id), { body: { ...record, value: head as unknown as PutKvInput["value"] } });
}
