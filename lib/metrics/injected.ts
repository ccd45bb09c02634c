import { processSingleton } from "../process-singleton";

/**
 * Blocks Recollect injected into a model's context since the server started, and their tokens, by
 * kind: the pinned (stable) block served to a session, recall blocks (a cached answer is injected
 * again, so it counts again), resume blocks. In-process counters, like the request metrics.
 */
export type InjectedKind = "stable" | "recall" | "resume";
export type InjectedCounts = Record<InjectedKind, { blocks: number; tokens: number }>;

const holder = processSingleton("injectedBlocks", () => ({ counts: empty() }));

function empty(): InjectedCounts {
  return { stable: { blocks: 0, tokens: 0 }, recall: { blocks: 0, tokens: 0 }, resume: { blocks: 0, tokens: 0 } };
}

/** Counts one injected block (nothing for an empty one). */
export function recordInjected(kind: InjectedKind, tokens: number): void {
  if (tokens <= 0) return;
  const c = holder.counts[kind];
  c.blocks++;
  c.tokens += tokens;
}

export function injectedSnapshot(): InjectedCounts {
  const c = holder.counts;
  return { stable: { ...c.stable }, recall: { ...c.recall }, resume: { ...c.resume } };
}

/** For tests. */
export function resetInjected(): void {
  holder.counts = empty();
}
