/**
 * Runs `work` and measures how it holds the event loop: the longest gap between two turns (a 1 ms
 * timer sees each turn), its wall time and its CPU time. Shared by the import and notes hold benches.
 */
export async function measureHold<T>(work: () => Promise<T>): Promise<{ result: T; longestMs: number; wallMs: number; cpu: NodeJS.CpuUsage }> {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const t = performance.now();
    longest = Math.max(longest, t - last);
    last = t;
  }, 1);
  const [w, c] = [performance.now(), process.cpuUsage()];
  const result = await work();
  const cpu = process.cpuUsage(c);
  const wallMs = performance.now() - w;
  // The last stretch (the write) ends in this continuation, before any timer could see it.
  longest = Math.max(longest, performance.now() - last);
  clearInterval(ticker);
  return { result, longestMs: longest, wallMs, cpu };
}

/**
 * The longest time this thread's event loop went without running a 5 ms timer: what a request
 * arriving at the worst moment would have waited (a 5 ms timer: the compress benches' figures).
 * `stop()` ends the ticker and gives that time (ms).
 */
export function watchLoopHold(): { stop: () => number } {
  let held = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    held = Math.max(held, now - last);
    last = now;
  }, 5);
  return {
    stop: () => {
      clearInterval(ticker);
      return held;
    },
  };
}
