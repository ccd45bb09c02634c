import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readBodyText } from "@/app/api/_lib/read-json";
import { DIRECT_BODY_BYTES, type DirectRequestInit, directRouteFor, givenBody, registerDirectRoute, rememberBody } from "@/lib/http/direct-routes";
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
// Reads its body as every API route does (readBodyText): a small body may come whole, as bytes.
const read: { given: "bytes" | "error" | "none"; stream: boolean; text?: string; error?: string }[] = [];
registerDirectRoute(
  "POST",
  "/test/given",
  Object.assign(
    async (req: Request) => {
      const given = givenBody(req);
      const seenNow = { given: given instanceof Error ? "error" : given ? "bytes" : "none", stream: req.body !== null } as (typeof read)[number];
      read.push(seenNow);
      try {
        seenNow.text = await readBodyText(req, Number(req.headers.get("x-limit") ?? 1_000_000));
        return new Response(JSON.stringify({ got: seenNow.text }), { status: 200 });
      } catch (error) {
        seenNow.error = (error as Error).message;
        return new Response(JSON.stringify({ error: seenNow.error }), { status: (error as { code?: string }).code === "payload_too_large" ? 413 : 500 });
      }
    },
    { takesGivenBody: true as const },
  ),
);
// An answer noted with its bytes (a compress answer of one chunk): written as noted, its stream never read.
let answerPulls = 0;
registerDirectRoute("POST", "/test/bytes", async () => {
  const bytes = new TextEncoder().encode('{"messages":[],"ok":true}');
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        answerPulls++;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  ); // as app/api/_lib/compress-body.ts: pulled only when read
  return rememberBody(new Response(body, { status: 200, headers: { "content-type": "application/json", "content-length": String(bytes.byteLength) } }), bytes);
});
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

describe("a small body read whole (takesGivenBody)", () => {
  it("comes to the route as bytes, the same text as streamed, UTF-8 included; a larger or chunked one streams", async () => {
    const small = `{"q":"${"é…".repeat(100)}"}`;
    const res = await fetch(`${base}/test/given`, { method: "POST", body: small });
    expect(await res.json()).toEqual({ got: small });
    expect(read.at(-1)).toMatchObject({ given: "bytes", stream: false, text: small });

    const large = "y".repeat(DIRECT_BODY_BYTES + 1);
    expect(await (await fetch(`${base}/test/given`, { method: "POST", body: large })).json()).toEqual({ got: large });
    expect(read.at(-1)).toMatchObject({ given: "none", stream: true, text: large });

    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(small.slice(0, 7)));
        controller.enqueue(new TextEncoder().encode(small.slice(7)));
        controller.close();
      },
    });
    const streamed = await fetch(`${base}/test/given`, { method: "POST", body: chunked, duplex: "half" } as RequestInit);
    expect(await streamed.json()).toEqual({ got: small });
    expect(read.at(-1)).toMatchObject({ given: "none", stream: true, text: small });

    // An empty body is an empty text either way.
    expect(await (await fetch(`${base}/test/given`, { method: "POST", body: "" })).json()).toEqual({ got: "" });
    expect(read.at(-1)).toMatchObject({ given: "bytes", text: "" });
  });

  it("keeps the route's limit: a given body over it is a 413", async () => {
    const res = await fetch(`${base}/test/given`, { method: "POST", headers: { "x-limit": "10" }, body: "z".repeat(11) });
    expect(res.status).toBe(413);
    // The declared length is checked first, as for a streamed body.
    expect(read.at(-1)).toMatchObject({ given: "bytes", error: expect.stringMatching(/larger than the limit of 10 bytes/) });
  });

  it("a client that goes away before its body is whole: the route's read throws, as reading the stream did", async () => {
    const before = read.length;
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(`POST /test/given HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{"partial":`);
    socket.destroy();
    await vi.waitFor(() => expect(read.length).toBeGreaterThan(before), { timeout: 30_000 });
    expect(read.at(-1)).toMatchObject({ given: "error", error: "aborted" });
  });

  it("a handler without the flag always gets the body as a stream (req.text() works)", async () => {
    const res = await fetch(`${base}/test/class`, { method: "POST", headers: { "x-token": "t3" }, body: "small" });
    expect(await res.json()).toMatchObject({ body: "small", token: "t3" });
  });
});

describe("an answer noted with its bytes", () => {
  it("is written as noted, with its length, and its stream is never read", async () => {
    const res = await fetch(`${base}/test/bytes`, { method: "POST", body: "{}" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe("25");
    expect(await res.text()).toBe('{"messages":[],"ok":true}');
    expect(answerPulls).toBe(0);
  });
});
