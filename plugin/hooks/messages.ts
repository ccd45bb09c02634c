import type { Part } from "@opencode-ai/sdk";
import type { RecallContextDto, RecallContextInput } from "../../lib/contracts/context";
import type { Result } from "../client";
import type { Runtime } from "../runtime";
import { SHAPES } from "../shapes";
import type { PendingNudge, SessionState } from "../state";
import { compressHistory } from "./compress";
import { restoreInjected, saveInjected } from "./injected";
import { ATTACHED_PART_PREFIX, type WithParts } from "./message-parts";
import { prefetchStable } from "./system";

/**
 * `experimental.chat.messages.transform`: compresses the history through the server (written
 * back in place), then attaches to the latest user message its recall block (memories relevant
 * to what the user just said) plus any pending nudge. A block, once decided for a message, is
 * attached to that message with the same bytes on every later turn.
 */
export function messagesTransform(rt: Runtime) {
  return async (_input: unknown, output: { messages: WithParts[] }) => {
    const messages = output.messages;
    if (!messages.length) return;
    const sessionID = messages[messages.length - 1]!.info.sessionID;
    const s = rt.sessions.get(sessionID);
    await restoreInjected(rt, s);
    let latestUser: WithParts | undefined;
    let users = 0;
    for (const m of messages) {
      if (m.info.role !== "user") continue;
      users++;
      latestUser = m;
    }
    s.userTurns = Math.max(s.userTurns, users);
    prefetchStable(rt, s);

    const isNew = latestUser !== undefined && !s.decided.has(latestUser.info.id);
    const plan = latestUser ? planBlock(rt, s, latestUser, messages) : undefined;
    let nudges: string[] = [];
    /** The block the server recorded for the latest user message with the session's record (its recall block alone). */
    let recorded: string | undefined;
    if (!rt.settings.compress) {
      if (plan) await finishBlock(rt, s, plan, await recallFor(rt, s, plan, messages));
    } else if (plan?.query && readyToRecall(rt, s) && s.compressDelta?.recalls) {
      // The server takes the turn's recall with its compression (lib/injection/turn-recall.ts):
      // one request; the separate call only when that one brought no answer. When the block will be
      // the recall block alone (no nudge, no note), the server also records it (`recallInto`).
      const into = !plan.nudge && !s.pendingNote ? plan.id : undefined;
      const turn = await compressHistory(rt, s, messages, recallBody(rt, s, plan, plan.query, messages), into);
      if (turn.recordedInto) recorded = turn.recall?.block;
      nudges = turn.nudges;
      await finishBlock(rt, s, plan, turn.recall ? { ok: true, status: 200, data: turn.recall } : await recallFor(rt, s, plan, messages));
    } else {
      const [turn] = await Promise.all([
        compressHistory(rt, s, messages),
        plan ? recallFor(rt, s, plan, messages).then((res) => finishBlock(rt, s, plan, res)) : undefined,
      ]);
      nudges = turn.nudges;
    }
    // A pressure nudge goes with a new user message (an old message keeps its bytes), once per
    // level: the same words on every later message would be paid for on every request.
    const fresh = nudges.filter((n) => !s.shownNudges.has(n));
    if (isNew && fresh.length && latestUser) {
      const id = latestUser.info.id;
      for (const n of fresh) s.shownNudges.add(n);
      s.attached.set(id, [s.attached.get(id), ...fresh].filter(Boolean).join("\n\n"));
    }
    // Recorded by the server with the turn already, unless a pressure nudge was added to it since.
    const block = latestUser ? s.attached.get(latestUser.info.id) : undefined;
    if (isNew && block !== undefined && block !== recorded) saveInjected(rt, s);
    attachBlocks(s, messages);
  };
}

export function userText(m: WithParts): string {
  return m.parts
    .filter((p): p is Extract<Part, { type: "text" }> => p.type === "text" && !p.synthetic && !p.ignored && !p.id.startsWith(ATTACHED_PART_PREFIX))
    .map((p) => p.text)
    .join("\n")
    .trim();
}

/** The latest user message's block, decided once: the recall query (none: no recall), the nudge it takes. */
interface BlockPlan {
  id: string;
  query?: string;
  nudge?: PendingNudge;
}

/**
 * Marks the message decided; undefined when it has no words of the user's (a handled command's
 * acknowledgement: the nudge waits for a real message). A message that repeats the previous
 * recalled one word for word ("go on", a question asked again) while that one is still in the
 * history gets no recall of its own: the same search would find what the history already shows.
 */
function planBlock(rt: Runtime, s: SessionState, m: WithParts, history: WithParts[]): BlockPlan | undefined {
  const id = m.info.id;
  if (s.decided.has(id)) return undefined;
  s.decided.add(id);
  const text = userText(m);
  if (!text) return undefined;
  const nudge = s.pendingNudge;
  s.pendingNudge = undefined;
  let query = rt.settings.recall && text.length >= 3 ? text.slice(0, 4000) : undefined;
  const last = s.lastRecall;
  if (query !== undefined && last?.query === query && history.some((h) => h.info.id === last.messageID)) query = undefined;
  else if (query !== undefined) s.lastRecall = { messageID: id, query };
  return { id, nudge, query };
}

