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
