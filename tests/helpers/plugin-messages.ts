import type { Message, Part } from "@opencode-ai/sdk";

/** A message as OpenCode hands it to the plugin's hooks. */
export type WithParts = { info: Message; parts: Part[] };

/**
 * Ids in OpenCode's sortable shape (`msg_000001`, `prt_000002`, one counter per call of this), and a
 * user message made with them: the plugin tests build their sessions from these.
 */
export function messageIds() {
  let n = 0;
  const uid = (prefix: string) => `${prefix}_${String(++n).padStart(6, "0")}`;
  const user = (sessionID: string, text: string): WithParts => {
    const id = uid("msg");
    return { info: { id, sessionID, role: "user" } as Message, parts: [{ id: uid("prt"), sessionID, messageID: id, type: "text", text } as Part] };
  };
  /** A completed bash tool call of message `messageID`, with its `output`. */
  const bashPart = (sessionID: string, messageID: string, command: string, output: string): Part =>
    ({
      id: uid("prt"),
      sessionID,
      messageID,
      type: "tool",
      callID: uid("call"),
      tool: "bash",
      state: { status: "completed", input: { command }, output, title: "bash", metadata: {}, time: { start: 1, end: 2 } },
    }) as Part;
  return { uid, user, bashPart };
}
