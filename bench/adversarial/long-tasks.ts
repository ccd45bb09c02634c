/**
 * The long turns of the server's event loop during a run, and what each spent its time in: the
 * turns come from bench/adversarial/turn-recorder.cjs (each turn's busy time: what a `/api/health`
 * arriving meanwhile waits behind), their contents from a V8 CPU profile of the same run (its
 * samples fall in a turn by time; both on CLOCK_MONOTONIC). For each turn over `--over` ms (default
 * 15): the frames with the most self time, and the innermost project function on the stack (with
 * `--maps`, minified positions are mapped back through the build's source maps: build with
 * `RECOLLECT_SOURCE_MAPS=1 RECOLLECT_DIST_DIR=.next-maps npx next build` and run the server with
 * the same RECOLLECT_DIST_DIR).
 *
 * Run (one compress at the body limit, health polled; the bench's other flags as usual):
 *   RECOLLECT_TURNS_FILE=/tmp/turns.json npx tsx bench/adversarial/index.ts --sizes 1000 --skip tokens,compress,http --route compress \
 *     --server-flags "--require ./bench/adversarial/turn-recorder.cjs --cpu-prof --cpu-prof-dir=/tmp/prof"
 *   npx tsx bench/adversarial/long-tasks.ts /tmp/prof/<file>.cpuprofile /tmp/turns.json [--over 15] [--maps]
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { SourceMapConsumer } from "source-map";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
/** turn-recorder.cjs's file: every turn of the loop counted, those over 2 ms as [start µs, end µs, wall ms, main-thread CPU ms]. */
interface Turns {
  count: number;
  /** The main thread's GC pauses over 1 ms: [start µs, ms, kind (1 scavenge, 4 mark-compact...)]. */
  gc?: [number, number, number][];
  /** The time `at` counts from (µs); the first turn's start if not given. */
  origin?: number;
  turns: [number, number, number, number][];
}

export interface LongTurn {
  /** Start, ms from the first turn recorded. */
  at: number;
  wallMs: number;
  /** The main thread's CPU time in the turn. */
  cpuMs: number;
  /** Profile samples in the turn, ms. */
  sampledMs: number;
  /** Self time by frame label, largest first. */
  self: [string, number][];
  /** Time by the innermost project frame on the stack. */
  inner: [string, number][];
}

/** The turns of at least `overMs` busy, named from the profile's samples; `label` names a frame. */
export function longTurns(profile: Profile, turns: Turns, overMs: number, label: (f: CallFrame) => string, isProject: (f: CallFrame) => boolean): LongTurn[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Each sample's time (µs) and duration (to the next sample).
  const { samples, timeDeltas } = profile;
  const times: number[] = [];
  let t = profile.startTime;
  for (let i = 0; i < samples.length; i++) times.push((t += timeDeltas[i]));
  const origin = turns.origin ?? turns.turns[0]?.[0] ?? 0;
  const out: LongTurn[] = [];
  let i = 0;
  for (const [start, end, wallMs, cpuMs] of turns.turns) {
    if (cpuMs < overMs) continue;
    while (i < times.length && times[i] < start) i++;
    const self = new Map<string, number>();
    const inner = new Map<string, number>();
    let sampledMs = 0;
    for (let j = i; j < times.length && times[j] < end; j++) {
      const frame = byId.get(samples[j])!.callFrame;
      if (frame.functionName === "(idle)") continue;
      const ms = ((times[j + 1] ?? times[j]) - times[j]) / 1000;
      sampledMs += ms;
      const s = label(frame);
      self.set(s, (self.get(s) ?? 0) + ms);
      let p: number | undefined = samples[j];
      let name = "(no project frame)";
      while (p !== undefined) {
        const f = byId.get(p)!.callFrame;
        if (isProject(f)) {
          name = label(f);
          break;
        }
        p = parent.get(p);
      }
      inner.set(name, (inner.get(name) ?? 0) + ms);
    }
    const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 4);
    out.push({ at: (start - origin) / 1000, wallMs, cpuMs, sampledMs, self: top(self), inner: top(inner) });
  }
  return out;
}

