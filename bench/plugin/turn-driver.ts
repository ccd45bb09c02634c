import { compressHistory, prepareNextTurn } from "../../plugin/hooks/compress";
import type { Runtime } from "../../plugin/runtime";
import type { SessionState } from "../../plugin/state";
import { step, userTextOf, v1History, type WithParts } from "./sessions";

/**
 * The in-process turn benches (turn-route.ts, direct-path.ts) drive the plugin's compression call
 * the way a session does: a user message, the timed request, then what follows it untimed.
 */

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
