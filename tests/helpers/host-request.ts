import http from "node:http";

export interface HostAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => unknown;
}

/**
 * One HTTP request to the server on 127.0.0.1:`port` with the Host header given as it is (Node's
 * fetch always sends the URL's host, and nothing here resolves `recollect.localhost`, which
 * browsers map to the loopback themselves). Redirects are not followed.
 */
export function hostRequest(
  port: number,
  options: { method?: string; path: string; host: string; headers?: Record<string, string>; body?: string },
): Promise<HostAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path, headers: { host: options.host, ...options.headers }, agent: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
