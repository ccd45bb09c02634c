import type { OpenCodeMessage } from "../contracts/checkpoints";
import { runAll, type Steps } from "../slices";

export interface RoleText {
  role: "user" | "assistant";
  text: string;
  messageId: string | null;
}

/** Blocks Recollect itself injected (resume, recall, nudges) are not the user's words. */
const INJECTED = /^\s*(?:<recollect\b|\[recollect\]|## (?:Resuming|Recollect)\b)/i;

/** The user and assistant prose of OpenCode messages: text parts only (no tool output, no synthetic parts). */
export function messageTexts(messages: readonly OpenCodeMessage[]): RoleText[] {
  return runAll(messageTextsSteps(messages));
}

/** `messageTexts` as steps, one a message (lib/slices.ts). */
export function* messageTextsSteps(messages: readonly OpenCodeMessage[]): Steps<RoleText[]> {
  const out: RoleText[] = [];
  for (const m of messages) {
    yield;
    const role = m.info.role;
    if (role !== "user" && role !== "assistant") continue;
    const parts = m.parts.filter((p) => p.type === "text" && typeof p.text === "string" && !p.synthetic && !p.ignored);
    const text = parts
      .map((p) => p.text as string)
      .filter((t) => !INJECTED.test(t))
      .join("\n")
      .trim();
    if (text) out.push({ role, text, messageId: typeof m.info.id === "string" ? m.info.id : null });
  }
  return out;
}
