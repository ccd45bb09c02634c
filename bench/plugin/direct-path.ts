/**
 * The front gate's direct path (server/direct.ts) for the plugin's compress turn at 200K tokens,
 * its two ways alternating turn by turn in one process: "streams" (the request body handed to the
 * route as a web stream fed from the socket, the answer read back from the response's stream, as
 * before session ten) and "bytes" (a body of a declared length up to DIRECT_BODY_BYTES read whole
 * and handed over as bytes, a one-chunk compress answer written from its bytes). The real compress
 * route (app/api/compress/route.ts, with its guard, log line, delta exchange, compression, turn
 * recall and record) behind a node:http server on loopback, called by the plugin's own compression
 * call (plugin/hooks/compress.ts) over real HTTP. Timed: the CPU of this process from the server's
 * `request` event to the answer's `finish` (the client waits meanwhile), so a loaded machine still
 * compares the two; each turn's request and answer bytes are counted.
 *
 * `--transport`: the front gate's part alone, on many requests: a handler that reads its body as the
 * route does (readJsonBody) and answers a one-chunk compress answer (compressAnswerResponse) of
 * the size a turn's is, both ways alternating request by request; the CPU of the whole process a
 * request (the client's share is the same both ways, so the difference is the gate's).
 *
 *   npx tsx bench/plugin/direct-path.ts [--turns 100] [--tokens 200000]
 *   npx tsx bench/plugin/direct-path.ts --transport [--requests 3000]
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { numberArg, ownCpuMs } from "../lib/in-process";
import { printTable, summarize, writeResult } from "../lib/stats";
import { id, lorem, step, stepsOf, v1History } from "./sessions";
import { addUserTurn, finishTurn, seedTurnStore } from "./turn-driver";

const args = process.argv.slice(2);
const TURNS = numberArg(args, "--turns", 100);
const TOKENS = numberArg(args, "--tokens", 200_000);
const WARMUP = 6;
type Way = "streams" | "bytes";

async function main() {
  if (args.includes("--transport")) return transport();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-direct-path-"));
  Object.assign(process.env, {
    RECOLLECT_DATA_DIR: dataDir,
    XDG_CONFIG_HOME: fs.mkdtempSync(path.join(os.tmpdir(), "bench-direct-path-config-")),
    RECOLLECT_EMBEDDING_PROVIDER: "none",
    NODE_ENV: "production",
  });
  await import("../../app/api/compress/route"); // registers its direct handler
  const { directRouteFor, rememberedBody } = await import("../../lib/http/direct-routes");
  const { processSingleton } = await import("../../lib/process-singleton");
  const { answerDirect } = await import("../../server/direct");
  const { boot } = await import("../../lib/boot");
  const { createMemory } = await import("../../lib/memories");
  const { compressHistory } = await import("../../plugin/hooks/compress");
  const { resolveSettings } = await import("../../plugin/options");
  const { createRuntime } = await import("../../plugin/runtime");
  const { runShutdown } = await import("../../lib/shutdown");
  const { ctx, token } = boot();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bench-direct-path-proj-"));
  seedTurnStore(createMemory, ctx, directory);

  const compress = directRouteFor("POST", "/api/compress");
  if (!compress?.takesGivenBody) throw new Error("the compress route is not registered for the direct path with takesGivenBody");
  // "streams": the same handler without the flag (its body streams), its answer's noted bytes
  // forgotten (read back from the stream), as the front gate did before.
  const noted = processSingleton("direct-bodies", () => new WeakMap<Response, string | Uint8Array>());
  const streams = Object.assign(
    async (req: Request) => {
      const res = await compress(req);
      if (rememberedBody(res) instanceof Uint8Array) noted.delete(res);
      return res;
    },
    { requestClass: compress.requestClass },
  );
  let way: Way = "bytes";
  let timing = false;
  const cost = { cpu: 0, requestBytes: 0, answerBytes: 0 };
  const { proofAddress, serverProof } = await import("../../lib/security/server-proof");
  const server = http.createServer((req, res) => {
    // The plugin's client proves the server before it sends the token (plugin/client.ts): answered here.
    if (req.url?.startsWith("/api/health?challenge=")) {
      const challenge = new URL(req.url, "http://localhost").searchParams.get("challenge") ?? "";
      const proof = serverProof(token, challenge, proofAddress(req.socket.localAddress ?? "", req.socket.localPort ?? 0));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: "ok", proof }));
      return;
    }
    const c0 = ownCpuMs();
    let answered = 0;
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const count = (chunk: unknown) => {
      if (chunk && typeof chunk !== "function") answered += typeof chunk === "string" ? Buffer.byteLength(chunk) : (chunk as Uint8Array).byteLength;
    };
    res.write = ((chunk: unknown, ...rest: never[]) => (count(chunk), write(chunk as never, ...rest))) as typeof res.write;
    res.end = ((chunk: unknown, ...rest: never[]) => (count(chunk), end(chunk as never, ...rest))) as typeof res.end;
    res.once("finish", () => {
      if (!timing) return;
      cost.cpu = ownCpuMs() - c0;
      cost.requestBytes = Number(req.headers["content-length"] ?? 0);
      cost.answerBytes = answered;
    });
    void answerDirect(way === "bytes" ? compress : streams, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rt = createRuntime(resolveSettings({ url, dataDir, autoStart: false, timeoutMs: 30_000, compressTimeoutMs: 60_000 }), directory, undefined);

  const sessionID = id("ses");
  const { steps, tokens } = stepsOf(TOKENS);
  const history = v1History(sessionID, steps);
  const s = rt.sessions.get(sessionID);
  const rows: Record<Way, { cpu: number[]; request: number[]; answer: number[] }> = {
    streams: { cpu: [], request: [], answer: [] },
    bytes: { cpu: [], request: [], answer: [] },
  };
  for (let t = 0; t < 2 * (TURNS + WARMUP); t++) {
    way = t % 2 === 0 ? "streams" : "bytes";
    const recall = addUserTurn(history, s, sessionID, directory, `Now the migration for the ${lorem(8, t)} module, keep the cache config as decided`);
    timing = true;
    cost.cpu = Number.NaN;
    const sent = history.map((m) => structuredClone(m));
    await compressHistory(rt, s, sent, recall);
    timing = false;
    if (Number.isNaN(cost.cpu)) throw new Error(`turn ${t}: no compress call answered`);
    if (t >= 2 * WARMUP) {
      rows[way].cpu.push(cost.cpu);
      rows[way].request.push(cost.requestBytes);
      rows[way].answer.push(cost.answerBytes);
    }
    await finishTurn(rt, s, history, sessionID, t);
  }
  server.close();
  await runShutdown(() => {});
  const table = (["streams", "bytes"] as const).map((w) => {
    const cpu = summarize(rows[w].cpu);
    return {
      way: w === "streams" ? "body and answer as web streams (before)" : "small body and answer as bytes (after)",
      "server CPU p50 ms": cpu.p50,
      "p95 ms": cpu.p95,
      "max ms": cpu.max,
      "request bytes p50": summarize(rows[w].request).p50,
      "answer bytes p50": summarize(rows[w].answer).p50,
    };
  });
  printTable(
    `The direct path per plugin compress turn at ${Math.round(tokens / 1000)}K tokens (${TURNS} turns each way, alternating; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
    table,
  );
  writeResult("plugin-direct-path", { turns: TURNS, tokens, rows: table });
  process.exit(0);
}

/** The gate alone: the two ways on a synthetic handler, request by request (see the header). */
async function transport() {
  const REQUESTS = numberArg(args, "--requests", 3000);
  const { DIRECT_BODY_BYTES, directRouteFor, registerDirectRoute, rememberedBody } = await import("../../lib/http/direct-routes");
  const { processSingleton } = await import("../../lib/process-singleton");
  const { answerDirect } = await import("../../server/direct");
  const { readJsonBody } = await import("../../app/api/_lib/read-json");
  const { compressAnswerResponse } = await import("../../app/api/_lib/compress-body");
  // A turn's answer: the last messages after `keep`, a recall block, the stats (about 3 KB, as measured above).
  const answer = {
    messages: v1History("ses_bench", [{ user: lorem(40, 1) }, step(7)]).map((m) => ({ ...m, parts: m.parts.map((p) => ({ id: p.id, unchanged: true })) })),
    stats: { tokensBefore: 201_000, tokensAfter: 150_000, byStrategy: {} },
    nudges: [],
    base: "0123456789abcdef",
    keep: 410,
    recall: { block: lorem(200, 3), tokens: 300, memoryIds: ["m1", "m2", "m3"], cached: false },
  };
  registerDirectRoute(
    "POST",
    "/bench/turn",
    Object.assign(
      async (req: Request) => {
        await readJsonBody(req, 64 * 1024 * 1024);
        return compressAnswerResponse(answer as never, { "content-type": "application/json", "cache-control": "no-store, no-transform" });
      },
      { takesGivenBody: true as const },
    ),
  );
  const handler = directRouteFor("POST", "/bench/turn")!;
  const noted = processSingleton("direct-bodies", () => new WeakMap<Response, string | Uint8Array>());
  const streams = async (req: Request) => {
    const res = await handler(req);
    if (rememberedBody(res) instanceof Uint8Array) noted.delete(res);
    return res;
  };
  let way: Way = "bytes";
  const server = http.createServer((req, res) => void answerDirect(way === "bytes" ? handler : streams, req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench/turn`;
  const bodies = [650, 3_000, 20_000].filter((n) => n <= DIRECT_BODY_BYTES).map((n) => JSON.stringify({ sessionID: "ses_bench", text: "x".repeat(n - 40) }));
  const table: Record<string, string | number>[] = [];
  for (const body of bodies) {
    const cpu: Record<Way, number[]> = { streams: [], bytes: [] };
    let answerBytes = 0;
    for (let i = 0; i < 2 * REQUESTS + 200; i++) {
      way = i % 2 === 0 ? "streams" : "bytes";
      const c0 = ownCpuMs();
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
      answerBytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      if (i >= 200) cpu[way].push(ownCpuMs() - c0);
    }
    for (const w of ["streams", "bytes"] as const) {
      const sum = summarize(cpu[w]);
      table.push({
        body: `${Buffer.byteLength(body)} B, answer ${answerBytes} B`,
        way: w === "streams" ? "web streams (before)" : "bytes (after)",
        "CPU a request p50 µs": Math.round(sum.p50 * 1000),
        "p95 µs": Math.round(sum.p95 * 1000),
        "mean µs": Math.round((cpu[w].reduce((a, b) => a + b, 0) / cpu[w].length) * 1000),
      });
    }
  }
  server.close();
  printTable(
    `The front gate alone, client and server in one process (${REQUESTS} requests each way, alternating; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
    table,
  );
  writeResult("plugin-direct-transport", { requests: REQUESTS, rows: table });
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
