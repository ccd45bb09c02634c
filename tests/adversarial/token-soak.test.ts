import { describe, expect, it } from "vitest";
import { prng, variedText } from "../../bench/adversarial/varied-text";
import { countTokens } from "../../lib/token-count";

/**
 * Issue 37, finding 4: after a few megabytes of varied text, gpt-tokenizer's merge cache (a Map
 * trimmed from the front) made every later count 10-25x slower for the rest of the process. Here
 * the same 200 KB input is timed before and after counting 50 MB, in one process; the figure is
 * CPU time (process.cpuUsage), which other processes on a loaded machine barely move, and the
 * median of several runs. Each run gets a fresh first line so the content-hash cache never answers.
 */
const SOAK_CHARS = 50_000_000;
const RUNS = 7;

function cpuMs(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

describe("token counting over the life of a process", () => {
  it("counts a 200 KB input as fast after 50 MB of varied text as before (±20%)", { timeout: 180_000 }, () => {
    const probe = variedText(200_000, prng(7));
    let run = 0;
    const timeProbe = () => cpuMs(() => countTokens(`run ${run++}\n${probe}`));
    const tokens = countTokens(probe);
    const before = median(Array.from({ length: RUNS }, timeProbe));

    const r = prng(99);
    let soaked = 0;
    while (soaked < SOAK_CHARS) {
      const text = variedText(250_000, r);
      countTokens(text);
      soaked += text.length;
    }

    const after = median(Array.from({ length: RUNS }, timeProbe));
    expect(countTokens(`again\n${probe}`)).toBeGreaterThan(tokens * 0.99);
    expect(after / before, `median ${before.toFixed(0)} ms before, ${after.toFixed(0)} ms after`).toBeLessThanOrEqual(1.2);
  });
});
