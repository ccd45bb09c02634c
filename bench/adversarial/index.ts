/**
 * bench/adversarial: the slow-input generators of issue 37 against every parser they targeted, the
 * token counter over the life of a process, and the event loop during one big compress.
 *
 * 1. Markdown: each generator (bench/adversarial/generators.ts) at --sizes characters through
 *    sections (bootstrap, notes, import), the notes split and the read views' renderer; the
 *    longest single call in ms. Target: every cell under 200 ms at 1 MB for sections and at the
 *    render cap (RENDER_LIMITS.chars, 50,000 characters) for rendering, and a 2,000-deep quote never a stack overflow.
 * 2. Tokens: seven new 200 KB inputs counted (CPU ms, median) before and after --soak-mb of varied text (the probes' kind: what brought out finding 4);
 *    the ratio must stay within 1.2.
 * 3. Compress: --messages small messages through compressMessagesAsync; the longest the event loop
 *    was held (what /api/health waits at worst) and the total time.
 * 4. Health over HTTP: the same history (about 47 MB) posted to /api/compress of the real server
 *    (production build) while /api/health is asked one request after another; the slowest health
 *    answer (target: under 200 ms), p50/p99 and the compress's time. The body is read, parsed,
 *    validated, compressed, written and encoded in slices.
 * 5. Health over HTTP during each heavy route, one request near its limit each (http-routes.ts):
 *    compress and checkpoint capture (about 47 MB), import of 12,000 memories as JSON and as
 *    Markdown, the export of the 24,000 memories that makes, notes ingest of four 2 MB notes,
 *    bootstrap of four 1 MB instruction files, one memory at its limits. One table; --scale
 *    shrinks every input.
 *
 * Run: npx tsx bench/adversarial/index.ts [--sizes 100000,1000000] [--soak-mb 50] [--messages 100000] [--scale 1] [--route compress] [--server-flags "--max-semi-space-size=16 --trace-gc"] [--skip tokens,compress,http,routes]
 */
import { watchLoopHold } from "./loop-hold";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { compressMessagesAsync } from "../../lib/compression/pipeline";
import { markdownSections } from "../../lib/markdown/sections";
import { splitNotes } from "../../lib/notes/split";
import { countTokens } from "../../lib/token-count";
import { RENDER_LIMITS, renderMarkdown } from "../../lib/views/markdown";
import { testCtx } from "../../tests/helpers/ctx";
import { History } from "../../tests/lib/compression/history";
import { printTable, writeResult } from "../lib/stats";
import { healthDuringCompress } from "./http-health";
import { healthDuringRoutes } from "./http-routes";
import { SLOW_MARKDOWN } from "./generators";
import { prng, variedText } from "./varied-text";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const sizes = arg("--sizes", "100000,1000000").split(",").map(Number);
const soakChars = Number(arg("--soak-mb", "50")) * 1_000_000;
const messageCount = Number(arg("--messages", "100000"));
const skip = new Set(arg("--skip", "").split(","));
const scale = Number(arg("--scale", "1"));
const onlyRoute = arg("--route", "") || undefined;
// The server's Node/V8 flags for the routes' run, e.g. "--max-semi-space-size=16 --trace-gc".
const serverFlags = arg("--server-flags", "").split(" ").filter(Boolean);

const ms = (fn: () => unknown) => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};
const cpuMs = (fn: () => unknown) => {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const result: Record<string, unknown> = { machine: { cpus: os.cpus().length, load: os.loadavg()[0], node: process.version } };

// 1. Markdown
const markdownRows: Record<string, string | number>[] = [];
for (const [name, make] of Object.entries(SLOW_MARKDOWN)) {
  const row: Record<string, string | number> = { input: name };
  for (const size of sizes) {
    const text = make(size);
    row[`sections ${size}`] = ms(() => markdownSections(text));
    row[`notes split ${size}`] = ms(() => splitNotes("bench.md", text));
  }
  const capped = make(RENDER_LIMITS.chars);
  row[`render ${RENDER_LIMITS.chars}`] = ms(() => renderMarkdown(capped));
  markdownRows.push(row);
}
printTable("Markdown: ms per call", markdownRows);
result.markdown = markdownRows;

// 2. Tokens
if (!skip.has("tokens")) {
  const probes = Array.from({ length: 7 }, (_, i) => variedText(200_000, prng(100 + i)));
  let run = 0;
  const timeProbes = () => median(probes.map((p) => cpuMs(() => countTokens(`run ${run++}\n${p}`))));
  const before = timeProbes();
  const r = prng(99);
  const soakStart = performance.now();
  for (let soaked = 0; soaked < soakChars; ) {
    const text = variedText(500_000, r);
    countTokens(text);
    soaked += text.length;
  }
  const soakMs = performance.now() - soakStart;
  const after = timeProbes();
  const tokens = { soakChars, soakMs, beforeCpuMs: before, afterCpuMs: after, ratio: after / before };
  printTable("Tokens: 200 KB inputs, CPU ms (median of 7)", [{ "soak MB": soakChars / 1e6, before, after, ratio: after / before, "soak s": soakMs / 1000 }]);
  result.tokens = tokens;
}

// 3. Compress
if (!skip.has("compress")) {
  const ctx = testCtx();
  const h = new History();
  for (let i = 0; i < messageCount; i++) i % 2 ? h.user(`question ${i} about the cache`) : h.step({ text: `answer ${i}: checked the index` });
  const body = h.body();
  const bytes = JSON.stringify(body).length;
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const hold = watchLoopHold();
  delay.enable();
  const start = performance.now();
  await compressMessagesAsync(ctx, body);
  const total = performance.now() - start;
  // The last slice (the write) is measured by the next turn of the loop.
  await new Promise((resolve) => setTimeout(resolve, 10));
  delay.disable();
  const held = hold.stop();
  ctx.close();
  const row = { messages: messageCount, MB: bytes / 1e6, "total ms": total, "longest hold ms": held, "p99 loop delay ms": delay.percentile(99) / 1e6 };
  printTable("Compress: one request, the event loop meanwhile", [row]);
  result.compress = row;
}

// 4. Health over HTTP
if (!skip.has("http")) {
  const row = await healthDuringCompress(messageCount);
  printTable("Health over HTTP while one big compress runs", [row]);
  result.http = { ...row, load: os.loadavg()[0] };
}

// 5. Health over HTTP during each heavy route
if (!skip.has("routes")) {
  const rows = await healthDuringRoutes(scale, onlyRoute, serverFlags);
  printTable(`Health over HTTP while each heavy route runs (load ${os.loadavg()[0].toFixed(1)})`, rows);
  result.routes = { scale, rows, load: os.loadavg()[0] };
}

writeResult("adversarial", result);
