import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendRaw } from "../helpers/raw-http";
import { startServer, type TestServer } from "../helpers/server";
import { History } from "../lib/compression/history";

/**
 * The hot routes the front gate answers without Next.js's request handling once Next.js has
 * loaded them (lib/http/direct-routes.ts): the first request goes through Next.js, the later ones
 * through the direct path, and both must answer alike, guard included. Its own server: the first
 * request must be the one that loads each route, and the body limit is small.
 */
const BODY_LIMIT = 4096;
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { RECOLLECT_BODY_LIMIT: String(BODY_LIMIT) } });
  const stored = await server.api("/api/memories", {
    method: "POST",
    json: { content: "The deploy script lives in scripts/deploy.sh and needs the staging flag" },
  });
  expect(stored.status).toBe(201);
});
afterAll(() => server?.stop());

const SECURITY_HEADERS = ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"];
const securityHeaders = (res: Response) => Object.fromEntries(SECURITY_HEADERS.map((h) => [h, res.headers.get(h)]));

/** An answer without what changes between two calls (its timing; the access the first call counted). */
const VOLATILE = new Set(["tookMs", "lastAccessedAt", "accessCount"]);
const stable = (answer: unknown) => JSON.parse(JSON.stringify(answer, (key, value) => (VOLATILE.has(key) ? undefined : value)));

const routes: { path: string; body: unknown; bad: unknown; badField: string }[] = [
  { path: "/api/search", body: { query: "deploy staging", mode: "lexical" }, bad: { query: 5 }, badField: "query" },
  { path: "/api/context/recall", body: { query: "how do I deploy to staging?" }, bad: { query: "" }, badField: "query" },
  { path: "/api/context/recall/warm", body: { query: "how do I deploy to staging?", sessionID: "ses_direct_warm" }, bad: { query: "" }, badField: "query" },
  {
    path: "/api/compress",
    body: { sessionID: "ses_direct", messages: [{ info: { id: "msg_1", role: "user" }, parts: [{ id: "prt_1", type: "text", text: "hello" }] }] },
    bad: { sessionID: "ses_direct", messages: "none" },
    badField: "messages",
  },
];

/** A 200 through Next.js (the route's first request) and the same answer on the direct path. */
async function expectSameAnswer(viaNext: Response, direct: Response) {
  expect(viaNext.status).toBe(200);
  expect(direct.status).toBe(200);
  // Next.js adds `vary: rsc, ...` to every app-route answer; the direct path does not.
  expect(viaNext.headers.get("vary")).toMatch(/rsc/);
  expect(direct.headers.get("vary")).toBeNull();
  expect(securityHeaders(direct)).toEqual(securityHeaders(viaNext));
  expect(direct.headers.get("content-type")).toBe(viaNext.headers.get("content-type"));
  expect(stable(await direct.json())).toEqual(stable(await viaNext.json()));
}

describe.each(routes)("$path", ({ path, body, bad, badField }) => {
  it("answers the same through Next.js (first request) and directly (later ones)", async () => {
    const first = await server.api(path, { method: "POST", json: body });
    const second = await server.api(path, { method: "POST", json: body });
    await expectSameAnswer(first, second);
  });

  it("keeps the guard, the field errors and the body limit on the direct path", async () => {
    await server.api(path, { method: "POST", json: body }); // loaded: the rest goes direct
    const noToken = await fetch(server.url + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(noToken.status).toBe(401);
    expect(securityHeaders(noToken)["x-frame-options"]).toBe("DENY");
    const wrongToken = await fetch(server.url + path, {
      method: "POST",
      headers: { authorization: "Bearer wrong", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(wrongToken.status).toBe(401);
    const foreign = await server.api(path, { method: "POST", json: body, headers: { origin: "http://evil.example" } });
    expect(foreign.status).toBe(403);
    const invalid = await server.api(path, { method: "POST", json: bad });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { message: string } }).error.message).toMatch(new RegExp(`^${badField}`));
    if (path !== "/api/compress") {
      // Streamed without a content-length: the limit holds while reading.
      const big = new TextEncoder().encode(JSON.stringify({ query: "x".repeat(BODY_LIMIT * 3) }));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < big.length; i += 1024) controller.enqueue(big.subarray(i, i + 1024));
          controller.close();
        },
      });
      const tooLarge = await fetch(server.url + path, {
        method: "POST",
        headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(tooLarge.status).toBe(413);
    }
    // Another spelling of the path goes through Next.js, with its own handling.
    const withQuery = await server.api(`${path}?x=1`, { method: "POST", json: body });
    expect(withQuery.status).toBe(200);
    expect(withQuery.headers.get("vary")).toMatch(/rsc/);
  });
});

