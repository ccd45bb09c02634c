import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server";

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  [a, b] = await Promise.all([startServer(), startServer()]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

const create = async (s: TestServer, body: Record<string, unknown>) => {
  const res = await s.api("/api/memories", { method: "POST", json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
};
const all = async (s: TestServer) => {
  const res = await s.api("/api/memories?status=all&limit=500");
  const { items } = (await res.json()) as { items: Record<string, unknown>[] };
  return items
    .map(({ content, category, scope, tags, pinned, status, priority, title }) => ({ content, category, scope, tags, pinned, status, priority, title }))
    .sort((x, y) => String(x.content).localeCompare(String(y.content)));
};

describe("/api/export, /api/import, /api/memories/bulk", () => {
  it("exports Markdown as a download, imports it into an empty server, gives back the same memories", async () => {
    await create(a, { content: "Always run the linter before pushing", category: "constraint", pinned: true, priority: 3, tags: ["ci"] });
    await create(a, { content: "The staging DB is reset every night", category: "fact", title: "Staging resets" });
    const old = await create(a, { content: "We tried Redis and dropped it", category: "decision" });
    expect((await a.api(`/api/memories/${old.id}`, { method: "DELETE" })).status).toBe(200);

    const res = await a.api("/api/export?format=markdown");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="recollect-.*\.md"$/);
    expect(res.headers.get("x-recollect-count")).toBe("3");
    const md = await res.text();

    const preview = await b.api("/api/import?format=markdown&dryRun=true", { method: "POST", body: md, headers: { "content-type": "text/markdown" } });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ dryRun: true, total: 3, created: 3, duplicates: 0 });
    expect(await all(b)).toEqual([]);

    const imported = await b.api("/api/import?format=markdown", { method: "POST", body: md });
    expect(await imported.json()).toMatchObject({ dryRun: false, created: 3, duplicates: 0, invalid: 0 });
    expect(await all(b)).toEqual(await all(a));

    const again = await b.api("/api/import?format=markdown", { method: "POST", body: md });
    expect(await again.json()).toMatchObject({ created: 0, duplicates: 3 });
  });

  it("exports JSON with filters and a selection (POST)", async () => {
    const res = await a.api("/api/export?format=json&category=constraint");
    const file = await res.json();
    expect(file).toMatchObject({ format: "recollect-export", version: 1, count: 1 });
    expect(file.memories[0]).toMatchObject({ category: "constraint", pinned: true, priority: 3, tags: ["ci"] });

    const one = file.memories[0].id as string;
    const sel = await a.api("/api/export", { method: "POST", json: { format: "json", ids: [one] } });
    expect((await sel.json()).memories.map((m: { id: string }) => m.id)).toEqual([one]);
  });

  it("says what is wrong with bad requests", async () => {
    const bad = await a.api("/api/export?format=pdf");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/^format: /);
    const noFormat = await a.api("/api/import", { method: "POST", body: "[]" });
    expect(noFormat.status).toBe(400);
    const notExport = await a.api("/api/import?format=markdown", { method: "POST", body: "# hello" });
    expect(notExport.status).toBe(400);
    expect((await notExport.json()).error.message).toMatch(/no memories found/);
    const empty = await a.api("/api/import?format=json", { method: "POST", body: "" });
    expect(empty.status).toBe(400);
    // The token (or the browser's cookie) is required.
    expect((await fetch(`${a.url}/api/export?format=json`)).status).toBe(401);
  });

  it("bulk archives, restores and deletes", async () => {
    const x = await create(b, { content: "bulk one" });
    const y = await create(b, { content: "bulk two" });
    const archive = await b.api("/api/memories/bulk", { method: "POST", json: { ids: [x.id, y.id, "nope"], action: "archive" } });
    expect(archive.status).toBe(200);
    expect(await archive.json()).toMatchObject({ action: "archive", changed: [x.id, y.id].sort(), notFound: ["nope"] });
    expect((await (await b.api(`/api/memories/${x.id}`)).json()).status).toBe("archived");

    const restore = await b.api("/api/memories/bulk", { method: "POST", json: { ids: [x.id], action: "restore" } });
    expect((await restore.json()).changed).toEqual([x.id]);
    expect((await (await b.api(`/api/memories/${x.id}`)).json()).status).toBe("active");

    const del = await b.api("/api/memories/bulk", { method: "POST", json: { ids: [x.id, y.id], action: "delete" } });
    expect((await del.json()).changed).toHaveLength(2);
    expect((await b.api(`/api/memories/${y.id}`)).status).toBe(404);

    const bad = await b.api("/api/memories/bulk", { method: "POST", json: { ids: [], action: "archive" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/select at least one/);
  });
});