/**
 * When the user's message arrives (`chat.message`), before the history goes out: asks the server to
 * run the recall search that message's turn will ask for (`POST /api/context/recall/warm`, to a
 * server whose compress answers accept it), and answers at once. The search then runs while
 * OpenCode and this plugin prepare the request; the turn's recall, still carried by the compress
 * request and built by the server as before, finds it done (lib/injection/recall.ts). Only when the
 * turn will recall with the same query (as `planBlock` decides it); any failure costs nothing.
 */
export function warmRecall(rt: Runtime, s: SessionState, messageID: string | undefined, parts: Part[]): void {
  const delta = s.compressDelta;
  if (!rt.settings.compress || !rt.settings.recall || !delta?.recalls || !delta.warms || rt.client.breaker.state === "open") return;
  if (!readyToRecall(rt, s) || (messageID && s.decided.has(messageID))) return;
  const text = userText({ parts } as WithParts);
  if (text.length < 3) return;
  const query = text.slice(0, 4000);
  // The same words as the last recalled message: the turn likely recalls nothing (planBlock).
  if (s.lastRecall?.query === query) return;
  const exclude = s.stable?.memoryIds ?? rt.stable?.memoryIds ?? [];
  void rt.client.post(
    "/api/context/recall/warm",
    {
      directory: rt.directory,
      sessionID: s.id,
      ...(messageID ? { messageID } : {}),
      query,
      exclude: exclude.slice(0, 200),
    },
    // A warm-up: it waits for the whole search (the query embedding too), so it gets the compress
    // call's time and never counts in the breaker (a slow one must not refuse the turn's own calls).
    { bypassBreaker: true, timeoutMs: rt.settings.compressTimeoutMs },
  );
}

/** The pinned memories the system prompt shows are known (recall leaves them out). */
const readyToRecall = (rt: Runtime, s: SessionState) => !!(s.stable || rt.stable || !s.stablePending);

/** The body of `POST /api/context/recall` for the plan's query. */
function recallBody(rt: Runtime, s: SessionState, plan: BlockPlan, query: string, history: WithParts[]): RecallContextInput {
  const exclude = s.stable?.memoryIds ?? rt.stable?.memoryIds ?? [];
  return {
    directory: rt.directory,
    sessionID: s.id,
    messageID: plan.id,
    query,
    exclude: exclude.slice(0, 200),
    shown: shownInHistory(s, history).slice(-200),
    ...(plan.nudge?.ids.length ? { suggestions: plan.nudge.ids } : {}),
  };
}

/** Fetches the plan's recall on its own (no query: nothing to fetch). */
async function recallFor(rt: Runtime, s: SessionState, plan: BlockPlan, history: WithParts[]): Promise<Result<RecallContextDto> | undefined> {
  const query = plan.query;
  if (query === undefined) return undefined;
  // On the first message after a start, the stable block is still being fetched (prefetchStable) and is waited for.
  if (!readyToRecall(rt, s)) await s.stablePending?.catch(() => "");
  return rt.client.post<RecallContextDto>("/api/context/recall", recallBody(rt, s, plan, query, history), { expect: SHAPES.recall });
}

/** Attaches the message's block: its recall, the nudge (as the server rebuilt it), a pending note. */
async function finishBlock(_rt: Runtime, s: SessionState, plan: BlockPlan, res: Result<RecallContextDto> | undefined): Promise<void> {
  const pieces: string[] = [];
  const nudge = plan.nudge;
  let nudgeText = nudge?.text;
  if (res?.ok && res.data.block) {
    pieces.push(res.data.block);
    s.recalled.set(plan.id, res.data.memoryIds);
  }
  // The server rebuilt the nudge from the store as it is now (null: nothing left worth saying).
  if (res?.ok && nudge?.ids.length && res.data.nudge !== undefined) nudgeText = res.data.nudge ?? undefined;
  if (nudgeText) pieces.push(nudgeText);
  if (s.pendingNote) {
    pieces.push(s.pendingNote);
    s.pendingNote = undefined;
  }
  if (pieces.length) s.attached.set(plan.id, pieces.join("\n\n"));
}

/**
 * The memories recalled for the user messages the history still carries (a compaction drops
 * them, and they may be recalled again): the model can read them there.
 */
function shownInHistory(s: SessionState, history: WithParts[]): string[] {
  const ids = new Set<string>();
  for (const m of history) {
    // Only user messages with a recall of their own (no array made for every other message).
    const recalled = m.info.role === "user" ? s.recalled.get(m.info.id) : undefined;
    if (recalled) for (const id of recalled) ids.add(id);
  }
  return [...ids];
}

function attachBlocks(s: SessionState, messages: WithParts[]) {
  for (const m of messages) {
    if (m.info.role !== "user") continue;
    const block = s.attached.get(m.info.id);
    if (!block) continue;
    const partID = `${ATTACHED_PART_PREFIX}${m.info.id}`;
    if (hasPart(m.parts, partID)) continue;
    m.parts.push({ id: partID, sessionID: s.id, messageID: m.info.id, type: "text", text: block, synthetic: true } as Part);
  }
}

/** A plain loop (it runs for every user message with a block, every turn). */
function hasPart(parts: Part[], id: string): boolean {
  for (let i = 0; i < parts.length; i++) if (parts[i]!.id === id) return true;
  return false;
}
