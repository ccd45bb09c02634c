import http from "node:http";
import type { AddressInfo } from "node:net";
import { proofAddress, serverProof } from "../../../lib/security/server-proof";

/**
 * A proxy in front of the real Recollect server that spoils chosen answers the way a loaded
 * machine does (issue 40): a 200 whose body never comes in time (under OpenCode's Bun, the fetch
 * resolves with the status and the body read at the deadline gave an empty string), or a 200 with
 * an empty body. Everything else goes through unchanged.
 */
export type Fault = "empty" | { stallMs: number };

export interface FaultyProxy {
  url: string;
  /** Every request seen: method, path and query. */
  seen: string[];
  close: () => Promise<void>;
}

/**
 * `token`: the proxy stands in for the server, so it proves the token for its own address (the
 * client checks the proof against the address it dialled; a relay without the token cannot).
 */
export async function startFaultyProxy(
  target: string,
  faultFor: (method: string, url: URL, nth: number) => Fault | undefined,
  token?: string,
): Promise<FaultyProxy> {
  const seen: string[] = [];
  const counts = new Map<string, number>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://proxy");
    seen.push(`${req.method} ${url.pathname}${url.search}`);
    const key = `${req.method} ${url.pathname}`;
    const nth = (counts.get(key) ?? 0) + 1;
    counts.set(key, nth);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !["host", "content-length", "connection"].includes(k))) as Record<
      string,
      string
    >;
    const upstream = await fetch(target + url.pathname + url.search, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    let body = Buffer.from(await upstream.arrayBuffer());
    const challenge = url.pathname === "/api/health" ? url.searchParams.get("challenge") : null;
    if (token && challenge && upstream.ok) {
      const address = proofAddress("127.0.0.1", (server.address() as AddressInfo).port);
      body = Buffer.from(JSON.stringify({ ...JSON.parse(body.toString("utf8")), address, proof: serverProof(token, challenge, address) }));
    }
    const fault = faultFor(req.method ?? "GET", url, nth);
    if (fault === "empty") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end();
      return;
    }
    if (fault) {
      // The status and headers now, the body only after the client's deadline.
      res.writeHead(upstream.status, { "content-type": "application/json", "content-length": String(body.length) });
      res.flushHeaders();
      setTimeout(() => res.end(body), fault.stallMs);
      return;
    }
    res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
