/**
 * The schedule going on from where a session's previous call stopped, against a whole replay
 * (lib/compression/phases/schedule.ts, `ctx.services.scheduleReplays`): the 200K-token session of
 * bench/plugin/entries.ts grows a user message and a step a turn; each turn is compressed twice in
 * one process, once with the same message objects as the turn before (as the delta exchange's kept
 * messages are: the replay goes on) and once with fresh copies under another session (a whole
 * replay), in alternating order. CPU milliseconds of the schedule phase (process.cpuUsage), median
 * of 40 turns; the two answers are compared byte for byte every turn.
 *
 *   npx tsx bench/compress/schedule-replay.ts [--turns 40]
 */
import os from "node:os";
import { compressMessages } from "../../lib/compression";
import { testCtx } from "../../tests/helpers/ctx";
import { summarize } from "../lib/stats";
import { id, step, stepsOf, v1History } from "../plugin/sessions";

const args = process.argv.slice(2);
const TURNS = Number(args[args.indexOf("--turns") + 1]) || 40;
const WARMUP = 3;

function main() {
  const ctx = testCtx();
  const sid = id("ses");
  const history = v1History(sid, stepsOf(200_000).steps);
  const goingOn: number[] = [];
  const whole: number[] = [];
  for (let t = 0; t < TURNS + WARMUP; t++) {
    history.push(...v1History(sid, [{ user: `Turn ${t}: go on` }]), ...v1History(sid, [step(20_000 + t)]));
    const run = (same: boolean) => {
      const cpu: Record<string, number> = {};
      const out = compressMessages(
        ctx,
        { sessionID: same ? sid : `${sid}_whole`, messages: same ? history.slice() : structuredClone(history) },
        { cpuTimings: cpu },
      );
      return { ms: cpu.schedule! - cpu.strategies!, json: JSON.stringify(out.messages) };
    };
    const [a, b] = t % 2 ? [run(true), run(false)] : (([y, x]) => [x, y])([run(false), run(true)]);
    if (a.json !== b.json) throw new Error(`turn ${t}: going on differs from a whole replay`);
    if (t >= WARMUP) {
      goingOn.push(a.ms);
      whole.push(b.ms);
    }
  }
  ctx.close();
  const f = (xs: number[]) => summarize(xs).p50.toFixed(2);
  console.log(
    `Schedule CPU ms, median of ${TURNS} turns at ${history.length} messages (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}): going on ${f(goingOn)}, whole replay ${f(whole)}; answers identical every turn`,
  );
}

main();
