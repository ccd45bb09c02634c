import type { StableContextDto } from "../../lib/contracts/context";
import type { ResumeResult } from "../../lib/contracts/checkpoints";
import type { Runtime } from "../runtime";
import { SHAPES } from "../shapes";
import type { SessionState } from "../state";
import { restoreInjected, saveInjected } from "./injected";

type Cached = { hash: string; text: string; memoryIds: string[] };

/**
 * `experimental.chat.system.transform`: pushes the stable block (and, for a new session, the
 * resume block) as extra system strings, leaving `system[0]` (the agent prompt) alone. The text
 * kept for a session changes only when the server's hash does, so the prefix stays cacheable; a
 * failed call re-uses the last text.
 */
export function systemTransform(rt: Runtime) {
  return async (input: { sessionID?: string; model?: { limit?: { context?: number } } }, output: { system: string[] }) => {
    const limit = input.model?.limit?.context;
    if (typeof limit === "number" && limit > 0) rt.contextLimit = limit;
    // Title generation needs no memory.
    if (output.system[0]?.includes("title generator")) return;
    const s = input.sessionID ? rt.sessions.get(input.sessionID) : undefined;
    // messages.transform (which runs first) may have started the fetch already.
    const early = s?.stablePending;
    if (s) s.stablePending = undefined;
    const [stable] = await Promise.all([
      rt.settings.stable ? (early ?? stableText(rt, s)) : Promise.resolve(""),
      s && rt.settings.resume ? ensureResume(rt, s) : Promise.resolve(),
    ]);
    if (stable) output.system.push(stable);
    if (s?.resume) output.system.push(s.resume);
  };
}

/** Starts this turn's stable block fetch early, so it overlaps the other calls of the turn. */
export function prefetchStable(rt: Runtime, s: SessionState) {
  if (rt.settings.stable && !s.stablePending) s.stablePending = stableText(rt, s);
}

/** Never rejects: a failure is the last text kept (or none), and the next turn asks again. */
async function stableText(rt: Runtime, s: SessionState | undefined): Promise<string> {
  try {
    return await fetchStable(rt, s);
  } catch (error) {
    rt.log("warn", `stable block: ${(error as Error)?.message ?? error}`);
    return (s ?? rt).stable?.text ?? "";
  }
}

async function fetchStable(rt: Runtime, s: SessionState | undefined): Promise<string> {
  const holder: { stable?: Cached } = s ?? rt;
  // A session keeps its block while it goes on (the provider's cached prefix starts with it); a new
  // one, a compacted one, or one that asked for a pinned memory at once takes the latest.
  const takesLatest = !s || !holder.stable || s.stableRefresh === true;
  let latest: Cached | undefined;
  let fromCache = false;
  if (rt.stable && Date.now() - rt.stableFetchedAt < rt.settings.stableRefreshMs) {
    // Fresh enough: the same block as the last answer, without a request on the turn's hot path.
    latest = rt.stable;
    fromCache = true;
  } else {
    // With the session id the server records the block as injected into it (once per version):
    // sent only when this answer will be.
    const res = await rt.client.get<StableContextDto>("/api/context/stable", {
      query: { directory: rt.directory, ...(s && takesLatest ? { sessionID: s.id } : {}) },
      expect: SHAPES.stable,
    });
    if (res.ok) {
      rt.stableFetchedAt = Date.now();
      latest = rt.stable?.hash === res.data.hash ? rt.stable : { hash: res.data.hash, text: res.data.block, memoryIds: res.data.memoryIds };
      rt.stable = latest;
      fromCache = !(s && takesLatest);
    } else latest = holder.stable ?? rt.stable;
  }
  if (latest && holder.stable?.hash !== latest.hash && takesLatest) {
    holder.stable = latest;
    if (s) {
      s.stableRefresh = false;
      // The server saw no request for this session's block: tell it, off the turn's path.
      if (fromCache) reportCachedStable(rt, s.id, latest);
    }
  } else if (s?.stableRefresh && holder.stable?.hash === latest?.hash) s.stableRefresh = false;
  return holder.stable?.text ?? "";
}

/**
 * Fire and forget: the stable block served to a session from the plugin's cache is recorded on the
 * server as an injection like a fetched one (once per session and version). A failure only loses
 * a statistic, so it is not retried and never waits the turn.
 */
function reportCachedStable(rt: Runtime, sessionID: string, block: Cached) {
  if (!block.text) return;
  void rt.client.post("/api/context/stable/injected", { sessionID, hash: block.hash, memoryIds: block.memoryIds }).catch(() => undefined);
}

/**
 * Asks once per new session; an answer (a block or none) is kept for the session's life. A failed
 * call settles nothing: the next transform asks again (losing the block for the session's whole
 * life costs more than the one prefix change a late block makes). The promise never rejects.
 */
export function ensureResume(rt: Runtime, s: SessionState): Promise<void> {
  if (s.resume !== undefined) return Promise.resolve();
  s.resumePending ??= fetchResume(rt, s)
    .catch((error: Error) => rt.log("warn", `resume block: ${error?.message ?? error}`))
    .finally(() => {
      s.resumePending = undefined;
    });
  return s.resumePending;
}

async function fetchResume(rt: Runtime, s: SessionState): Promise<void> {
  // A session continued after OpenCode restarted gets back the block it had (injected.ts).
  await restoreInjected(rt, s);
  if (s.resume !== undefined) return;
  if (!s.isNew && s.userTurns > 1) {
    s.resume = "";
    return;
  }
  await s.registration;
  const res = await rt.client.get<ResumeResult>("/api/context/resume", {
    query: { directory: rt.directory, sessionID: s.id, ...(s.resumeFailed ? { again: true } : {}) },
    expect: SHAPES.resume,
  });
  if (!res.ok) {
    // A refusal (4xx) is an answer: no block. Anything else is asked again on the next transform.
    if (res.status !== undefined && res.status >= 400 && res.status < 500) s.resume = "";
    else s.resumeFailed = true;
    return;
  }
  s.resume = res.data.block ?? "";
  if (s.resume) saveInjected(rt, s);
}
