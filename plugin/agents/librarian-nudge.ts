import type { ContextSummaryDto } from "../../lib/contracts/context";
import type { Runtime } from "../runtime";

/**
 * After a compaction, when memories wait for review (suggested by this checkpoint or by extraction
 * during the session), the next turn (OpenCode's automatic "continue") is told to hand their review
 * to the librarian: a note, not a model call of ours.
 */
export function librarianNudge(inbox: number): string | undefined {
  if (inbox <= 0) return undefined;
  return [
    `[Recollect] ${inbox} suggested memories (not active yet) wait for review after this compaction.`,
    `Hand their review to the librarian subagent (task tool, agent "librarian"): it keeps the durable ones and archives the rest. Then go on with the task.`,
  ].join("\n");
}

/** Sets the note for a session's next turn when the project's inbox is not empty. */
export async function queueLibrarianNudge(rt: Runtime, sessionID: string): Promise<void> {
  if (!rt.settings.agents) return;
  const res = await rt.client.get<ContextSummaryDto>("/api/context/summary", { query: { directory: rt.directory }, timeoutMs: rt.settings.turnTimeoutMs });
  const nudge = res.ok ? librarianNudge(res.data.inbox) : undefined;
  if (!nudge) return;
  const s = rt.sessions.get(sessionID);
  s.pendingNote = s.pendingNote ? `${s.pendingNote}\n\n${nudge}` : nudge;
}
