/**
 * The production server: a plain node:http server that checks each request line (server/gate.ts)
 * and hands the rest to Next.js through its programmatic API, on the build `next build` made.
 *
 *   node --import tsx server/serve.ts --hostname 127.0.0.1 --port 7731
 *
 * Started by `npm start` (scripts/start.ts), `recollect start` (cli/lib/server-process.ts) and the
 * test helper (tests/helpers/server.ts). Files it creates are private to the user (umask 077);
 * boot() tightens a data dir and files made before (lib/security/files.ts).
 */
import http from "node:http";
import path from "node:path";
import { announce, logger } from "../lib/logging/logger";
import { directRouteFor } from "../lib/http/direct-routes";
import { runShutdown } from "../lib/shutdown";
import { API_SECURITY_HEADERS, COMMON_SECURITY_HEADERS } from "../lib/security/headers";
import { LOCAL_ADDRESS_HEADER, proofAddress } from "../lib/security/server-proof";
import { answerDirect } from "./direct";
import { peekProcessSingleton } from "../lib/process-singleton";
import { checkRequestBody, checkRequestLine, type GateRefusal } from "./gate";
import { allowedHostsFromEnv } from "../lib/security/hosts";

/** The API token of the booted server (lib/boot.ts keeps it process-wide), undefined before boot. */
const bootedToken = () => peekProcessSingleton<{ state?: { token?: string } }>("boot")?.state?.token;

// Before anything opens a file: the database, its WAL and SHM, logs and backups come out 0600.
process.umask(0o077);
(process.env as Record<string, string>).NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";

const ROOT = path.resolve(import.meta.dirname, "..");
process.env.RECOLLECT_APP_DIR ||= ROOT;

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i !== -1 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const hostname = option("hostname", "127.0.0.1");
const port = Number(option("port", "7731"));
// Read once: the process's environment does not change, and reading process.env on every request
// (a call into the C++ side each time) was about 1% of the plugin turn's server CPU.
const extraAllowedHosts = allowedHostsFromEnv();

function refuse(res: http.ServerResponse, refusal: GateRefusal) {
  const body = JSON.stringify({ error: { code: refusal.code, message: refusal.message, details: null } });
  res.writeHead(refusal.status, { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...refusal.headers });
  res.end(body);
}

function hostHeaderCount(raw: string[]): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 4 && raw[i].toLowerCase() === "host") n++;
  return n;
}

const { default: next } = await import("next");
// Next.js forms its own origin from `hostname` (the proxy's request URL, and the origin a rewrite
// must keep to stay in this process), but normalizes every loopback address in its request URLs to
// "localhost". Given "127.0.0.1", the two differ, so the proxy's rewrite of a login link
// (`/login?ticket=`) was taken for an external one and sent back to this server over HTTP, through
// Next.js's proxy: a second connection per login, answered "500 Internal Server Error" when that hop
// failed on a loaded machine (vercel/next.js#94745). "localhost" is a name it leaves as it is.
// Only Next.js's URLs use it: the server listens on `hostname` (below).
const app = next({ dev: false, dir: ROOT, hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  // The address this connection reached, for the health proof (lib/security/server-proof.ts);
  // a value the client sent is replaced.
  req.headers[LOCAL_ADDRESS_HEADER] = proofAddress(req.socket.localAddress ?? "", req.socket.localPort ?? 0);
  const refusal = checkRequestLine(
    { method: req.method, target: req.url, host: req.headers.host, hostHeaders: hostHeaderCount(req.rawHeaders) },
    extraAllowedHosts,
  );
  if (refusal) return refuse(res, refusal);
  // Answers Next.js makes itself (a 405 for a method a route does not have, a static file) get
  // the security headers too; routes and the proxy set the same names again.
  const api = req.url === "/api" || req.url?.startsWith("/api/") || req.url?.startsWith("/api?");
  for (const [name, value] of Object.entries(api ? API_SECURITY_HEADERS : COMMON_SECURITY_HEADERS)) res.setHeader(name, value);
  // Before any byte of the body is read: no buffering of what a page or a caller without a
  // credential sends. The connection closes after the answer, so the rest is never read.
  const bodyRefusal = checkRequestBody({ method: req.method, target: req.url, headers: req.headers, token: bootedToken() });
  if (bodyRefusal) {
    res.shouldKeepAlive = false;
    return refuse(res, { ...bodyRefusal, headers: { ...bodyRefusal.headers, connection: "close" } });
  }
  // Hot API routes Next.js has loaded are called directly (lib/http/direct-routes.ts).
  const direct = directRouteFor(req.method, req.url);
  (direct ? answerDirect(direct, req, res) : handle(req, res)).catch((error: unknown) => {
    logger.error("request failed", { error: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });
    if (res.headersSent) return res.destroy();
    res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { code: "internal", message: "internal error (see the server log)", details: null } }));
  });
});
/**
 * Every way out: stop taking requests, let the ones in flight finish (2 s at most: keep-alive
 * sockets would hold close() open), close Next.js, then the shutdown steps boot() registered
 * (background work stopped, the WAL checkpointed into recollect.db, the database closed).
 */
let exiting = false;
async function exit(code: number) {
  if (exiting) return;
  exiting = true;
  // A step that hangs must not keep the process, but a slow one must finish: at load 25-30 on 2
  // cores the way out took over 10 s, and exiting then skipped the WAL checkpoint (recollect.db
  // alone held nothing). `recollect stop` waits 90 s before SIGKILL (cli/lib/server-process.ts).
  setTimeout(() => process.exit(code), 60_000).unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await Promise.race([closed, new Promise((r) => setTimeout(r, 2_000).unref())]);
  server.closeAllConnections();
  await app.close().catch(() => {});
  await runShutdown((error) => logger.error("shutdown step failed", { error: error instanceof Error ? error.message : String(error) }));
  process.exit(code);
}

server.on("error", (error: NodeJS.ErrnoException) => {
  // EADDRINUSE, EACCES...: one clear line for the log `recollect start` shows, then exit.
  logger.error(`cannot listen on ${hostname}:${port}: ${error.code ?? ""} ${error.message}`);
  void exit(1);
});
server.listen(port, hostname, () => {
  announce(`listening on http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`);
});

// SIGTERM: `recollect stop`, the test helper; SIGINT: Ctrl-C under `npm start`; SIGHUP: its terminal closed.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, () => void exit(0));
