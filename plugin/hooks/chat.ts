import type { Part } from "@opencode-ai/sdk";
import type { ExtractResult } from "../../lib/contracts/extraction";
import type { Runtime } from "../runtime";
import { SHAPES } from "../shapes";
import type { SessionState } from "../state";
import { warmRecall } from "./messages";

/**
 * `chat.message`: queues the user's words for extraction (not the outcomes of the plugin's own
 * slash commands, marked `metadata.recollect`). They are sent when the session goes
 * idle (the turn's end), off the turn's path and after the turn's own `memory_store` calls have
 * landed: extraction then sees them, and does not nudge about what the model just stored. A nudge
 * it returns goes with the next user message, once.
 */
export function chatMessage(rt: Runtime) {
  return async (input: { sessionID: string; messageID?: string }, output: { message?: { id?: string }; parts: Part[] }) => {
    // The turn's recall search, started now (off the turn's path): messages.ts `warmRecall`.
    if (output.parts.length) warmRecall(rt, rt.sessions.get(input.sessionID), output.message?.id ?? input.messageID, output.parts);
    const text = output.parts
      .filter((p): p is Extract<Part, { type: "text" }> => p.type === "text" && !p.synthetic && !p.metadata?.recollect)
      .map((p) => p.text)
      .join("\n")
      .trim();
    if (!text) return;
    const s = rt.sessions.get(input.sessionID);
    s.latestRequest = text.split("\n")[0];
    if (rt.settings.extract) s.pendingExtract.push(text.slice(0, 200_000));
  };
}

/** Sends the queued user text to extraction (at idle; never on a turn's path). */
export async function flushExtraction(rt: Runtime, s: SessionState): Promise<void> {
  if (!s.pendingExtract.length) return;
  const text = s.pendingExtract.join("\n\n").slice(0, 200_000);
  s.pendingExtract = [];
  const res = await rt.client.post<ExtractResult>(
    "/api/extract",
    { directory: rt.directory, sessionID: s.id, text, trigger: "message" },
    { expect: SHAPES.extract },
  );
  if (res.ok) noteNudge(s, res.data);
}

/** Keeps an extraction's nudge for the next user message (with the suggestions of one not sent yet). */
export function noteNudge(s: SessionState, result: ExtractResult): void {
  if (!result.nudge) return;
  const ids = result.suggestions.filter((x) => !x.deduplicated && typeof x.memoryId === "string").map((x) => x.memoryId);
  s.pendingNudge = { text: result.nudge, ids: [...new Set([...(s.pendingNudge?.ids ?? []), ...ids])].slice(-20) };
}

const FILE_TOOLS = new Set(["edit", "write", "patch", "multiedit", "read"]);

/** `tool.execute.after`: notes the files the session touched (sent with the next heartbeat). */
export function toolAfter(rt: Runtime) {
  return async (input: { tool: string; sessionID: string; args?: Record<string, unknown> }) => {
    if (!FILE_TOOLS.has(input.tool)) return;
    const file = input.args?.filePath ?? input.args?.path;
    if (typeof file === "string" && file) rt.sessions.get(input.sessionID).files.add(file);
  };
}
