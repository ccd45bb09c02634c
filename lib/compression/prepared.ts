import type { CachedPart, PartEntry } from "./part-memory";
import type { Level } from "./pressure";
import type { Slot } from "./phases/measure";

/**
 * The next turn's compression, prepared while the session is idle (`POST /api/compress` with
 * `prepare: true`, sent by the plugin at `session.idle`): the strategies' results for the parts
 * that will age at the next request, computed off that request's critical path.
 *
 * A prepared result stands in for `compressPart` only where that call would get exactly the same
 * inputs: the same cache key (part id, content digest, level, configuration), the same position
 * and role, the same part entry (the same text, header and view: entries are replaced, never
 * changed), and the same tool slots in the whole history (what the strategies look back or ahead
 * at: phases/history.ts), compared entry by entry. Anything else (a new tool call, a revert, a
 * level the new message tipped over, a lost or evicted entry) and the part is compressed as today.
 * So the answer is byte-identical with or without a prepared turn; only where the work runs moves.
 */
/** A compressed original to store (./compressed-originals.ts `CompressedOriginal`; not imported: that module reads the ctx). */
interface OriginalRow {
  hash: string;
  content: string;
  tool: string | null;
  sessionId: string | null;
}

export interface PreparedPart {
  result: CachedPart;
  /** The compressed originals `compressPart` added for this part (stored with the turn's rows). */
  originals: OriginalRow[];
  mi: number;
  pi: number;
  role: string;
  level: Level;
  entry: PartEntry;
}

export interface PreparedTurn {
  /** The tool slots of the history prepared on, flattened: mi, pi, field, entry per slot. */
  tools: unknown[];
  /** By cache key (phases/select.ts). */
  parts: Map<string, PreparedPart>;
}

/** By redacted session id; one prepared turn a session, the latest (`ctx.services.preparedTurns`). */
export type PreparedTurns = Map<string, PreparedTurn>;

const MAX_SESSIONS = 16;
/**
 * Characters one prepared turn holds at most (results and the originals to store): a normal idle
 * prepares the few parts the next message ages; a whole history sent to prepare stops here and the
 * rest is compressed by the turn, as without it.
 */
export const MAX_PREPARED_CHARS = 4 * 1024 * 1024;

/** What a history's tool slots are, for the comparison above. */
export function toolMarks(slots: readonly Slot[]): unknown[] {
  const out: unknown[] = [];
  for (const s of slots) if (s.kind === "tool") out.push(s.mi, s.pi, s.field, s.entry);
  return out;
}

export function keepPrepared(turns: PreparedTurns, sessionId: string, turn: PreparedTurn): void {
  turns.delete(sessionId);
  turns.set(sessionId, turn);
  while (turns.size > MAX_SESSIONS) turns.delete(turns.keys().next().value as string);
}

/**
 * The session's prepared turn (taken: it serves one request) when it was prepared on the same tool
 * slots as `slots`; undefined otherwise.
 */
export function takePrepared(turns: PreparedTurns, sessionId: string, slots: readonly Slot[]): PreparedTurn | undefined {
  const turn = turns.get(sessionId);
  if (!turn) return undefined;
  turns.delete(sessionId);
  const marks = toolMarks(slots);
  if (marks.length !== turn.tools.length) return undefined;
  for (let i = 0; i < marks.length; i++) if (marks[i] !== turn.tools[i]) return undefined;
  return turn;
}

/** The prepared result for a pending slot, when every input of its `compressPart` call is the same. */
export function preparedFor(turn: PreparedTurn | undefined, key: string, slot: Slot, role: string, level: Level): PreparedPart | undefined {
  const p = turn?.parts.get(key);
  if (!p) return undefined;
  return p.mi === slot.mi && p.pi === slot.pi && p.role === role && p.level === level && p.entry === slot.entry ? p : undefined;
}
