import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DirectRequestInit, directRouteFor, registerDirectRoute } from "@/lib/http/direct-routes";
import { answerDirect } from "@/server/direct";

/** The front gate's direct path (lib/http/direct-routes.ts, server/direct.ts) on a real node:http server. */
const seen: { method: string; url: string; headers: Headers; body: string }[] = [];

registerDirectRoute("POST", "/test/echo", async (req) => {
  const body = await req.text();
  seen.push({ method: req.method, url: req.url, headers: req.headers, body });
  const headers = new Headers({ "content-type": "application/json", "x-extra": "1" });
  headers.append("set-cookie", "a=1; Path=/");
  headers.append("set-cookie", "b=2; Path=/");
  return new Response(JSON.stringify({ got: body.length }), { status: 201, headers });
});
// A handler that names its Request class gets one built as that class, once (no second wrapping).
class CountedRequest extends Request {
  static built = 0;
  constructor(input: URL, init: DirectRequestInit) {
    super(input, init);
    CountedRequest.built++;
  }
}
registerDirectRoute(
  "POST",
  "/test/class",
  Object.assign(
    async (req: Request) =>
      new Response(
        JSON.stringify({ counted: req instanceof CountedRequest, built: CountedRequest.built, body: await req.text(), token: req.headers.get("x-token") }),
      ),
    { requestClass: CountedRequest },
  ),
);
// Answers without reading the body, as the guard does when credentials are missing.
registerDirectRoute("POST", "/test/refuse", async () => new Response('{"error":"no"}', { status: 401 }));

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const handler = directRouteFor(req.method, req.url);
    if (!handler) {
      res.writeHead(404).end("not direct");
      return;
    }
    void answerDirect(handler, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("directRouteFor", () => {
  it("matches the method and the exact request-target only", () => {
    expect(directRouteFor("POST", "/test/echo")).toBeTypeOf("function");
    for (const [method, target] of [
      ["GET", "/test/echo"],
      ["POST", "/test/echo?x=1"],
      ["POST", "/test/echo/"],
      ["POST", "/TEST/echo"],
      ["POST", "//test/echo"],
      ["POST", "/test/%65cho"],
      [undefined, "/test/echo"],
      ["POST", undefined],
    ] as const)
      expect(directRouteFor(method, target), `${method} ${target}`).toBeUndefined();
  });
});

describe("answerDirect", () => {
  it("hands the handler the method, URL, every header and the streamed body, and writes its answer back", async () => {
    const payload = "x".repeat(200_000); // several chunks
    const res = await fetch(`${base}/test/echo`, {
      method: "POST",
      headers: { "content-type": "text/plain", "x-token": "t1", authorization: "Bearer abc" },
      body: payload,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ got: 200_000 });
    expect(res.headers.get("x-extra")).toBe("1");
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(res.headers.get("content-length")).toBe(String(JSON.stringify({ got: 200_000 }).length));
    const last = seen.at(-1)!;
    expect(last.method).toBe("POST");
    expect(new URL(last.url).pathname).toBe("/test/echo");
    expect(last.headers.get("x-token")).toBe("t1");
    expect(last.headers.get("authorization")).toBe("Bearer abc");
    expect(last.body).toBe(payload);
  });

  it("builds the request as the handler's own Request class, once, with the headers and body as sent", async () => {
    const before = CountedRequest.built;
    const res = await fetch(`${base}/test/class`, { method: "POST", headers: { "x-token": "t2" }, body: "hello" });
    expect(await res.json()).toEqual({ counted: true, built: before + 1, body: "hello", token: "t2" });
  });

  it("takes a chunked body (no content-length)", async () => {
    const chunks = ["first,", "second,", "third"];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const res = await fetch(`${base}/test/echo`, { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(res.status).toBe(201);
    expect(seen.at(-1)!.body).toBe("first,second,third");
  });

  it("drops the unread rest of a body after an early answer: the same connection carries the next request", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, body: string) =>
      new Promise<{ status: number; body: string; port: number | undefined }>((resolve, reject) => {
        const req = http.request(`${base}${path}`, { method: "POST", agent }, (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode!, body: text, port: req.socket?.localPort }));
        });
        req.on("error", reject);
        req.end(body);
      });
    const refused = await send("/test/refuse", "y".repeat(1_000_000));
    expect(refused.status).toBe(401);
    const next = await send("/test/echo", "after");
    expect(next.status).toBe(201);
    expect(next.body).toBe('{"got":5}');
    expect(seen.at(-1)!.body).toBe("after");
    expect(next.port).toBe(refused.port);
    agent.destroy();
  });
});