/** A request written by hand: fetch cannot send an odd Host or two of them. */
const rawPost = (path: string, headerLines: string[], body: string) =>
  sendRaw(
    server.port,
    [
      `POST ${path} HTTP/1.1`,
      ...headerLines,
      "Content-Type: application/json",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );

describe("a Host that is not a plain name", () => {
  it("cannot move the path the guard sees: no answer without the token", async () => {
    await server.api("/api/search", { method: "POST", json: { query: "deploy" } }); // loaded: the rest goes direct
    for (const host of ["localhost/x.localhost", "localhost?.localhost", "localhost#.localhost"]) {
      const res = await rawPost("/api/search", [`Host: ${host}`, "Origin: http://localhost"], JSON.stringify({ query: "deploy staging" }));
      expect(res.status, host).toBe(403);
      expect(res.body).not.toContain("deploy.sh");
    }
  });

  it("two Host headers: 400", async () => {
    const res = await rawPost(
      "/api/search",
      [`Host: 127.0.0.1:${server.port}`, "Host: x.localhost", `Authorization: Bearer ${server.token}`],
      JSON.stringify({ query: "deploy" }),
    );
    expect(res.status).toBe(400);
  });
});

describe("a small body read whole by the front gate (lib/http/direct-routes.ts DIRECT_BODY_BYTES)", () => {
  /** Sent with its length (read whole, handed over as bytes) or chunked (streamed to the route, as before). */
  const post = async (json: unknown, chunked: boolean) => {
    const bytes = new TextEncoder().encode(JSON.stringify(json));
    const body = chunked
      ? new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < bytes.length; i += 512) controller.enqueue(bytes.subarray(i, i + 512));
            controller.close();
          },
        })
      : bytes;
    const res = await fetch(`${server.url}/api/compress`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    return { status: res.status, length: res.headers.get("content-length"), text: await res.text() };
  };

  it("a compress turn sequence gets byte-identical answers whether its bodies come whole or streamed", async () => {
    await server.api("/api/compress", { method: "POST", json: routes[2]!.body }); // loaded: the rest goes direct
    // Two sessions of the same length of id, one per way of sending; each turn adds a step and
    // sends only what changed (the delta exchange, as the plugin does).
    const sessions = { whole: new History("ses_whole_0001"), chunked: new History("ses_chunk_0001") };
    const bases: Record<string, string | undefined> = {};
    const answers: Record<string, string[]> = { whole: [], chunked: [] };
    for (let turn = 0; turn < 4; turn++) {
      for (const [way, h] of Object.entries(sessions)) {
        h.user(`turn ${turn}: go on with the migration`).step({
          tools: [{ tool: "bash", input: { command: `npm test -- ${turn}` }, output: `ok ${turn}\n`.repeat(40) }],
        });
        const keep = bases[way] === undefined ? undefined : h.messages.length - 2;
        const json = {
          ...h.body(),
          ...(keep === undefined ? {} : { messages: h.body().messages.slice(keep) }),
          delta: bases[way] === undefined ? {} : { base: bases[way], keep },
        };
        const answer = await post(json, way === "chunked");
        expect(answer.status, `${way} turn ${turn}`).toBe(200);
        expect(Number(answer.length)).toBe(Buffer.byteLength(answer.text));
        bases[way] = JSON.parse(answer.text).base;
        // The session's id and the delta base (random) are the only differences between the two.
        answers[way].push(answer.text.replaceAll(h.session, "SESSION").replaceAll(bases[way]!, "BASE"));
      }
    }
    expect(answers.whole).toEqual(answers.chunked);
    expect(answers.whole[3]).toContain('"keep":');
  });
});

describe.each([
  { path: "/api/context/stable", query: "directory=/repo/direct&budget=400" },
  { path: "/api/loops/orphans", query: "directory=/repo/direct&staleMs=5000" },
])("GET $path with its query string", ({ path, query }) => {
  // Asked on the plugin's turn (the stable block every 10 s, the loops poll): the query string no
  // longer sends it through Next.js (`takesQuery`); its guard and field errors stay.
  it("answers directly what Next.js answered, the token check and field errors included", async () => {
    const viaNext = await server.api(`${path}?${query}`); // the first request loads the route
    const direct = await server.api(`${path}?${query}`);
    await expectSameAnswer(viaNext, direct);
    const noToken = await fetch(`${server.url}${path}?${query}`);
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get("vary")).toBeNull();
    const wrongToken = await fetch(`${server.url}${path}?${query}`, { headers: { authorization: "Bearer wrong" } });
    expect(wrongToken.status).toBe(401);
    const invalid = await server.api(`${path}?${query}&unknown=1`);
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("vary")).toBeNull();
    expect(((await invalid.json()) as { error: { code: string } }).error.code).toBe("bad_request");
  });
});

describe("/api/health", () => {
  // Polled by the CLI and the plugin, and the answer issue 37 times while a big request runs: one
  // turn of the event loop on the direct path, where Next.js's handling waits behind a slice of that
  // request at each of its turns. A challenge (a query string) still goes through Next.js.
  it("answers directly what Next.js answers, with and without the token", async () => {
    const challenge = "ab".repeat(16);
    const viaNext = await server.api(`/api/health?challenge=${challenge}`);
    const direct = await server.api("/api/health");
    expect(viaNext.status).toBe(200);
    expect(direct.status).toBe(200);
    expect(viaNext.headers.get("vary")).toMatch(/rsc/);
    expect(direct.headers.get("vary")).toBeNull();
    expect(securityHeaders(direct)).toEqual(securityHeaders(viaNext));
    const { address, proof, uptimeSeconds: _a, ...nextBody } = await viaNext.json();
    expect(address).toBeTruthy();
    expect(proof).toBeTruthy();
    const { uptimeSeconds: _b, ...directBody } = await direct.json();
    expect(stable(directBody)).toEqual(stable(nextBody));

    const publicNext = await fetch(`${server.url}/api/health?challenge=${challenge}`);
    const publicDirect = await fetch(`${server.url}/api/health`);
    expect(publicDirect.status).toBe(200);
    expect(publicDirect.headers.get("vary")).toBeNull();
    const { address: _c, proof: _d, ...publicNextBody } = await publicNext.json();
    expect(await publicDirect.json()).toEqual(publicNextBody);
    // The token shows the rest (paths, counts, search and storage state); without it, only that Recollect runs.
    expect(Object.keys(directBody).length).toBeGreaterThan(Object.keys(publicNextBody).length);
  });
});
