import type { CachedPart } from "../cache";
import { runAll, STEP_ITEMS, type Steps } from "../../slices";
import type { OcMessage } from "../schema";
import type { Slot } from "./measure";
import type { Selection } from "./select";
import type { AssembledPrefix, MessageStats } from "../turn-memo";
import { PROGRESS_STRATEGY } from "../progress";

/**
 * Phase 5, assemble: the answer's messages (changed parts and their messages are copies; the
 * rest is returned as it came), the tokens after compression and the tokens saved by strategy
 * (the compressed results', then the first-send views' of measure: ./measure.ts).
 */
export function assemble(messages: OcMessage[], slots: Slot[], known: Selection["known"], computed: CachedPart[]): Assembled {
  return runAll(assembleSteps(messages, slots, slotStarts(messages.length, slots), known, computed));
}

export interface Assembled {
  out: OcMessage[];
  tokensAfter: number;
  byStrategy: Record<string, number>;
  /** By message. */
  stats: MessageStats[];
  /** The messages assembled by this call (the others were the previous call's: `AssembledPrefix`). */
  assembled: number[];
}

/** The first slot of each message, and the slot count at `messageCount`. */
export function slotStarts(messageCount: number, slots: Slot[]): Int32Array {
  const starts = new Int32Array(messageCount + 1).fill(slots.length);
  for (let j = slots.length - 1; j >= 0; j--) starts[slots[j].mi] = j;
  for (let m = messageCount - 1; m >= 0; m--) starts[m] = Math.min(starts[m], starts[m + 1]);
  return starts;
}

/** `assemble` as steps, one per STEP_ITEMS parts (lib/slices.ts); after `prefix` when given. */
export function* assembleSteps(
  messages: OcMessage[],
  slots: Slot[],
  starts: Int32Array,
  known: Selection["known"],
  computed: CachedPart[],
  prefix?: AssembledPrefix,
): Steps<Assembled> {
  const kept = prefix?.messages ?? 0;
  const out = prefix ? prefix.out.slice(0, kept) : [];
  const stats = prefix ? prefix.stats.slice(0, kept) : [];
  const assembled: number[] = [];
  let items = 0;
  const one = (mi: number) => {
    const [message, stat] = assembleMessage(messages[mi], slots, starts[mi], starts[mi + 1], known, computed);
    out[mi] = message;
    stats[mi] = stat;
    assembled.push(mi);
    items += starts[mi + 1] - starts[mi] + 1;
  };
  for (const mi of prefix?.redo ?? []) one(mi);
  for (let mi = kept; mi < messages.length; mi++) {
    one(mi);
    if (items >= STEP_ITEMS) {
      items = 0;
      yield;
    }
  }
  // Summed by message: integers, so the same sums as slot by slot. The views' keys come after the
  // results' (sorted), in the order they first save something.
  let tokensAfter = 0;
  const byResult: Record<string, number> = {};
  const byView = new Map<string, number>();
  for (let mi = 0; mi < stats.length; mi++) {
    const { t, s, v } = stats[mi];
    tokensAfter += t;
    if (s) for (const name in s) byResult[name] = (byResult[name] ?? 0) + s[name];
    if (v) for (const [name, saved] of v) byView.set(name, (byView.get(name) ?? 0) + saved);
    if (mi % STEP_ITEMS === 0) yield;
  }
  const byStrategy = sortKeys(byResult);
  for (const [name, saved] of byView) byStrategy[name] = (byStrategy[name] ?? 0) + saved;
  return { out, tokensAfter, byStrategy, stats, assembled };
}

/** One message of the answer (a copy when a part changed) and what it adds to the totals; slots [from, to) are its own. */
function assembleMessage(
  input: OcMessage,
  slots: Slot[],
  from: number,
  to: number,
  known: Selection["known"],
  computed: CachedPart[],
): [OcMessage, MessageStats] {
  const stat: MessageStats = { t: 0 };
  let copy: OcMessage | undefined;
  for (let i = from; i < to; i++) {
    const slot = slots[i];
    const k = known[i];
    const result = k === undefined ? undefined : typeof k === "number" ? computed[k] : k;
    stat.t += result ? result.t : slot.entry.tokens;
    if (result) {
      const s = (stat.s ??= {});
      for (const name in result.s) s[name] = (s[name] ?? 0) + result.s[name];
    }
    const view = slot.entry.view;
    if (view) for (const [name, saved] of Object.entries(view.by ?? { [PROGRESS_STRATEGY]: view.saved })) if (saved) (stat.v ??= []).push([name, saved]);
    // Left as it is, a part is still shown as the later phases saw it (without its progress lines).
    const shown = result && result.v !== null ? result.v : view?.text;
    if (shown === undefined) continue;
    copy ??= { ...input, parts: input.parts.slice() };
    copy.parts[slot.pi] = shownPart(slot, shown);
  }
  // A copied message whose parts are all the ones its previous answer held is that answer again.
  return [copy ? sameAsLastTime(input, copy) : input, stat];
}

/**
 * The answer's parts and messages of the last call, by the request's objects. The delta exchange
 * (lib/compression/delta.ts) hands the pipeline the previous call's objects for what did not
 * change; giving back the previous answer's objects for them lets the delta answer see "unchanged"
 * by identity instead of comparing every compressed part's text again. The pipeline never mutates
 * its input nor, once answered, its output, so an object seen again has the same content.
 */
const partsShown = new WeakMap<object, { shown: string; part: OcMessage["parts"][number] }>();
const messagesShown = new WeakMap<OcMessage, OcMessage>();

function shownPart(slot: Slot, shown: string): OcMessage["parts"][number] {
  const part = slot.part;
  const last = partsShown.get(part);
  if (last && last.shown === shown) return last.part;
  const made = slot.field === "text" ? { ...part, text: shown } : { ...part, state: { ...part.state!, [slot.field]: shown } };
  partsShown.set(part, { shown, part: made });
  return made;
}

function sameAsLastTime(input: OcMessage, made: OcMessage): OcMessage {
  const last = messagesShown.get(input);
  if (last && last.parts.length === made.parts.length && last.parts.every((p, i) => p === made.parts[i])) return last;
  messagesShown.set(input, made);
  return made;
}

const sortKeys = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
