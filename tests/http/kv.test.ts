import { describe, expect, it, vi } from "vitest";
import { tempDir } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";

const server = sharedServer();

const body = async (res: Response) => res.json() as Promise<any>;

describe("KV over HTTP", () => {
  const directory = tempDir("recollect-proj-");
  const d = `directory=${encodeURIComponent(directory)}`;

  it("PUT/GET/DELETE keys with slashes and odd characters, lists by prefix, per project", async () => {
    let res = await server.api("/api/kv/build/last-status", { method: "PUT", json: { directory, value: { ok: false, failed: ["a.test.ts"] } } });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ key: "build/last-status", value: { ok: false, failed: ["a.test.ts"] } });

    const odd = "notes: café & co";
    res = await server.api(`/api/kv/${encodeURIComponent(odd)}`, { method: "PUT", json: { directory, value: "hi" } });
    expect((await body(res)).key).toBe(odd);
    res = await server.api(`/api/kv/${encodeURIComponent(odd)}?${d}`);
    expect((await body(res)).value).toBe("hi");

    res = await server.api(`/api/kv/build/last-status?${d}`);
    expect((await body(res)).value.failed).toEqual(["a.test.ts"]);
    res = await server.api(`/api/kv/build/last-status`);
    expect(res.status).toBe(404); // global scope holds nothing under that key

    res = await server.api(`/api/kv?${d}&prefix=build/`);
    expect((await body(res)).items.map((i: any) => i.key)).toEqual(["build/last-status"]);

    res = await server.api(`/api/kv/build/last-status?${d}`, { method: "DELETE" });
    expect(await body(res)).toEqual({ deleted: true });
    res = await server.api(`/api/kv/build/last-status?${d}`);
    expect(res.status).toBe(404);
  });

  it("expires entries after their TTL", async () => {
    // The exact expiry instant is covered with an injected clock in tests/lib/kv; here: the TTL reaches the store, and an expired entry is gone over HTTP.
    const put = await body(await server.api("/api/kv/flash", { method: "PUT", json: { directory, value: 1, ttlSeconds: 1 } }));
    expect(Date.parse(put.expiresAt) - Date.parse(put.updatedAt)).toBe(1000);
    expect((await server.api(`/api/kv/flash?${d}`)).status).toBe(200);
    await vi.waitFor(async () => expect((await server.api(`/api/kv/flash?${d}`)).status).toBe(404), { timeout: 30_000, interval: 100 });
  });

  it("400 on a bad body", async () => {
    let res = await server.api("/api/kv/x", { method: "PUT", json: { directory } });
    expect(res.status).toBe(400);
    res = await server.api("/api/kv/x", { method: "PUT", json: { directory, value: 1, ttlSeconds: -5 } });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^ttlSeconds/);
  });
});
