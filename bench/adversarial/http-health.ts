import { startServer } from "../../tests/helpers/server";
import { History } from "../../tests/lib/compression/history";
import { summarize } from "../lib/stats";

/**
 * `/api/health` over HTTP while one big `POST /api/compress` runs on the real server (the
 * production build, `npx next build` first): health is asked one request after another, each
 * timed from send to answer. Reports the slowest health answer (the target: under 200 ms), their
 * count and p99, and the compress's own time.
 */
export async function healthDuringCompress(messageCount: number) {
  const h = new History("ses_bench_big");
  for (let i = 0; i < messageCount; i++) i % 2 ? h.user(`question ${i} about the cache`) : h.step({ text: `answer ${i}: checked the index` });
  const payload = JSON.stringify(h.body());
  const server = await startServer({
    env: { RECOLLECT_SERVER_HISTORY_BODY_LIMIT_BYTES: String(64 * 1024 * 1024), RECOLLECT_COMPRESSION_CACHE_AWARE: "false" },
  });
  try {
    // Warm the routes (first-request loading is not what is measured).
    await (await server.api("/api/health")).arrayBuffer();
    const warm = new History("ses_bench_warm").user("hello").step({ text: "hi" });
    await (await server.api("/api/compress", { method: "POST", json: warm.body() })).arrayBuffer();

    let done = false;
    const started = performance.now();
    const compress = server.api("/api/compress", { method: "POST", body: payload, headers: { "content-type": "application/json" } }).then(async (res) => {
      await res.arrayBuffer();
      done = true;
      return { status: res.status, ms: performance.now() - started };
    });
    const latencies: number[] = [];
    while (!done) {
      const t = performance.now();
      const res = await server.api("/api/health");
      await res.arrayBuffer();
      if (!done) latencies.push(performance.now() - t);
    }
    const result = await compress;
    const s = summarize(latencies);
    return {
      messages: messageCount,
      MB: payload.length / 1e6,
      status: result.status,
      "compress ms": result.ms,
      "health answers": s.n,
      "health p50 ms": s.p50,
      "health p99 ms": s.p99,
      "health max ms": s.max,
    };
  } finally {
    await server.stop();
  }
}
