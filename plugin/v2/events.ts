import type { Event } from "@opencode-ai/sdk";
import type { PluginEvent } from "./api";

/** V2 events that mean the model is working (a loop's watchdog counts them as progress). */
const PROGRESS: Record<string, string> = {
  "session.step.started": "step-start",
  "session.step.ended": "step-finish",
  "session.text.ended": "text",
  "session.reasoning.ended": "reasoning",
  "session.tool.called": "tool",
  "session.tool.progress": "tool",
};

/**
 * OpenCode 2's session events as the V1 events the core's `event` hook reads. The envelope is
 * `{ id, created, type, location?, data }` (`SessionCreated`, `SessionExecutionSucceeded`, ... in
 * packages/client/src/promise/generated/types.ts). A run of the session ending
 * (`session.execution.succeeded`) is V1's `session.idle`; failing (`session.execution.failed`,
 * `error: { type, message }`) is `session.error`; `session.compaction.ended` is `session.compacted`;
 * `session.created` (with `parentID` for a sub-agent) is `session.created`; a step, a text, a tool
 * call of the model is a V1 part update (a loop's progress).
 */
export function v1Event(e: PluginEvent): Event | undefined {
  const data = (e.data ?? e.properties ?? {}) as Record<string, unknown>;
  const sessionID = typeof data.sessionID === "string" ? data.sessionID : undefined;
  if (!sessionID) return undefined;
  const v1 = (type: string, properties: Record<string, unknown>) => ({ type, properties }) as unknown as Event;
  const progress = PROGRESS[e.type];
  if (progress)
    return typeof data.assistantMessageID === "string"
      ? v1("message.part.updated", { part: { id: `${data.assistantMessageID}:${e.type}`, sessionID, messageID: data.assistantMessageID, type: progress } })
      : undefined;
  switch (e.type) {
    case "session.created":
      return v1("session.created", {
        info: {
          id: sessionID,
          title: typeof data.title === "string" ? data.title : "",
          ...(typeof data.parentID === "string" ? { parentID: data.parentID } : {}),
        },
      });
    case "session.execution.succeeded":
      return v1("session.idle", { sessionID });
    case "session.execution.failed": {
      const error = (data.error ?? {}) as { type?: string; message?: string };
      return v1("session.error", { sessionID, error: { name: error.type ?? "UnknownError", data: { message: error.message ?? "" } } });
    }
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
