import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, tempDir, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { RECOLLECT_BODY_LIMIT: "65536" } });
});
afterAll(() => server?.stop());

const body = async (res: Response) => res.json() as Promise<any>;

describe("memory API round trip", () => {
  it("creates (201), deduplicates (200), reads, lists, updates, archives and restores", async () => {
    const dir = tempDir();
    let res = await server.api("/api/memories", {
      method: "POST",
      json: { content: "Never force-push to main", category: "constraint", pinned: true, tags: ["Git"], directory: dir },
    });
    expect(res.status).toBe(201);
    const created = await body(res);
    expect(created).toMatchObject({
      content: "Never force-push to main",
      category: "constraint",
      scope: "project",
      pinned: true,
      tags: ["git"],
      deduplicated: false,
    });

    res = await server.api("/api/memories", { method: "POST", json: { content: "never  force-push to MAIN", directory: dir } });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ id: created.id, deduplicated: true });

    res = await server.api(`/api/memories/${created.id}`);
    expect(res.status).toBe(200);
    expect((await body(res)).id).toBe(created.id);

    res = await server.api(`/api/memories?directory=${encodeURIComponent(dir)}&category=constraint&pinned=true`);
    const list = await body(res);
    expect(list.items.map((m: any) => m.id)).toEqual([created.id]);
    expect(list.nextCursor).toBeNull();

    res = await server.api(`/api/memories/${created.id}`, { method: "PATCH", json: { content: "Never force-push to main or release/*", source: "ui" } });
    expect(res.status).toBe(200);
    expect((await body(res)).content).toBe("Never force-push to main or release/*");

    res = await server.api(`/api/memories/${created.id}/versions`);
    expect((await body(res)).items).toEqual([expect.objectContaining({ version: 1, content: "Never force-push to main", changedBy: "ui" })]);

    res = await server.api(`/api/memories/${created.id}`, { method: "DELETE" });
    expect((await body(res)).status).toBe("archived");
    res = await server.api(`/api/memories/${created.id}/restore`, { method: "POST" });
    expect((await body(res)).status).toBe("active");

    res = await server.api(`/api/memories/${created.id}?permanent=true`, { method: "DELETE" });
    expect(await body(res)).toEqual({ id: created.id, removed: true });
    expect((await server.api(`/api/memories/${created.id}`)).status).toBe(404);
  });

  it("health says when the background warm-up of the near-duplicate index is done (a store finishes it)", async () => {
    expect((await server.api("/api/memories", { method: "POST", json: { content: "warm-up probe: a store finishes the index build" } })).status).toBe(201);
    const health = (await (await server.api("/api/health")).json()) as { warmUp: { nearDuplicateIndex: string } };
    expect(health.warmUp).toEqual({ nearDuplicateIndex: "ready" });
  });

  it("pages through a list with nextCursor", async () => {
    const dir = tempDir();
    for (let i = 0; i < 7; i++) await server.api("/api/memories", { method: "POST", json: { content: `page item ${i}`, directory: dir } });
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await server.api(`/api/memories?directory=${encodeURIComponent(dir)}&limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      const page = await body(res);
      ids.push(...page.items.map((m: any) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(ids).size).toBe(7);
  });

  it("links memories", async () => {
    const a = await body(await server.api("/api/memories", { method: "POST", json: { content: "link a" } }));
    const b = await body(await server.api("/api/memories", { method: "POST", json: { content: "link b" } }));
    const res = await server.api(`/api/memories/${a.id}/links`, { method: "POST", json: { to: b.id, kind: "supersedes" } });
    expect(res.status).toBe(201);
    expect((await body(await server.api(`/api/memories/${b.id}/links`))).items).toEqual([expect.objectContaining({ from: a.id, kind: "supersedes" })]);
    const removed = await server.api(`/api/memories/${a.id}/links?to=${b.id}&kind=supersedes`, { method: "DELETE" });
    expect(await body(removed)).toEqual({ removed: true });
    expect((await body(await server.api(`/api/memories/${b.id}/links`))).items).toEqual([]);
  });
});

describe("errors", () => {
  it("400 names the failing field, for bodies and query strings", async () => {
    let res = await server.api("/api/memories", { method: "POST", json: { content: "x", category: "wish" } });
    expect(res.status).toBe(400);
    const err = (await body(res)).error;
    expect(err.code).toBe("bad_request");
    expect(err.message).toMatch(/^category: /);

    res = await server.api("/api/memories", { method: "POST", body: "{not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/not valid JSON/);

    res = await server.api("/api/memories?limit=0");
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^limit: /);

    res = await server.api("/api/memories?cursor=zzz");
    expect((await body(res)).error.message).toMatch(/^cursor: /);
  });

  it("401 without a valid token; health needs none", async () => {
    expect((await fetch(`${server.url}/api/memories`)).status).toBe(401);
    const res = await fetch(`${server.url}/api/memories`, { headers: { authorization: "Bearer nope" } });
    expect(res.status).toBe(401);
    expect((await body(res)).error.code).toBe("unauthorized");
    // Health answers without the token, but only with status and version (tests/http/limits.test.ts).
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await body(health)).toEqual({ status: "ok", version: expect.any(String) });
    expect(await body(await server.api("/api/health"))).toMatchObject({ status: "ok", database: { vecVersion: expect.stringMatching(/^v0\./) } });
  });

  it("every API route and method refuses a request without the token (the proxy leaves /api/* to the route wrapper)", async () => {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const root = path.join(import.meta.dirname, "../../app/api");
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith("route.ts"));
    expect(files.length).toBeGreaterThan(20);
    const checked: string[] = [];
    for (const file of files) {
      const url =
        "/api/" +
        path
          .dirname(file)
          .split(path.sep)
          .map((seg) => (seg.startsWith("[") ? "x" : seg))
          .join("/");
      const source = fs.readFileSync(path.join(root, file), "utf8");
      for (const [, method] of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) {
        if (url === "/api/health") continue;
        const res = await fetch(`${server.url}${url}`, {
          method,
          redirect: "manual",
          headers: method === "GET" || method === "DELETE" ? {} : { "content-type": "application/json" },
          body: method === "GET" || method === "DELETE" ? undefined : "{}",
        });
        if (url === "/api/auth/login") {
          // The login itself is open, but without a ticket or the token it signs nobody in.
          expect(res.headers.get("set-cookie"), `${method} ${url}`).toBeNull();
          expect([303, 403], `${method} ${url}`).toContain(res.status);
        } else expect(res.status, `${method} ${url}`).toBe(401);
        checked.push(`${method} ${url}`);
      }
    }
    expect(checked.length).toBeGreaterThan(30);
  });

  it("403 for a foreign Host on pages and API, and for a foreign Origin on writes", async () => {
    // fetch() may not override Host: use a raw request.
    const http = await import("node:http");
    const raw = (path: string, headers: Record<string, string>, method = "GET") =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port: server.port, path, method, headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      });
    expect(await raw("/", { host: "attacker.example" })).toBe(403);
    expect(await raw("/api/health", { host: "attacker.example" })).toBe(403);
    expect(await raw("/api/memories", { host: "attacker.example:7731", authorization: `Bearer ${server.token}` })).toBe(403);
    // A loopback Host passes; without a session the page is the login redirect.
    expect(await raw("/", { host: `localhost:${server.port}` })).toBe(303);

    const res = await server.api("/api/memories", { method: "POST", json: { content: "csrf" }, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect((await body(res)).error.code).toBe("forbidden");
    const ok = await server.api("/api/memories", { method: "POST", json: { content: "same origin" }, headers: { origin: server.url } });
    expect(ok.status).toBe(201);
  });

  it("404 and 409", async () => {
    const res = await server.api("/api/memories/does-not-exist");
    expect(res.status).toBe(404);
    expect((await body(res)).error).toMatchObject({ code: "not_found", message: expect.stringContaining("does-not-exist") });
    const a = await body(await server.api("/api/memories", { method: "POST", json: { content: "conflict one" } }));
    const b = await body(await server.api("/api/memories", { method: "POST", json: { content: "conflict two" } }));
    const conflict = await server.api(`/api/memories/${b.id}`, { method: "PATCH", json: { content: "Conflict One" } });
    expect(conflict.status).toBe(409);
    expect((await body(conflict)).error.details).toEqual({ duplicateOf: a.id });
  });

  it("413 for a body over the configured limit, and nothing is written", async () => {
    const before = (await body(await server.api("/api/health"))).counts.memories.total;
    const res = await server.api("/api/memories", { method: "POST", json: { content: "x".repeat(70_000) } });
    expect(res.status).toBe(413);
    expect((await body(res)).error.code).toBe("payload_too_large");
    expect((await body(await server.api("/api/health"))).counts.memories.total).toBe(before);
  });
});

describe("the browser", () => {
  it("gets no cookie from a page without signing in; a one-time link's HttpOnly SameSite=Strict cookie calls the API, but not from another site", async () => {
    const page = await fetch(`${server.url}/`, { redirect: "manual" });
    expect(page.headers.get("set-cookie")).toBeNull();
    const { path } = (await (await server.api("/api/auth/tickets", { method: "POST", json: {} })).json()) as { path: string };
    const login = await fetch(server.url + path, { redirect: "manual" });
    const setCookie = login.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/recollect_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).not.toContain(server.token);
    const cookie = setCookie.split(";")[0];
    expect((await fetch(`${server.url}/api/memories`, { headers: { cookie } })).status).toBe(200);
    const foreign = await fetch(`${server.url}/api/memories`, {
      method: "POST",
      headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ content: "forged" }),
    });
    expect(foreign.status).toBe(403);
  });
});
