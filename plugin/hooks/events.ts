import type { Event } from "@opencode-ai/sdk";
import type { CaptureCheckpointResult } from "../../lib/contracts/checkpoints";
import type { ExtractResult } from "../../lib/contracts/extraction";
import type { Runtime } from "../runtime";
import type { SessionState } from "../state";
import { SHAPES } from "../shapes";
import { flushExtraction, noteNudge } from "./chat";
import { readHistory } from "./compacting";
import { prepareNextTurn } from "./compress";
import { flushInjected, saveInjected } from "./injected";
import { ensureResume } from "./system";

/**
 * `event`: session lifecycle. Nothing here is on a turn's critical path: the calls are fired, not
 * awaited, so a slow server never holds OpenCode's event loop.
 */
export function events(rt: Runtime) {
  return async ({ event }: { event: Event }) => {
    switch (event.type) {
      case "session.created": {
        const info = event.properties.info;
        const s = rt.sessions.get(info.id);
        if (info.parentID) {
          s.resume = ""; // a sub-agent's session: no registration, no resume block
          return;
        }
        s.isNew = true;
        // Registered first: the resume call records its delivery on the session's row.
        s.registration = register(rt, info.id, info.title);
        if (rt.settings.resume) void ensureResume(rt, s);
        return;
      }
      case "session.updated": {
        const info = event.properties.info;
        const s = rt.sessions.has(info.id) ? rt.sessions.get(info.id) : undefined;
        // OpenCode names the session after its first turn: pass the title on.
        if (s?.registered && info.title && info.title !== s.title) {
          s.title = info.title;
          void rt.client.post(`/api/sessions/${encodeURIComponent(info.id)}/heartbeat`, { directory: rt.directory, title: info.title.slice(0, 500) });
        }
        return;
      }
      case "session.idle":
        void idle(rt, event.properties.sessionID);
        return;
      case "session.compacted": {
        const s = rt.sessions.get(event.properties.sessionID);
        // The summary now carries what the resume block said; the prefix is rewritten anyway: the
        // pinned block takes its latest version (a memory pinned since shows from here on).
        s.resume = "";
        s.stableRefresh = true;
        saveInjected(rt, s, { now: true });
        return;
      }
      case "session.deleted": {
        const id = event.properties.info.id;
        void rt.client.post(`/api/sessions/${encodeURIComponent(id)}/end`, {});
        rt.sessions.delete(id);
        return;
      }
    }
  };
}

async function register(rt: Runtime, sessionID: string, title?: string) {
  const s = rt.sessions.get(sessionID);
  if (s.registered) return;
  const res = await rt.client.post("/api/sessions", { directory: rt.directory, sessionID, ...(title ? { title: title.slice(0, 500) } : {}) });
  s.registered = res.ok;
  if (title) s.title = title;
}

/** Heartbeat (what the session works on, files touched), a checkpoint of its state, and extraction over the new messages. */
async function idle(rt: Runtime, sessionID: string) {
  const s = rt.sessions.get(sessionID);
  // A record of injected blocks still owed goes now: the next compress request may be far off.
  flushInjected(rt, s);
  const words = flushExtraction(rt, s);
  if (!s.registered) await register(rt, sessionID);
  const files = [...s.files].slice(-20);
  s.files.clear();
  const workingOn = [s.latestRequest?.slice(0, 300), files.length ? `files: ${files.join(", ")}` : ""].filter(Boolean).join(" | ");
  const beat = rt.client.post(`/api/sessions/${encodeURIComponent(sessionID)}/heartbeat`, {
    directory: rt.directory,
    ...(workingOn ? { workingOn: workingOn.slice(0, 1000) } : {}),
  });
  const prepares = rt.settings.compress && !!s.compressDelta?.prepares;
  const history = rt.settings.extract || rt.settings.resume || prepares ? readHistory(rt, sessionID) : Promise.resolve(undefined);
  // The next turn's compression, prepared while the user reads the answer (hooks/compress.ts).
  const prepare = (async () => {
    const messages = prepares ? await history : undefined;
    if (messages?.length) await prepareNextTurn(rt, s, messages).catch(() => undefined);
  })();
  // The session's state at idle is a checkpoint: a new session resumes from the latest work, not
  // only from the last compaction (no suggestions: extraction below reads the same messages).
  const checkpoint = (async () => {
    // One idle checkpoint of a session at a time: two idles in a row (or one during a slow upload)
    // would send the same messages twice, and the first one to land deletes the other's base.
    await s.idleCheckpointing;
    // A copy: the history read may be an array that grows while the upload is on its way (OpenCode
    // 2's kept history), and the count recorded must be what was sent.
    const messages = (await history)?.slice();
    if (!rt.settings.resume || !messages?.length || messages.length <= s.checkpointedCount) return;
    s.idleCheckpointing = idleCheckpoint(rt, s, messages).catch(() => undefined);
    await s.idleCheckpointing;
  })();
  const extract = (async () => {
    if (!rt.settings.extract) return;
    const messages = await history;
    if (!messages || messages.length <= s.extractedCount) return;
    // User text already went to extraction from `chat.message`.
    const fresh = messages.slice(s.extractedCount).filter((m) => (m as { info?: { role?: string } }).info?.role === "assistant");
    s.extractedCount = messages.length;
    if (!fresh.length) return;
    const res = await rt.client.post<ExtractResult>(
      "/api/extract",
      { directory: rt.directory, sessionID, messages: fresh, trigger: "idle" },
      { timeoutMs: rt.settings.toolTimeoutMs, expect: SHAPES.extract },
    );
    if (res.ok) noteNudge(s, res.data);
  })();
  await Promise.all([beat, extract, words, checkpoint, prepare]);
}

const idOf = (m: unknown) => (m as { info?: { id?: unknown } })?.info?.id;

/**
 * The session's state at idle as a checkpoint: only the messages after the last idle checkpoint go
 * (`since`), the server prepends the ones it holds; when those changed (a revert) or are gone, it
 * answers 409 and the whole history goes once.
 */
async function idleCheckpoint(rt: Runtime, s: SessionState, messages: unknown[]): Promise<void> {
  const post = (body: Record<string, unknown>) =>
    rt.client.post<CaptureCheckpointResult>(
      "/api/checkpoints",
      { directory: rt.directory, sessionID: s.id, trigger: "idle", suggest: false, ...body },
      { timeoutMs: rt.settings.compactTimeoutMs, expect: SHAPES.checkpoint },
    );
  const base = s.idleCheckpoint;
  const continues = base && messages.length > base.count && idOf(messages[base.count - 1]) === base.lastID;
  let res = continues
    ? await post({ messages: messages.slice(base.count), since: { checkpoint: base.id, count: base.count, lastID: base.lastID } })
    : undefined;
  if (!res || (!res.ok && res.status === 409)) res = await post({ messages });
  if (!res.ok) return;
  s.checkpointedCount = messages.length;
  const lastID = idOf(messages[messages.length - 1]);
  s.idleCheckpoint = typeof lastID === "string" ? { id: res.data.id, count: messages.length, lastID } : undefined;
}
