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
}

export interface LoopEventSink {
  onSessionEvent(sessionID: string, type: "progress" | "idle" | "error", error?: unknown): void;
}

export interface LoopRegistry {
  sessions: Map<string, LoopSessionInfo>;
  /** Drivers by loop id (one per loop in this process). */
  drivers: Map<string, LoopEventSink & { cancel(): Promise<void> }>;
}

const KEY = Symbol.for("recollect.loops");

export function loopRegistry(): LoopRegistry {
  const g = globalThis as unknown as Record<symbol, LoopRegistry | undefined>;
  g[KEY] ??= { sessions: new Map(), drivers: new Map() };
  return g[KEY]!;
}

/** Routes an OpenCode event of a loop session to its driver (from any plugin instance). */
export function forwardLoopEvent(event: { type: string; properties?: Record<string, unknown> }) {
  const reg = loopRegistry();
  const p = event.properties ?? {};
  let sessionID: string | undefined;
  let type: "progress" | "idle" | "error" | undefined;
  if (event.type === "session.idle") {
    sessionID = p.sessionID as string;
    type = "idle";
  } else if (event.type === "session.error") {
    sessionID = p.sessionID as string | undefined;
    type = "error";
  } else if (event.type === "message.part.updated") {
    sessionID = (p.part as { sessionID?: string } | undefined)?.sessionID;
    type = "progress";
  } else if (event.type === "message.updated") {
    sessionID = (p.info as { sessionID?: string } | undefined)?.sessionID;
    type = "progress";
  }
  if (!sessionID || !type) return;
  const info = reg.sessions.get(sessionID);
  if (!info) return;
  reg.drivers.get(info.loopId)?.onSessionEvent(sessionID, type, p.error);
}