async function main() {
  const args = process.argv.slice(2);
  const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const overMs = Number(arg("--over", "15"));
  const turnsFile = args[0];
  const profileFile = args[1]?.startsWith("--") ? undefined : args[1];
  const recorded = JSON.parse(fs.readFileSync(turnsFile, "utf8")) as Turns;
  // The heavy request's window, written by the bench (http-routes.ts): the server's start and warm-up are left out.
  const windowFile = `${turnsFile}.window.json`;
  const windows = fs.existsSync(windowFile) ? (JSON.parse(fs.readFileSync(windowFile, "utf8")) as Record<string, [number, number]>) : {};
  const [from, to] = Object.values(windows)[0] ?? [0, Number.POSITIVE_INFINITY];
  const inWindow = recorded.turns.filter(([start, end]) => end > from && start < to);
  const cpu = inWindow.map((x) => x[3]).sort((a, b) => b - a);
  const over = (ms: number) => cpu.filter((c) => c >= ms).length;
  console.log(
    `${Object.keys(windows)[0] ?? "whole run"}: turns over 2 ms ${inWindow.length}; main-thread CPU >= 10 ms: ${over(10)}, >= 15 ms: ${over(15)}, >= 30 ms: ${over(30)}, >= 50 ms: ${over(50)}; longest ${(cpu[0] ?? 0).toFixed(1)} ms, then ${cpu
      .slice(1, 6)
      .map((c) => c.toFixed(1))
      .join(", ")}; longest wall ${Math.max(0, ...inWindow.map((x) => x[2])).toFixed(1)} ms`,
  );
  // The turns of at least `overMs` of CPU: how many had a GC pause inside, and how much of them it was.
  const gc = recorded.gc ?? [];
  const long = inWindow.filter((x) => x[3] >= overMs);
  const gcIn = (t: [number, number, number, number]) => gc.filter(([at]) => at >= t[0] && at < t[1]);
  const withGc = long.filter((t) => gcIn(t).length);
  const gcMs = withGc.reduce((n, t) => n + gcIn(t).reduce((m, g) => m + g[1], 0), 0);
  const cpuMs = withGc.reduce((n, t) => n + t[3], 0);
  const kinds = (t: [number, number, number, number]) =>
    gcIn(t).map((g) => `${g[2] === 1 ? "scavenge" : g[2] === 4 ? "mark-compact" : `gc${g[2]}`} ${g[1].toFixed(0)}`);
  console.log(
    `turns >= ${overMs} ms CPU: ${long.length}; with a GC pause inside: ${withGc.length} (GC ${gcMs.toFixed(0)} ms of their ${cpuMs.toFixed(0)} ms CPU); without: ${long.length - withGc.length}, CPU ${long
      .filter((t) => !gcIn(t).length)
      .map((t) => t[3].toFixed(0))
      .join(", ")}`,
  );
  if (args.includes("--list"))
    for (const t of long)
      console.log(`  ${((t[0] - from) / 1000).toFixed(0).padStart(6)} ms  CPU ${t[3].toFixed(1)}  wall ${t[2].toFixed(1)}  ${kinds(t).join(", ")}`);
  if (!profileFile) return;
  const profile = JSON.parse(fs.readFileSync(profileFile, "utf8")) as Profile;
  const consumers = new Map<string, SourceMapConsumer | null>();
  const mapped = new Map<string, string>();
  if (args.includes("--maps")) {
    for (const n of profile.nodes) {
      const url = n.callFrame.url;
      if (!url.startsWith("file://") || consumers.has(url)) continue;
      const mapFile = `${fileURLToPath(url)}.map`;
      consumers.set(url, fs.existsSync(mapFile) ? await new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, "utf8"))) : null);
    }
  }
  const label = (f: CallFrame) => {
    const key = `${f.url}:${f.lineNumber}:${f.columnNumber}:${f.functionName}`;
    const known = mapped.get(key);
    if (known) return known;
    let out = f.functionName || "(anonymous)";
    const consumer = consumers.get(f.url);
    if (consumer) {
      const pos = consumer.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
      if (pos.source) out = `${pos.name ?? f.functionName ?? "?"} ${pos.source.replace(/^.*?\/(app|lib|server)\//, "$1/")}:${pos.line}`;
    } else if (f.url) out += ` ${f.url.replace(/^.*\//, "")}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    mapped.set(key, out);
    return out;
  };
  const isProject = (f: CallFrame) => f.url.includes("/.next") || f.url.includes("/cli/.dist/") || /\/(app|lib|server)\//.test(f.url);
  for (const turn of longTurns(profile, { count: recorded.count, origin: from || undefined, turns: inWindow }, overMs, label, isProject)) {
    console.log(
      `${turn.at.toFixed(0).padStart(7)} ms  CPU ${turn.cpuMs.toFixed(1).padStart(6)} ms  wall ${turn.wallMs.toFixed(1).padStart(6)} ms (sampled ${turn.sampledMs.toFixed(1)})`,
    );
    console.log(`    inner: ${turn.inner.map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(" | ")}`);
    console.log(`    self:  ${turn.self.map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(" | ")}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) await main();
