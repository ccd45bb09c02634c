import { createHash } from "node:crypto";
import { countTokens } from "../../token-count";
import type { PartEntry, PartMemory } from "../part-memory";
import type { OcMessage, OcPart } from "../schema";

/** A part whose model-visible content (one field) the pipeline may compress. */
export interface Slot {
  mi: number;
  pi: number;
  part: OcPart;
  kind: "text" | "reasoning" | "tool";
  field: "text" | "output" | "error";
  text: string;
  entry: PartEntry;
}

function fieldOf(part: OcPart): { kind: Slot["kind"]; field: Slot["field"]; text: string } | undefined {
  if (part.type === "text" || part.type === "reasoning") return { kind: part.type, field: "text", text: part.text ?? "" };
  if (part.type === "tool" && part.state) {
    if (part.state.status === "completed") return { kind: "tool", field: "output", text: part.state.output ?? "" };
    if (part.state.status === "error") return { kind: "tool", field: "error", text: part.state.error ?? "" };
  }
  return undefined;
}

const toolHeader = (part: OcPart) => `${part.tool}\n${JSON.stringify(part.state?.input ?? {})}`;

/** A digest of what the slot's result depends on (computed once per part content). */
export const digestOf = (slot: Slot) =>
  (slot.entry.digest ??= createHash("sha1")
    .update(slot.kind)
    .update("\0")
    .update(slot.entry.header)
    .update("\0")
    .update(slot.field)
    .update("\0")
    .update(slot.text)
    .digest("base64url"));

/**
 * Phase 2, measure: every part's model-visible content gets a token count, kept in memory per part
 * id with the content it belongs to (the history is resent whole every turn; tokenizing or even
 * hashing it again would dominate the call).
 */
export function measure(messages: OcMessage[], memory: PartMemory): { slots: Slot[]; tokensBefore: number } {
  const slots: Slot[] = [];
  let tokensBefore = 0;
  for (let mi = 0; mi < messages.length; mi++) {
    const parts = messages[mi].parts;
    for (let pi = 0; pi < parts.length; pi++) {
      const part = parts[pi];
      const f = fieldOf(part);
      if (!f) continue;
      const header = f.kind === "tool" ? toolHeader(part) : "";
      let entry = memory.get(part.id);
      if (!entry || entry.text !== f.text || entry.header !== header) {
        const headerTokens = header ? countTokens(header) : 0;
        entry = { text: f.text, header, headerTokens, tokens: headerTokens + countTokens(f.text), results: new Map() };
        memory.set(part.id, entry);
      }
      tokensBefore += entry.tokens;
      slots.push({ mi, pi, part, ...f, entry });
    }
  }
  return { slots, tokensBefore };
}
