import type { Event } from "@opencode-ai/sdk";
import type { PluginEvent } from "./api";

/**
 * OpenCode 2's session events (packages/schema/src/session-event.ts) as the V1 events the core's
 * `event` hook reads. A run of the session ending (`session.execution.succeeded`) is V1's
 * `session.idle`; `session.compaction.ended` is `session.compacted`. V2 has no `session.created`:
 * the entry raises it itself for a session's first request (plugin/v2/entry.ts).
 */
export function v1Event(e: PluginEvent): Event | undefined {
  const data = (e.data ?? e.properties ?? {}) as Record<string, unknown>;
  const sessionID = typeof data.sessionID === "string" ? data.sessionID : undefined;
  if (!sessionID) return undefined;
  const v1 = (type: string, properties: Record<string, unknown>) => ({ type, properties }) as unknown as Event;
  switch (e.type) {
    case "session.execution.succeeded":
      return v1("session.idle", { sessionID });
    case "session.compaction.ended":
      return v1("session.compacted", { sessionID });
    case "session.renamed":
      return typeof data.title === "string" ? v1("session.updated", { info: { id: sessionID, title: data.title } }) : undefined;
    case "session.deleted":
      return v1("session.deleted", { info: { id: sessionID } });
    default:
      return undefined;
  }
}
