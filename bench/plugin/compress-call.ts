/**
 * The plugin's side of a turn's compression call alone, in process: `compressHistory` (the check of
 * what changed against what was sent, the delta body, applying the answer) on a 200K-token OpenCode 1
 * history handed as fresh copies each turn, as OpenCode does; the server is a stand-in that answers
 * every message as sent (unchanged parts as stubs), so only the plugin's work is timed (CPU per call).
 * `TREE=<another checkout>` times that checkout's plugin instead (a before/after on the same machine).
 *
 *   npx tsx bench/plugin/compress-call.ts
 */
import { stepsOf, v1History, step } from "./sessions";
const dir = process.env.TREE ?? "../..";
const { compressHistory } = await import(`${dir}/plugin/hooks/compress.ts`);
const { Sessions } = await import(`${dir}/plugin/state.ts`);
const { steps } = stepsOf(200_000);
const history = v1History("ses_x", steps);
let n = 0;
const rt = {
  settings: { compressTimeoutMs: 1000, compress: true },
  client: {
    breaker: { state: "closed" },
    post: async (_p: string, body: { messages: { info: unknown; parts: { id: string; unchanged?: boolean }[] }[]; delta: { keep?: number } }) => {
      JSON.stringify(body); // what the real client sends
      return {
        ok: true,
        status: 200,
        data: { base: `b${++n}`, keep: body.delta.keep ?? 0, accepts: [], nudges: [], messages: JSON.parse(JSON.stringify(body.messages)) },
      };
    },
  },
};
const s = new Sessions().get("ses_x");
const xs: number[] = [];
for (let t = 0; t < 120; t++) {
  history.push(...v1History("ses_x", [{ user: `turn ${t}` }, step(5000 + t)]));
  const sent = history.map((m) => structuredClone(m));
  const c0 = process.cpuUsage();
  await compressHistory(rt as never, s, sent);
  const c = process.cpuUsage(c0);
  if (t >= 20) xs.push((c.user + c.system) / 1000);
}
xs.sort((a, b) => a - b);
console.log(dir, "compressHistory CPU p50", xs[50]!.toFixed(3), "p90", xs[90]!.toFixed(3));
