import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sharedServer } from "../helpers/shared-server";

/**
 * The memory browser's own searches over HTTP: the paged search page ("51–100 of N"), "select all
 * N matching" (POST /api/memories/bulk/matching) and the link picker (GET /api/memories/pick).
 * None of them counts as an access.
 */
const server = sharedServer();
// Letters only: the tokenizer splits letters from digits, and a digit would match other memories.
const WORD = `zqpaging${[...crypto.randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;
const hex = () => crypto.randomBytes(4).toString("hex");
const ids: string[] = [];
let outsider: string;

const post = async (path: string, json: unknown) => {
  const res = await server.api(path, { method: "POST", json });
  return { status: res.status, body: (await res.json()) as any };
};
const memory = async (id: string) => (await (await server.api(`/api/memories/${id}`)).json()) as { status: string; accessCount: number };

beforeAll(async () => {
  // 130 memories with the word (distinct otherwise, so none is a near-duplicate), one without it.
  for (let i = 0; i < 130; i++) {
    const r = await post("/api/memories", {
      content: `${WORD} item ${i} ${hex()} ${hex()} ${hex()} ${hex()}`,
      category: "fact",
      tags: [i % 2 ? "odd" : "even"],
    });
    expect(r.status).toBe(201);
    ids.push(r.body.id);
  }
  outsider = (await post("/api/memories", { content: `Not the word here ${hex()} ${hex()}`, category: "fact" })).body.id;
});

describe("paged browser search", () => {
  it("shows 51–100 of 130 on page 2, with previous and next pages, and counts no access", async () => {
    const html = await (await server.page(`/memories?q=${WORD}&page=2`)).text();
    expect(html).toContain("51–100 of 130 results");
    expect(html).toContain('data-testid="previous-page"');
    expect(html).toContain('data-testid="next-page"');
    expect(html.match(/data-testid="memory-item"/g)).toHaveLength(50);
    const last = await (await server.page(`/memories?q=${WORD}&page=3`)).text();
    expect(last).toContain("101–130 of 130 results");
    expect(last).not.toContain('data-testid="next-page"');
    // Tags narrow the ranked matches before paging: 65 odd ones.
    expect(await (await server.page(`/memories?q=${WORD}&tag=odd`)).text()).toContain("1–50 of 65 results");
    for (const id of ids.slice(0, 5)) expect((await memory(id)).accessCount).toBe(0);
  });
});

describe("POST /api/memories/bulk/matching", () => {
  it("rejects a bad body with 400 naming the field", async () => {
    const empty = await post("/api/memories/bulk/matching", { query: " ", action: "archive" });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/^query/);
    const action = await post("/api/memories/bulk/matching", { query: WORD, action: "explode" });
    expect(action.status).toBe(400);
    expect(action.body.error.message).toMatch(/^action/);
  });

  it("archives every match of the query (not only a page) in one request, and the before states undo it", async () => {
    const odd = await post("/api/memories/bulk/matching", { query: WORD, tags: ["odd"], action: "archive", source: "ui" });
    expect(odd.status).toBe(200);
    expect(odd.body).toMatchObject({ action: "archive", matched: 65, more: false, unchanged: [], notFound: [] });
    expect(odd.body.changed).toHaveLength(65);
    expect(new Set(Object.values(odd.body.before))).toEqual(new Set(["active"]));
    const all = await post("/api/memories/bulk/matching", { query: WORD, action: "archive", source: "ui" });
    expect(all.body).toMatchObject({ matched: 65 });
    expect(all.body.changed).toHaveLength(65);
    for (const id of [ids[0], ids[1], ids[128], ids[129]]) expect((await memory(id)).status).toBe("archived");
    expect((await memory(outsider)).status).toBe("active");
    // Restore what the first archive changed: the "before" map is what Undo sends back.
    const undo = await post("/api/memories/bulk", { ids: Object.keys(odd.body.before), action: "restore", source: "ui" });
    expect(undo.body.changed).toHaveLength(65);
    expect((await memory(ids[1])).status).toBe("active");
    expect((await memory(ids[0])).status).toBe("archived");
    const restored = await post("/api/memories/bulk/matching", { query: WORD, status: "archived", action: "restore", source: "ui" });
    expect(restored.body).toMatchObject({ matched: 65 });
    expect((await memory(ids[0])).status).toBe("active");
    for (const id of ids.slice(0, 5)) expect((await memory(id)).accessCount).toBe(0);
  });
});

describe("GET /api/memories/pick", () => {
  it("finds memories by words, leaves the asking one out, and counts no access", async () => {
    const res = await server.api(`/api/memories/pick?q=${WORD}&exclude=${ids[0]}&limit=5`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: { id: string; snippet: string }[] };
    expect(items).toHaveLength(5);
    expect(items.map((i) => i.id)).not.toContain(ids[0]);
    for (const i of items) expect(ids).toContain(i.id);
    expect(items[0].snippet).toContain(WORD);
    for (const i of items) expect((await memory(i.id)).accessCount).toBe(0);
  });

  it("rejects a missing or oversized query with 400 naming the field", async () => {
    const none = await server.api("/api/memories/pick");
    expect(none.status).toBe(400);
    expect(((await none.json()) as any).error.message).toMatch(/^q/);
    const many = await server.api(`/api/memories/pick?q=${WORD}&limit=500`);
    expect(many.status).toBe(400);
    expect(((await many.json()) as any).error.message).toMatch(/^limit/);
  });
});
