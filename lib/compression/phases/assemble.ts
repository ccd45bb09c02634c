import type { CachedPart } from "../cache";
import { runAll, STEP_ITEMS, type Steps } from "../../slices";
import type { OcMessage } from "../schema";
import type { Slot } from "./measure";
import type { Selection } from "./select";

/**
 * Phase 5, assemble: the answer's messages (changed parts and their messages are copies; the
 * rest is returned as it came), the tokens after compression and the tokens saved by strategy.
 */
export function assemble(messages: OcMessage[], slots: Slot[], known: Selection["known"], computed: CachedPart[]): Assembled {
  return runAll(assembleSteps(messages, slots, known, computed));
}

interface Assembled {
  out: OcMessage[];
  tokensAfter: number;
  byStrategy: Record<string, number>;
}

/** `assemble` as steps, one per STEP_ITEMS parts (lib/slices.ts). */
export function* assembleSteps(messages: OcMessage[], slots: Slot[], known: Selection["known"], computed: CachedPart[]): Steps<Assembled> {
  const byStrategy: Record<string, number> = {};
  let tokensAfter = 0;
  const out = messages.slice();
  const copied = new Set<number>();
  for (const [i, slot] of slots.entries()) {
    if (i % STEP_ITEMS === 0) yield;
    const k = known[i];
    const result = k === undefined ? undefined : typeof k === "number" ? computed[k] : k;
    tokensAfter += result ? result.t : slot.entry.tokens;
    if (result) for (const name in result.s) byStrategy[name] = (byStrategy[name] ?? 0) + result.s[name];
    // Left as it is, a part is still shown as the later phases saw it (without its progress lines).
    const shown = result && result.v !== null ? result.v : slot.entry.view?.text;
    if (shown !== undefined) {
      if (!copied.has(slot.mi)) {
        copied.add(slot.mi);
        out[slot.mi] = { ...out[slot.mi], parts: out[slot.mi].parts.slice() };
      }
      out[slot.mi].parts[slot.pi] = shownPart(slot, shown);
    }
  }
  // A copied message whose parts are all the ones its previous answer held is that answer again.
  for (const mi of copied) out[mi] = sameAsLastTime(messages[mi], out[mi]);
  return { out, tokensAfter, byStrategy: sortKeys(byStrategy) };
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
