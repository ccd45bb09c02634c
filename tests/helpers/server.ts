import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../../scripts/build-if-needed";
import { serveArgs, serveEnv } from "../../server/command";
import { reapOnExit } from "./reap-children";
import { waitUntil } from "./wait-until";

/** Where a started server listens and how to reach it: what the global setup hands to test files. */
export interface ServerAddress {
  url: string;
  port: number;
  token: string;
  dataDir: string;
}

/** A running server as test files use it, whether a file started it or shares the global one. */
export interface ServerClient extends ServerAddress {
  /** fetch against the server with the API token. */
  api: (pathname: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;
  /** GET a page as a signed-in browser (a one-time login link's session cookie). */
  page: (pathname: string) => Promise<Response>;
}

export interface TestServer extends ServerClient {
  stop: () => Promise<void>;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  child: ChildProcess;
  log: () => string;
}

export function tempDir(prefix = "recollect-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real production server (server/serve.ts: request-line gate + Next.js) on a free port with its own data dir and an
 * isolated config dir. Embeddings are off unless the test's env turns them on. It runs from the
 * server's bundle as `recollect start` does (server/command.ts); `tsx: true` runs serve.ts through tsx instead.
 */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; port?: number; nodeFlags?: string[]; tsx?: boolean } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDir();
  // A restarted server keeps its port (the team tests restart a hub its machines know by URL).
  const port = options.port ?? (await freePort());
  const configHome = tempDir("recollect-config-");
  let output = "";
  // `nodeFlags` go after the server's own V8 flag (serveArgs' first), so one given here wins (a bench's `--max-semi-space-size`).
  const [ownFlag, ...rest] = serveArgs("127.0.0.1", port, { tsx: options.tsx });
  const child = spawn(process.execPath, [ownFlag, ...(options.nodeFlags ?? []), ...rest], {
    cwd: ROOT,
    env: serveEnv({
      ...process.env,
      RECOLLECT_DATA_DIR: dataDir,
      RECOLLECT_APP_DIR: ROOT,
      XDG_CONFIG_HOME: configHome,
      RECOLLECT_EMBEDDING_PROVIDER: "none",
      NEXT_TELEMETRY_DISABLED: "1",
      // The browser's pages on the test's own URL: Node's fetch cannot reach `recollect.localhost`
      // (no resolver for it here). tests/adversarial/ and e2e/browser/browser-host.spec.ts start
      // servers with the default (lib/security/browser-host.ts).
      RECOLLECT_BROWSER_HOST: "127.0.0.1",
      ...options.env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  reapOnExit(child);
  // A server that dies mid-test (a signal: SIGBUS, SIGSEGV) says so in its output, which failures quote.
  child.on("exit", (code, signal) => (output += `\n[the server exited: code ${code}, signal ${signal}]\n`));
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;

  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
      try {
        return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
      } catch {
        return false; // not up yet
      }
    },
    {
      // Until healthy or exited; the bound only ends a hung start. At load 25-30 on 2 cores a start
      // took over 60 s (4.5 s of CPU), which failed whole files' beforeAll (vitest.config.ts' hookTimeout is above this).
      timeoutMs: 240_000,
      intervalMs: 100,
      onTimeout: () => {
        child.kill("SIGKILL");
        return new Error(`server did not become healthy:\n${output}`);
      },
    },
  );
  const token = fs.readFileSync(path.join(dataDir, "token"), "utf8").trim();

  const exited = () => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));
  return {
    ...clientFor({ url, port, token, dataDir }),
    child,
    log: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited();
    },
    kill: async (signal = "SIGKILL") => {
      child.kill(signal);
      await exited();
    },
  };
}

/** api() and page() for a server at `address` (one started here or the shared one from the global setup). */
export function clientFor(address: ServerAddress): ServerClient {
  const { url, token } = address;
  let cookie: string | undefined;
  const signIn = async () => {
    const ticket = await fetch(`${url}/api/auth/tickets`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    const { path: link } = (await ticket.json()) as { path: string };
    const login = await fetch(url + link, { redirect: "manual" });
    return (login.headers.get("set-cookie") ?? "").split(";")[0];
  };
  return {
    ...address,
    api: (pathname, init = {}) => {
      const { json, headers, ...rest } = init;
      return fetch(url + pathname, {
        ...rest,
        headers: {
          authorization: `Bearer ${token}`,
          ...(json !== undefined ? { "content-type": "application/json" } : {}),
          ...(headers as Record<string, string>),
        },
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
    page: async (pathname) => {
      cookie ??= await signIn();
      return fetch(url + pathname, { headers: { cookie }, redirect: "manual" });
    },
  };
}
