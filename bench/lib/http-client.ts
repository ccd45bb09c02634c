import http from "node:http";

/**
 * A keep-alive node:http client for latency benchmarks. Node's fetch (undici) adds 1-3 ms per
 * request on this machine (measured against the same server: lexical search p50 7.7 vs 6.0 ms);
 * benches report both, so the server's own time is not hidden behind the client's.
 */
export function keepAliveClient(baseUrl: string, token: string) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const post = (path: string, json: unknown) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const payload = JSON.stringify(json);
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
      req.on("error", reject);
      req.end(payload);
    });
  return { post, close: () => agent.destroy() };
}
