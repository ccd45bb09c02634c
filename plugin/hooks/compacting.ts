import type { CaptureCheckpointResult } from "../../lib/contracts/checkpoints";
import { queueLibrarianNudge } from "../agents/librarian-nudge";
import type { Runtime } from "../runtime";
import { SHAPES } from "../shapes";

/**
 * `experimental.session.compacting`: reads the whole history through the OpenCode client, stores
 * it as a checkpoint, and hands the extracted context lines and the structured prompt to the
 * compaction request. Any failure leaves OpenCode's own compaction as it is.
 */
export function compacting(rt: Runtime) {
  return async (input: { sessionID: string }, output: { context: string[]; prompt?: string }) => {
    const s = rt.sessions.get(input.sessionID);
    const messages = await readHistory(rt, input.sessionID);
    if (!messages?.length) return;
    const res = await rt.client.post<CaptureCheckpointResult>(
      "/api/checkpoints",
      { directory: rt.directory, sessionID: input.sessionID, trigger: "compaction", messages },
      { timeoutMs: rt.settings.compactTimeoutMs, expect: SHAPES.checkpoint },
    );
    if (!res.ok) {
      rt.log("warn", `checkpoint not stored: ${res.error}`);
      return;
    }
    const context = Array.isArray(res.data.context) ? res.data.context.filter((l) => typeof l === "string" && l) : [];
    if (typeof res.data.prompt === "string" && res.data.prompt.trim()) {
      // OpenCode (1.18) drops `output.context` when `output.prompt` replaces its prompt, and puts
      // the history after the prompt: the extracted lines go at the prompt's end.
      output.prompt = context.length ? `${res.data.prompt.trimEnd()}\n\n${context.join("\n")}` : res.data.prompt;
    } else output.context.push(...context);
    s.lastCheckpoint = res.data.id;
    await queueLibrarianNudge(rt, input.sessionID);
  };
}

export async function readHistory(rt: Runtime, sessionID: string): Promise<unknown[] | undefined> {
  if (!rt.opencode) return undefined;
  try {
    const res = await withTimeout(rt.opencode.session.messages({ path: { id: sessionID } }), rt.settings.compactTimeoutMs);
    const data = (res as { data?: unknown }).data;
    return Array.isArray(data) ? data : undefined;
  } catch (error) {
    rt.log("warn", `could not read the session history: ${(error as Error).message}`);
    return undefined;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}
