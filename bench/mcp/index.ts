import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ensureBuild } from "../../scripts/build-if-needed";
import { benchCtx, ROOT, round, stats, table, tempDir, writeResult } from "../search/common";
import { corpus } from "../search/corpus";
import { bulkLoad } from "../search/load";
import { startBenchServer } from "../search/speed";

/**
 * The cost of MCP: p50/p95 of a `recall` tool call over Streamable HTTP against the same search
 * over `POST /api/search`, in the same run, on the same server, at 10,000 memories (lexical: the
 * difference is the MCP layer, not the search). Calls alternate between the two paths so both see
 * the same machine load. Timed with a keep-alive node:http client; the official SDK client (fetch)
 * is shown too. Target: MCP adds at most 5 ms at p95.
 *
 *   npx tsx bench/mcp/index.ts [--memories 10000] [--queries 400] [--no-build]
 */
const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const n = Number(opt("memories", "10000"));
const queries = Number(opt("queries", "400"));
if (!args.includes("--no-build") || !fs.existsSync(path.join(ROOT, process.env.RECOLLECT_DIST_DIR || ".next", "BUILD_ID"))) ensureBuild();

const c = corpus();
const dataDir = tempDir("recollect-bench-mcp-");
const ctx = benchCtx({}, dataDir);
bulkLoad(ctx, n, c, null);
ctx.close();
const server = await startBenchServer(dataDir, {});
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function post(pathname: string, json: unknown, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const payload = JSON.stringify(json);
    const u = new URL(server.url);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: pathname,
        method: "POST",
        agent,
        headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d: Buffer) => chunks.push(d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** The JSON-RPC answer of a POST: the body itself, or the `data:` line of its event stream (answers are streamed, docs/mcp.md). */
const rpcMessage = (body: string) => (body.startsWith("{") ? body : (/^data: (.*)$/m.exec(body)?.[1] ?? body));

try {
  // An MCP session, opened the way a client opens one.
  const mcpHeaders = { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
  const init = await post(
    "/mcp",
    { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } } },
    mcpHeaders,
  );
  const sessionId = init.headers["mcp-session-id"] as string;
  if (init.status !== 200 || !sessionId) throw new Error(`initialize failed: ${init.status} ${init.body}`);
  const session = { ...mcpHeaders, "mcp-session-id": sessionId };
  await post("/mcp", { jsonrpc: "2.0", method: "notifications/initialized" }, session);

  const query = (i: number) => c.questions[i % c.questions.length];
  const viaApi = async (i: number) => {
    const t = performance.now();
    const res = await post("/api/search", { query: query(i), limit: 10 });
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`search: ${res.status} ${res.body}`);
    return { ms, ids: (JSON.parse(res.body) as { results: { id: string }[] }).results.map((r) => r.id) };
  };
  const viaMcp = async (i: number) => {
    const t = performance.now();
    const res = await post(
      "/mcp",
      { jsonrpc: "2.0", id: i + 1, method: "tools/call", params: { name: "recall", arguments: { query: query(i), limit: 10 } } },
      session,
    );
    const ms = performance.now() - t;
    const out = JSON.parse(rpcMessage(res.body)) as { result?: { isError?: boolean; structuredContent?: { result: { results: { id: string }[] } } } };
    if (res.status !== 200 || !out.result || out.result.isError) throw new Error(`recall: ${res.status} ${res.body.slice(0, 300)}`);
    return { ms, ids: out.result.structuredContent!.result.results.map((r) => r.id) };
  };

  for (let i = 0; i < 30; i++) {
    await viaApi(queries + i);
    await viaMcp(queries + i);
  }
  const api: number[] = [];
  const mcp: number[] = [];
  let sameResults = 0;
  for (let i = 0; i < queries; i++) {
    // Alternate which path goes first, so neither always gets the warmer cache line.
    const [a, m] =
      i % 2 === 0
        ? [await viaApi(i), await viaMcp(i)]
        : await (async () => {
            const m1 = await viaMcp(i);
            return [await viaApi(i), m1] as const;
          })();
    api.push(a.ms);
    mcp.push(m.ms);
    if (a.ids.join() === m.ids.join()) sameResults++;
  }

  // The official SDK client (fetch underneath), for comparison.
  const sdk = new Client({ name: "bench-sdk", version: "1" });
  await sdk.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${server.token}` } } }));
  const sdkSamples: number[] = [];
  for (let i = 0; i < Math.min(queries, 200); i++) {
    const t = performance.now();
    await sdk.callTool({ name: "recall", arguments: { query: query(i), limit: 10 } });
    sdkSamples.push(performance.now() - t);
  }
  await sdk.close();

  const a = stats(api);
  const m = stats(mcp);
  const s = stats(sdkSamples);
  const rows = [
    { path: "POST /api/search", ...a },
    { path: "MCP recall (tools/call)", ...m },
    { path: "MCP recall, SDK client (fetch)", ...s },
  ];
  const overhead = { p50: round(m.p50 - a.p50), p95: round(m.p95 - a.p95) };
  console.log(`\nrecall at ${n} memories, ${queries} queries each, lexical (ms)`);
  console.log(table(rows));
  console.log(`\nMCP adds ${overhead.p50} ms at p50, ${overhead.p95} ms at p95 (target: <= 5 ms at p95): ${overhead.p95 <= 5 ? "met" : "NOT met"}`);
  console.log(`same results on both paths: ${sameResults}/${queries}`);
  console.log(`wrote ${writeResult("mcp", { at: new Date().toISOString(), memories: n, queries, rows, overhead, sameResults })}`);
} finally {
  agent.destroy();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
