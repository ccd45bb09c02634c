import { compressHistory, prepareNextTurn } from "../../plugin/hooks/compress";
import type { Runtime } from "../../plugin/runtime";
import type { SessionState } from "../../plugin/state";
import { lorem, step, userTextOf, v1History, type WithParts } from "./sessions";

/**
 * The in-process turn benches (turn-route.ts, direct-path.ts) drive the plugin's compression call
 * the way a session does: a user message, the timed request, then what follows it untimed.
 */

type CreateMemory = typeof import("../../lib/memories").createMemory;

/**
 * The store bench/plugin/entries.ts seeds: 8 pinned rules and 300 notes in `directory`'s project.
 * `createMemory` is passed in: the benches import lib/ only after they set the data dir.
 */
export function seedTurnStore(createMemory: CreateMemory, ctx: Parameters<CreateMemory>[0], directory: string): void {
  for (let i = 0; i < 8; i++)
    createMemory(ctx, { content: `Pinned rule ${i}: ${lorem(15, i)}`, category: i % 2 ? "constraint" : "convention", pinned: true, directory });
  for (let i = 0; i < 300; i++) createMemory(ctx, { content: `Note ${i} about the ${lorem(25, i)}`, category: "decision", directory });
}

/** Adds the turn's user message to `history`; gives the recall the plugin would ask with it. */
export function addUserTurn(history: WithParts[], s: SessionState, sessionID: string, directory: string, text: string) {
  const user = v1History(sessionID, [{ user: text }])[0]!;
  history.push(user);
  return s.compressDelta?.recalls ? { sessionID, messageID: user.info.id, query: userTextOf(user), directory } : undefined;
}

/** After the timed request, as bench/plugin/entries.ts does (not timed): the tool's step, the request after its result, the idle prepare. */
export async function finishTurn(rt: Runtime, s: SessionState, history: WithParts[], sessionID: string, t: number): Promise<void> {
  history.push(...v1History(sessionID, [step(10_000 + t)]));
  await compressHistory(
    rt,
    s,
    history.map((m) => structuredClone(m)),
  );
  await prepareNextTurn(
    rt,
    s,
    history.map((m) => structuredClone(m)),
  );
}
