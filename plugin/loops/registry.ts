/**
 * Process-wide loop state. OpenCode runs one plugin instance per directory, and a loop's sessions
 * live in its worktree's directory: the instance that drives a loop and the one that sees its
 * sessions' events and tool calls may differ. They meet here (one Bun process, one globalThis).
 */
export interface LoopSessionInfo {
  loopId: string;
  kind: "code" | "audit";
  /** The repository the loop was started from (findings are kept for its project). */
  repoDir: string;
  /** A sandboxed loop's container. */
  container?: string;
  /** Where the worktree is mounted in the container. */
  hostDir?: string;
  /** A sub-agent's session (the `task` tool) started from this loop session: guarded the same way. */
  parent?: string;
}

export type LoopEventType = "progress" | "idle" | "error";

export interface LoopEventSink {
  onSessionEvent(sessionID: string, type: LoopEventType, error?: unknown): void;
}

export interface LoopRegistry {
  sessions: Map<string, LoopSessionInfo>;
  /** Sessions found not to descend from a loop session while loops ran (a session's parent never changes). */
  notLoop: Set<string>;
  /** Drivers by loop id (one per loop in this process). */
  drivers: Map<string, LoopEventSink & { cancel(): Promise<void> }>;
  /** Ids of user messages seen in loop sessions (their parts are not the model's progress). */
  userMessages: Set<string>;
}

const MODEL_PARTS = new Set(["text", "reasoning", "tool", "step-finish", "patch"]);

const KEY = Symbol.for("recollect.loops");

export function loopRegistry(): LoopRegistry {
  const g = globalThis as unknown as Record<symbol, LoopRegistry | undefined>;
  g[KEY] ??= { sessions: new Map(), notLoop: new Set(), drivers: new Map(), userMessages: new Set() };
  return g[KEY]!;
}

/** A sub-agent of a loop session is registered with its root loop session's rules. */
function adopt(reg: LoopRegistry, id: string, parentID: string): LoopSessionInfo | undefined {
  const parent = reg.sessions.get(parentID);
  if (!parent) return undefined;
  const info = { ...parent, parent: parent.parent ?? parentID };
  reg.sessions.set(id, info);
  return info;
}

/** How deep a chain of sub-agents is followed up to its loop session. */
const MAX_DEPTH = 8;

/**
 * The loop rules of a session a tool is about to run in. A sub-agent's first tool call can come
 * before its `session.created` event has been handled (events arrive on their own), so while a loop
 * runs, an unknown session's ancestors are looked up (`parentOf`, OpenCode's API) once. `parentOf`
 * answers undefined for a session without a parent and throws when it cannot tell: then nothing is
 * remembered, and the `session.created` event still registers the sub-agent when it comes.
 */
export async function loopSessionFor(sessionID: string, parentOf: (id: string) => Promise<string | undefined>): Promise<LoopSessionInfo | undefined> {
  const reg = loopRegistry();
  const known = reg.sessions.get(sessionID);
  if (known || reg.drivers.size === 0 || reg.notLoop.has(sessionID)) return known;
  const chain = [sessionID];
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    let parent: string | undefined;
    try {
      parent = await parentOf(chain[chain.length - 1]);
    } catch {
      return undefined;
    }
    if (!parent) break;
    if (reg.sessions.has(parent)) {
      // Registered from the top down: each one's parent is known when it is adopted.
      let info: LoopSessionInfo | undefined;
      let up = parent;
      for (let i = chain.length - 1; i >= 0; i--) {
        info = adopt(reg, chain[i], up);
        up = chain[i];
      }
      return info;
    }
    if (reg.notLoop.has(parent)) break;
    chain.push(parent);
  }
  if (reg.notLoop.size > 10_000) reg.notLoop.clear();
  for (const id of chain) reg.notLoop.add(id);
  return undefined;
}

/** Routes an OpenCode event of a loop session to its driver (from any plugin instance). */
export function forwardLoopEvent(event: { type: string; properties?: Record<string, unknown> }) {
  const reg = loopRegistry();
  const p = event.properties ?? {};
  let sessionID: string | undefined;
  let type: LoopEventType | undefined;
  if (event.type === "session.created") {
    // A sub-agent of a loop session (the `task` tool) runs under the same rules: no push, the same sandbox.
    const info = p.info as { id?: string; parentID?: string } | undefined;
    if (info?.id && info.parentID) adopt(reg, info.id, info.parentID);
    return;
  }
  if (event.type === "session.idle") {
    sessionID = p.sessionID as string;
    type = "idle";
  } else if (event.type === "session.error") {
    sessionID = p.sessionID as string | undefined;
    type = "error";
  } else if (event.type === "message.updated") {
    // The prompt we send is no progress: only what the model streams back counts.
    const info = p.info as { id?: string; role?: string } | undefined;
    if (info?.role === "user" && info.id) reg.userMessages.add(info.id);
    if (reg.userMessages.size > 1000) reg.userMessages.clear();
    return;
  } else if (event.type === "message.part.updated") {
    const part = p.part as { sessionID?: string; messageID?: string; type?: string } | undefined;
    if (!part?.messageID || reg.userMessages.has(part.messageID) || !MODEL_PARTS.has(part.type ?? "")) return;
    sessionID = part.sessionID;
    type = "progress";
  }
  if (!sessionID || !type) return;
  const info = reg.sessions.get(sessionID);
  if (!info) return;
  // A sub-agent working is the loop session making progress; its idle or error is not the loop's.
  if (info.parent) {
    if (type === "progress") reg.drivers.get(info.loopId)?.onSessionEvent(info.parent, type);
    return;
  }
  reg.drivers.get(info.loopId)?.onSessionEvent(sessionID, type, p.error);
}
