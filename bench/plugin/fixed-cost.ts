/**
 * The server's fixed CPU cost of one API request, by path: what a request costs before and after
 * its route's own work. Each case is sent N times on one keep-alive connection (as the plugin
 * does) and the server process's CPU (all its threads, /proc) is divided by N:
 * - `GET /api/health`: Next.js's request handling, the guard, the route wrapper;
 * - `POST /api/compress` with no messages: the direct path (lib/http/direct-routes.ts) with the
 *   guard, the body read, an empty compression (its stats row) and the answer;
 * - `GET /api/kv/...` missing key: a token-checked route through Next.js.
 *
 *   RECOLLECT_DIST_DIR=.next npx tsx bench/plugin/fixed-cost.ts [--requests 400]
 */
import os from "node:os";
import { startServer } from "../../tests/helpers/server";
import { processThreadsCpuMs } from "../lib/process-cpu";
import { printTable, writeResult } from "../lib/stats";

const args = process.argv.slice(2);
const N = Number(args[args.indexOf("--requests") + 1]) || 400;

async function main() {
  process.env.RECOLLECT_DIST_DIR ||= ".next";
  const server = await startServer();
  const pid = server.child.pid!;
  const cases: { name: string; run: () => Promise<Response> }[] = [
    { name: "GET /api/health", run: () => server.api("/api/health") },
    { name: "POST /api/compress (no messages)", run: () => server.api("/api/compress", { method: "POST", json: { sessionID: "ses_x", messages: [] } }) },
    { name: "GET /api/kv/recollect/missing (404)", run: () => server.api("/api/kv/recollect/missing") },
  ];
  const rows: Record<string, string | number>[] = [];
  for (const c of cases) {
    for (let i = 0; i < 50; i++) await (await c.run()).arrayBuffer();
    const before = processThreadsCpuMs(pid)!;
    let status = 0;
    for (let i = 0; i < N; i++) {
      const res = await c.run();
      status = res.status;
      await res.arrayBuffer();
    }
    const cpu = (processThreadsCpuMs(pid)! - before) / N;
    rows.push({ request: c.name, status, "server CPU ms per request": cpu });
  }
  await server.stop();
  printTable(`Fixed server CPU per API request (${N} each, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`, rows);
  writeResult("plugin-fixed-cost", { requests: N, rows });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
