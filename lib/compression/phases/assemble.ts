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
      const part = slot.part;
      out[slot.mi].parts[slot.pi] = slot.field === "text" ? { ...part, text: shown } : { ...part, state: { ...part.state!, [slot.field]: shown } };
    }
  }
  return { out, tokensAfter, byStrategy: sortKeys(byStrategy) };
}

const sortKeys = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
