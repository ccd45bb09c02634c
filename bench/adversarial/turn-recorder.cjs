// Loaded into the server with `node --require` (bench/adversarial/long-tasks.ts explains the
// run): a setImmediate ticker sees every turn of the event loop (the check phase). Each turn over
// 2 ms of wall time is kept as [start µs, end µs, wall ms, main-thread CPU ms] on CLOCK_MONOTONIC,
// the clock of a V8 CPU profile's samples, so a profile taken in the same run says what ran in it.
// The CPU is the main thread's own time on a core (/proc/thread-self/schedstat, in ns): a turn's
// wall time on a loaded machine includes the time the thread waited for a core, its CPU time does
// not, and neither counts GC helper threads. Written to RECOLLECT_TURNS_FILE at exit. The immediate
// is unref'd: an idle server still blocks in poll, and the ticker never keeps it alive. The main
// thread's GC pauses over 1 ms are kept too, as [start µs, ms, kind] (kind: 1 scavenge, 2 mark-compact...).
const fs = require("node:fs");
const { performance, PerformanceObserver } = require("node:perf_hooks");

const file = process.env.RECOLLECT_TURNS_FILE;
if (file) {
  const fd = fs.openSync("/proc/thread-self/schedstat", "r");
  const buf = Buffer.alloc(128);
  const cpuNs = () => {
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    return Number(buf.toString("latin1", 0, n).split(" ")[0]);
  };
  const turns = [];
  let count = 0;
  let last = process.hrtime.bigint();
  let lastCpu = cpuNs();
  const tick = () => {
    const now = process.hrtime.bigint();
    const cpu = cpuNs();
    const wall = Number(now - last) / 1e6;
    if (wall > 2) turns.push([Number(last / 1000n), Number(now / 1000n), Math.round(wall * 100) / 100, Math.round((cpu - lastCpu) / 1e4) / 100]);
    count++;
    last = now;
    lastCpu = cpu;
    setImmediate(tick).unref();
  };
  setImmediate(tick).unref();
  // performance.now() is on the same clock from timeOrigin: the offset turns a GC entry's start into µs.
  const offset = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
  const gc = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration > 1) gc.push([Math.round(offset + e.startTime * 1000), Math.round(e.duration * 100) / 100, e.detail?.kind ?? 0]);
  }).observe({ entryTypes: ["gc"] });
  process.on("exit", () => fs.writeFileSync(file, JSON.stringify({ count, turns, gc })));
}
