/**
 * One turn's compression at 200K tokens, stage by stage, in one process: the plugin's own code
 * (plugin/hooks/compress.ts, the V1 hook's history) with its HTTP call replaced by the route's
 * steps run in place (app/api/compress/route.ts: body parse, delta expansion, the pipeline's
 * phases, the delta answer, encoding), then the client's parse and the plugin writing the answer
 * back; each turn the history written back is checked against a whole send's, byte for byte. CPU milliseconds of this process per stage (process.cpuUsage: on a loaded machine CPU is
 * what can be compared), mean and p95 over the turns. The HTTP round trip itself (loopback, the
 * server's request handling) and the turn's other calls are in bench/plugin/entries.ts.
 *
 * `--cpu-profile <file>` also writes a V8 CPU profile of the measured turns (after the warm-up;
 * open it in Chrome's DevTools) for the function-level view.
 *
 *   npx tsx bench/plugin/turn-stages.ts [--turns 30] [--tokens 200000] [--cpu-profile turn.cpuprofile]
 */
import os from "node:os";
import { readHistoryJson, encodeCompressResult } from "../../app/api/_lib/compress-body";
import { compressMessages, deltaAnswer, expandDelta } from "../../lib/compression";
import type { CompressResult } from "../../lib/contracts/compress";
import { compressHistory } from "../../plugin/hooks/compress";
import { resolveSettings } from "../../plugin/options";
import { createRuntime } from "../../plugin/runtime";
import type { CallOptions, Result } from "../../plugin/client";
import { testCtx } from "../../tests/helpers/ctx";
import { cpuProfiler, numberArg, ownCpuMs } from "../lib/in-process";
import { printTable, summarize, writeResult } from "../lib/stats";
import { id, step, stepsOf, v1History } from "./sessions";

const args = process.argv.slice(2);
const TURNS = numberArg(args, "--turns", 30);
const TOKENS = numberArg(args, "--tokens", 200_000);
const WARMUP = 3;
const PROFILE = args.includes("--cpu-profile") ? args[args.indexOf("--cpu-profile") + 1] : undefined;

const cpuMs = ownCpuMs;

/** What one process.cpuUsage() call costs here (a system call: far from free in some sandboxes). */
function probeCost(): number {
  const n = 2000;
  const start = cpuMs();
  for (let i = 0; i < n; i++) cpuMs();
  return (cpuMs() - start) / n;
}

async function main() {
  const probe = probeCost();
  let probes = 0;
  const ctx = testCtx();
  const rt = createRuntime(resolveSettings({ url: "http://127.0.0.1:9", autoStart: false }), "/repo", undefined);
  const stages: Record<string, number>[] = [];
  let current: Record<string, number> = {};
  let lap = 0;
  const split = (name: string) => {
    probes++;
    const t = cpuMs();
    current[name] = (current[name] ?? 0) + t - lap;
    lap = t;
  };
  // The client's post, minus the socket: the same serialization, the route's steps, the same parse.
  rt.client.post = (async <T>(_path: string, body: unknown, options: CallOptions = {}): Promise<Result<T>> => {
    split("plugin: snapshot and request");
    const text = JSON.stringify(body);
    split("plugin: JSON.stringify");
    const req = new Request("http://127.0.0.1/api/compress", { method: "POST", body: text, headers: { "content-type": "application/json" } });
    const raw = await readHistoryJson(req, ctx.config.server.historyBodyLimitBytes);
    split("server: body read and parse");
    const { body: full, delta } = expandDelta(ctx.services.compressDeltas, raw);
    split("server: delta expansion");
    const timings: Record<string, number> = {};
    const result = compressMessages(ctx, full, { cpuTimings: timings });
    probes += Object.keys(timings).length + 1;
    let before = 0;
    for (const [phase, at] of Object.entries(timings)) {
      current[`server: ${phase}`] = (current[`server: ${phase}`] ?? 0) + at - before;
      before = at;
    }
    lap = cpuMs();
    const answer = delta ? deltaAnswer(ctx.services.compressDeltas, delta, full, result) : result;
    split("server: delta answer");
    const bytes = encodeCompressResult(answer);
    split("server: answer encoding");
    current.bytesIn = text.length;
    current.bytesOut = bytes.byteLength;
    const data = JSON.parse(Buffer.from(bytes).toString("utf8")) as CompressResult;
    if (options.expect && !options.expect(data)) throw new Error("answer of an unexpected shape");
    split("plugin: answer parse");
    return { ok: true, status: 200, data: data as T };
  }) as typeof rt.client.post;

  const sessionID = id("ses");
  const { steps, tokens } = stepsOf(TOKENS);
  const history = v1History(sessionID, steps);
  const s = rt.sessions.get(sessionID);
  const profiler = cpuProfiler(PROFILE);
  for (let t = 0; t < TURNS + WARMUP; t++) {
    if (t === WARMUP) await profiler.start();
    history.push(...v1History(sessionID, [{ user: `Turn ${t}: go on` }]));
    // OpenCode builds new message objects every turn: cloned outside the timed part.
    const sent = history.map((m) => structuredClone(m));
    current = {};
    probes = 0;
    const start = cpuMs();
    lap = start;
    await compressHistory(rt, s, sent);
    split("plugin: answer applied");
    current.total = cpuMs() - start;
    current["total less the probes"] = current.total - probes * probe;
    // Outside the timed part: what the plugin wrote back is what a whole send gives, byte for byte.
    const whole = compressMessages(ctx, { sessionID: `${sessionID}_whole`, messages: history.map((m) => structuredClone(m)) }).messages;
    if (JSON.stringify(sent) !== JSON.stringify(whole)) throw new Error(`turn ${t}: the delta exchange's history differs from a whole send's`);
    lap = cpuMs();
    if (t >= WARMUP) stages.push(current);
    history.push(...v1History(sessionID, [step(20_000 + t)]));
  }
  await profiler.stop();
  ctx.close();

  const names = Object.keys(stages[0]!).filter((k) => !k.startsWith("total") && !k.startsWith("bytes"));
  const rows = [...names, "total", "total less the probes"].map((name) => {
    const xs = stages.map((x) => x[name] ?? 0);
    const s = summarize(xs);
    return { stage: name, "p50 CPU ms": s.p50, "mean CPU ms": xs.reduce((a, b) => a + b, 0) / xs.length, "p95 CPU ms": s.p95 };
  });
  const bytes = summarize(stages.map((x) => x.bytesIn!)).p50;
  const bytesOut = summarize(stages.map((x) => x.bytesOut!)).p50;
  printTable(
    `One turn's compression by stage, ${Math.round(tokens / 1000)}K tokens (${history.length} messages; request ${bytes} bytes, answer ${bytesOut} bytes, medians; a CPU probe costs ${probe.toFixed(3)} ms; ${TURNS} turns, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
    rows,
  );
  writeResult("plugin-turn-stages", { turns: TURNS, tokens, bytesIn: bytes, bytesOut, probeMs: probe, stages: rows });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
