import type http from "node:http";
import { Readable } from "node:stream";
import type { DirectHandler } from "../lib/http/direct-routes";

/**
 * Answers a request with a route handler registered in lib/http/direct-routes.ts: the node:http
 * request as a standard Request (headers as sent, the body streamed: the handler enforces its own
 * size limit), the handler's Response written back. The gate (server/gate.ts) has checked the
 * request line and Host; the handler does the rest, as it does behind Next.js.
 */
export async function answerDirect(handler: DirectHandler, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(`http://${req.headers.host}${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: "half",
  } as RequestInit);
  const response = await handler(request);
  const body = Buffer.from(await response.arrayBuffer());
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) if (name !== "set-cookie") out[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out["set-cookie"] = cookies;
  out["content-length"] = String(body.byteLength);
  res.writeHead(response.status, out);
  res.end(body);
}
