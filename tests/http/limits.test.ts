import { describe, expect, it } from "vitest";
import { sendRaw } from "../helpers/raw-http";
import { sharedServer } from "../helpers/shared-server";

/** Issue 15, "Limits with clear answers": each finding that answered 500 (or worse) now gets a 4xx naming what is wrong. */
const server = sharedServer();

const body = async (res: Response) => res.json() as Promise<any>;
const deepArray = (depth: number) => "[".repeat(depth) + "1" + "]".repeat(depth);
const post = (path: string, text: string, method = "POST") =>
  fetch(server.url + path, { method, headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" }, body: text });

/** Sends a raw request line (fetch cannot send `*`, `TRACE` or an absolute-URI) and returns status, headers and body. */
const rawRequest = (requestLine: string, host = `127.0.0.1:${server.port}`) =>
  sendRaw(server.port, `${requestLine}\r\nHost: ${host}\r\nAuthorization: Bearer ${server.token}\r\nConnection: close\r\n\r\n`);

describe("per-route body limits (issue 37): a route of a few fields refuses a big body with a 413 naming its limit", () => {
  // 600 KB of valid JSON: under server.bodyLimitBytes (4 MiB), over the small limit (512 KiB).
  const big = (field: string) => JSON.stringify({ [field]: "x".repeat(600_000) });
  for (const [path, field] of [
    ["/api/sessions/ses_limit/heartbeat", "workingOn"],
    ["/api/loops", "task"],
    ["/api/claims", "item"],
  ] as const) {
    it(`POST ${path}`, async () => {
      const res = await post(path, big(field));
      expect(res.status).toBe(413);
      const { error } = await body(res);
      expect(error.code).toBe("payload_too_large");
      expect(error.message).toBe("body is larger than the limit of 524288 bytes (a route of a few fields)");
      expect(error.details).toEqual({ limit: 524288 });
    });
  }

  it("a route that takes content keeps server.bodyLimitBytes: the same body is checked by its contract (400)", async () => {
    const res = await post("/api/memories", JSON.stringify({ content: "x".repeat(600_000), category: "note" }));
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/content/);
  });
});

describe("JSON nested thousands of levels deep: 400 naming the path, never 500", () => {
  const cases: [string, string, string, RegExp][] = [
    ["PUT", "/api/kv/deep", `{"value":${deepArray(8000)}}`, /^value(\.0)+: nested deeper than 64 levels$/],
    [
      "POST",
      "/api/compress",
      `{"sessionID":"s","messages":[{"info":{"id":"m","role":"user"},"parts":[{"id":"p","type":"text","text":"x","extra":${deepArray(8000)}}]}]}`,
      /^messages\.0\.parts\.0\.extra(\.0)+: nested deeper than 64 levels$/,
    ],
    [
      "POST",
      "/api/checkpoints",
      `{"sessionID":"s","directory":"/tmp","messages":[{"info":{"id":"m","role":"user"},"parts":[{"type":"text","text":"x","extra":${deepArray(8000)}}]}]}`,
      /^messages\.0\.parts\.0\.extra(\.0)+: nested/,
    ],
    ["POST", "/api/memories", `{"content":"deep","metadata":{"a":${deepArray(8000)}}}`, /^metadata\.a(\.0)+: nested deeper than 64 levels$/],
  ];
  for (const [method, path, text, message] of cases) {
    it(`${method} ${path}`, async () => {
      const res = await post(path, text, method);
      expect(res.status).toBe(400);
      const { error } = await body(res);
      expect(error.code).toBe("bad_request");
      expect(error.message).toMatch(message);
    });
  }

  it("PATCH /api/memories/:id", async () => {
    const created = await body(await server.api("/api/memories", { method: "POST", json: { content: "a memory to patch deeply" } }));
    const res = await post(`/api/memories/${created.id}`, `{"metadata":{"a":${deepArray(10_000)}}}`, "PATCH");
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^metadata\.a(\.0)+: nested deeper than 64 levels$/);
  });
});

describe("stored metadata is bounded in depth and size", () => {
  it("metadata nested 17 levels is refused naming its path; 16 levels is stored", async () => {
    let nested: unknown = "leaf";
    for (let i = 0; i < 17; i++) nested = { k: nested };
    let res = await server.api("/api/memories", { method: "POST", json: { content: "metadata too deep", metadata: nested as Record<string, unknown> } });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^metadata(\.k){16}: nested deeper than 16 levels/);

    res = await server.api("/api/memories", {
      method: "POST",
      json: { content: "metadata deep enough", metadata: (nested as { k: Record<string, unknown> }).k },
    });
    expect(res.status).toBe(201);
  });

  it("metadata over 16 KB of JSON is refused", async () => {
    const res = await server.api("/api/memories", { method: "POST", json: { content: "metadata too large", metadata: { blob: "x".repeat(20_000) } } });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^metadata: metadata is \d+ characters of JSON; the limit is 16384/);
  });
});

