import http from "node:http";

/**
 * A keep-alive node:http client for latency benchmarks. Node's fetch (undici) adds 1-3 ms per
 * request on this machine (measured against the same server: lexical search p50 7.7 vs 6.0 ms);
 * benches report both, so the server's own time is not hidden behind the client's.
 *
 * A kept-alive socket the server has just closed (Node's `keepAliveTimeout`, 5 s, after the client
 * sat idle, e.g. while a bench timed the same server through fetch) makes the next request on it fail
 * with ECONNRESET / "socket hang up" before the server read anything. Such a request is sent once
 * more on a new socket (`reusedSocket`, as Node's documentation advises); a request on a fresh
 * socket that fails is a real failure (a server that died) and is not retried.
 */
export function keepAliveClient(baseUrl: string, token: string) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const once = (path: string, payload: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: "POST",
          agent,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (d: Buffer) => chunks.push(d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        },
      );
      req.on("error", (error: NodeJS.ErrnoException) => reject(Object.assign(error, { staleSocket: req.reusedSocket && isReset(error) })));
      req.end(payload);
    });
  const post = async (path: string, json: unknown) => {
    const payload = JSON.stringify(json);
    try {
      return await once(path, payload);
    } catch (error) {
      if ((error as { staleSocket?: boolean }).staleSocket) return once(path, payload);
      throw error;
    }
  };
  return { post, close: () => agent.destroy() };
}

const isReset = (error: NodeJS.ErrnoException) => error.code === "ECONNRESET" || error.message === "socket hang up";
