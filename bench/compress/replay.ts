/** Replays a converted run turn by turn, as OpenCode would: the whole history is compressed before every step. */
import type { CompressResult } from "../../lib/contracts/compress";
import type { Message } from "./convert";

export interface TurnRecord {
  turn: number;
  tokensBefore: number;
  tokensAfter: number;
  ms: number;
  /** CPU time of this process during the call (user + system): what the call costs without other processes' contention. */
  cpuMs: number;
  /** The compressed history of this turn starts with the previous one's (beyond newly aged parts). */
  stable?: boolean;
  /** The pressure level changed at this turn (every aged part is compressed anew, once). */
  levelChange: boolean;
}

/** The histories OpenCode sends: before each assistant step, everything up to the previous step. */
export function turnHistories(messages: Message[]): Message[][] {
  const out: Message[][] = [];
  messages.forEach((m, i) => {
    if (m.info.role === "assistant") out.push(messages.slice(0, i + 1));
  });
  return out;
}

export async function replay(
  messages: Message[],
  call: (history: Message[]) => Promise<CompressResult> | CompressResult,
  protectRecent: number,
  onTurn?: (turn: number, history: Message[], result: CompressResult) => void,
): Promise<{ turns: TurnRecord[]; final?: CompressResult }> {
  const turns: TurnRecord[] = [];
  let previous: string[] | undefined;
  let previousBoundary = 0;
  let final: CompressResult | undefined;
  let previousNudges = "[]";
  const histories = turnHistories(messages);
  for (let t = 0; t < histories.length; t++) {
    const history = histories[t];
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await call(history);
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const serialized = result.messages.map((m) => JSON.stringify(m));
    const boundary = Math.max(0, history.length - protectRecent);
    let stable: boolean | undefined;
    if (previous) {
      // Everything that had already aged at the previous turn must be byte-identical now.
      stable = true;
      for (let i = 0; i < Math.min(previousBoundary, previous.length); i++) if (previous[i] !== serialized[i]) stable = false;
    }
    const nudges = JSON.stringify(result.nudges);
    turns.push({
      turn: t + 1,
      tokensBefore: result.stats.tokensBefore,
      tokensAfter: result.stats.tokensAfter,
      ms,
      cpuMs,
      stable,
      levelChange: nudges !== previousNudges,
    });
    previousNudges = nudges;
    onTurn?.(t, history, result);
    previous = serialized;
    previousBoundary = boundary;
    final = result;
  }
  return { turns, final };
}