describe("id lists of any accepted size", () => {
  it("POST /api/export with 40,000 ids (over SQLite's 32,766 variables) exports the ones that exist", async () => {
    const ids: string[] = [];
    for (const content of ["export me one", "export me two"])
      ids.push((await body(await server.api("/api/memories", { method: "POST", json: { content } }))).id);
    const all = [...Array.from({ length: 40_000 }, (_, i) => `missing-${i}`), ...ids];
    const res = await server.api("/api/export", { method: "POST", json: { format: "json", ids: all } });
    expect(res.status).toBe(200);
    const exported = (await body(res)).memories.map((m: { id: string }) => m.id).sort();
    expect(exported).toEqual([...ids].sort());
  });
});

describe("the request line is checked before Next.js (server/gate.ts)", () => {
  it("bad percent-encoding in a path: 400 JSON, on API and page paths", async () => {
    for (const path of ["/api/memories/%ff", "/memories/%ff", "/api/kv/%c0%ae"]) {
      const res = await rawRequest(`GET ${path} HTTP/1.1`);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body).error).toMatchObject({ code: "bad_request", message: expect.stringMatching(/percent-encoding/) });
    }
  });

  it("...but after the Host check: a foreign Host gets 403", async () => {
    const res = await rawRequest("GET /api/memories/%ff HTTP/1.1", "evil.example");
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.code).toBe("forbidden");
  });

  it("GET * is 400, TRACE is 405 with Allow", async () => {
    const star = await rawRequest("GET * HTTP/1.1");
    expect(star.status).toBe(400);
    expect(JSON.parse(star.body).error.code).toBe("bad_request");
    const trace = await rawRequest("TRACE / HTTP/1.1");
    expect(trace.status).toBe(405);
    expect(trace.headers).toContain("allow: get, head, post, put, patch, delete, options");
    expect(JSON.parse(trace.body).error.code).toBe("method_not_allowed");
  });

  it("an API path no route serves is the API's JSON 404 after the token check; answers Next.js makes itself carry the security headers", async () => {
    const anonymous = await fetch(`${server.url}/api/no-such-route/x`);
    expect(anonymous.status).toBe(401);
    const unknown = await server.api("/api/no-such-route/x", { method: "POST", json: {} });
    expect(unknown.status).toBe(404);
    expect((await body(unknown)).error).toMatchObject({ code: "not_found", message: expect.stringContaining("/api/no-such-route/x") });
    // A method the route does not have: Next.js's own 405.
    const wrongMethod = await server.api("/api/stats", { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    for (const res of [unknown, wrongMethod]) {
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
    const staticFile = await fetch(`${server.url}/icon.svg`);
    expect(staticFile.status).toBe(200);
    expect(staticFile.headers.get("x-frame-options")).toBe("DENY");
    expect(staticFile.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("an absolute-URI request line is 400, never a redirect to another host", async () => {
    const res = await rawRequest("GET http://evil.example/ HTTP/1.1");
    expect(res.status).toBe(400);
    expect(res.headers).not.toContain("location:");
    expect(JSON.parse(res.body).error.code).toBe("bad_request");
  });
});

describe("names, ids and tool names have length limits", () => {
  it("a 50,000-character tool name in /api/compress is a 400 naming the field", async () => {
    const res = await server.api("/api/compress", {
      method: "POST",
      json: {
        sessionID: "s",
        messages: [
          {
            info: { id: "m", role: "assistant" },
            parts: [{ id: "p", type: "tool", tool: "x".repeat(50_000), state: { status: "completed", input: {}, output: "o" } }],
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^messages\.0\.parts\.0\.tool: /);
  });

  it("a 10,000-character session id in a memory list query is a 400", async () => {
    const res = await server.api(`/api/memories?sessionId=${"s".repeat(10_000)}`);
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^sessionId: /);
  });
});

describe("/api/health", () => {
  it("without a token: status and version only; with the token: the whole body", async () => {
    const open = await body(await fetch(`${server.url}/api/health`));
    expect(open).toEqual({ status: "ok", version: expect.any(String) });
    const wrong = await body(await fetch(`${server.url}/api/health`, { headers: { authorization: "Bearer nope" } }));
    expect(Object.keys(wrong).sort()).toEqual(["status", "version"]);
    const full = await body(await server.api("/api/health"));
    expect(full.database.path).toContain(server.dataDir);
    expect(full.storage).toEqual({ status: "ok" });
  });
});
