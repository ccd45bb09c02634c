import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, tempDir, type TestServer } from "../helpers/server";

// The review inbox over HTTP: consolidate, list, approve / reject / edit / merge / supersede, bulk, undo.
let server: TestServer;
const directory = tempDir("recollect-inbox-proj-");
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

const body = async (res: Response) => res.json() as Promise<any>;
const remember = async (content: string, category: string, extra: Record<string, unknown> = {}) =>
  (await body(await server.api("/api/memories", { method: "POST", json: { content, category, directory, ...extra } }))).id as string;
const act = (items: unknown[]) => server.api("/api/inbox/actions", { method: "POST", json: { items, source: "api" } });

describe("the review inbox API", () => {
  it("consolidates, lists proposals and suggestions with counts, merges with chosen wording, rejects, supersedes, and undoes", async () => {
    const a = await remember("The staging cluster runs on three t3.large nodes in eu-west-1.", "fact");
    const b = await remember("Staging cluster: three t3.large nodes, region eu-west-1, autoscaling off.", "fact");
    const suggested = await remember("Prefer table-driven tests for the parser.", "preference", { status: "suggested" });
    const oldRule = await remember("Name branches after the issue number.", "convention");

    const run = await body(await server.api("/api/consolidate", { method: "POST", json: { directory } }));
    expect(run.found.merge).toBe(1);
    expect(run.longestBlockMs).toBeTypeOf("number");

    let inbox = await body(await server.api(`/api/inbox?directory=${encodeURIComponent(directory)}`));
    expect(inbox.counts).toMatchObject({ total: 2, suggested: 1, proposals: { merge: 1 } });
    const merge = inbox.items.find((i: any) => i.type === "proposal");
    expect(merge.memories.map((m: any) => m.id).sort()).toEqual([a, b].sort());
    expect(merge.suggestion).toContain("autoscaling off");

    // Merge with the wording the user chose, kept on the memory they chose.
    const wording = "Staging: three t3.large nodes in eu-west-1, autoscaling off.";
    expect((await act([{ type: "proposal", id: merge.id, action: "approve", content: wording, keeperId: a }])).status).toBe(200);
    expect((await body(await server.api(`/api/memories/${a}`))).content).toBe(wording);
    expect((await body(await server.api(`/api/memories/${b}`))).status).toBe("archived");

    // Undo the merge: both back as they were, the proposal open again.
    expect((await body(await server.api("/api/inbox/undo", { method: "POST" }))).undone.action).toBe("approve");
    expect((await body(await server.api(`/api/memories/${a}`))).content).toContain("three t3.large nodes in eu-west-1");
    expect((await body(await server.api(`/api/memories/${b}`))).status).toBe("active");
    inbox = await body(await server.api("/api/inbox"));
    expect(inbox.counts.total).toBe(2);

    // Reject the merge (it never comes back) and approve the suggestion as a supersession, in one bulk action.
    expect(
      (
        await act([
          { type: "proposal", id: merge.id, action: "reject" },
          { type: "memory", id: suggested, action: "supersede", supersedes: oldRule, content: "Prefer table-driven tests for the parser and the lexer." },
        ])
      ).status,
    ).toBe(200);
    expect(await body(await server.api(`/api/memories/${oldRule}`))).toMatchObject({ status: "superseded" });
    expect(await body(await server.api(`/api/memories/${suggested}`))).toMatchObject({
      status: "active",
      content: "Prefer table-driven tests for the parser and the lexer.",
    });
    const again = await body(await server.api("/api/consolidate", { method: "POST", json: { directory } }));
    expect(again.created).toBe(0);
    expect((await body(await server.api("/api/inbox?countOnly=1"))).counts.total).toBe(0);

    // A decided proposal cannot be decided again; undo with nothing left says so.
    expect((await act([{ type: "proposal", id: merge.id, action: "approve" }])).status).toBe(409);
    await server.api("/api/inbox/undo", { method: "POST" });
    expect((await body(await server.api(`/api/memories/${oldRule}`))).status).toBe("active");
    expect((await body(await server.api("/api/inbox/undo", { method: "POST" }))).undone).toBeNull();
  });

  it("names the bad field with a 400, and needs the token", async () => {
    const bad = await act([{ type: "proposal", id: "x", action: "explode" }]);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await body(bad))).toContain("action");
    const tooMany = await act(Array.from({ length: 201 }, () => ({ type: "memory", id: "x", action: "reject" })));
    expect(tooMany.status).toBe(400);
    expect((await server.api("/api/consolidate", { method: "POST", json: { daysStale: -1 } })).status).toBe(400);
    expect((await fetch(`${server.url}/api/inbox`)).status).toBe(401);
  });

  it("closes a proposal whose memory was edited since, with the reason, instead of a 409 on approve", async () => {
    const dir2 = tempDir("recollect-inbox-outdated-");
    const mk = async (content: string) =>
      (await body(await server.api("/api/memories", { method: "POST", json: { content, category: "fact", directory: dir2 } }))).id as string;
    const a = await mk("The nightly export writes CSV files to the reports bucket in eu-central-1.");
    const b = await mk("Nightly export: CSV files go to the reports bucket (eu-central-1), kept for 30 days.");
    await server.api("/api/consolidate", { method: "POST", json: { directory: dir2 } });
    const inbox = await body(await server.api(`/api/inbox?directory=${encodeURIComponent(dir2)}`));
    const merge = inbox.items.find((i: any) => i.type === "proposal" && i.kind === "merge");
    expect(merge.memories.map((m: any) => m.id).sort()).toEqual([a, b].sort());

    const patched = await server.api(`/api/memories/${b}`, {
      method: "PATCH",
      json: { content: "Nightly export: CSV files go to the reports bucket (eu-central-1), kept 60 days." },
    });
    expect(patched.status).toBe(200);
    const res = await act([{ type: "proposal", id: merge.id, action: "approve" }]);
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ done: 0, actionId: null, outdated: [{ id: merge.id, reason: `memory ${b} was edited since` }] });
    expect((await body(await server.api(`/api/memories/${a}`))).status).toBe("active");
    const after = await body(await server.api(`/api/inbox?directory=${encodeURIComponent(dir2)}`));
    expect(after.items.some((i: any) => i.id === merge.id)).toBe(false);
  });

  it("undoes exactly the action a toast names: 409 once a later action came after it or it was undone, 404 for none", async () => {
    const one = await remember("Toast undo: the first suggestion about release tags.", "convention", { status: "suggested" });
    const two = await remember("Toast undo: the second suggestion about changelog entries.", "convention", { status: "suggested" });
    const first = await body(await act([{ type: "memory", id: one, action: "approve" }]));
    const second = await body(await act([{ type: "memory", id: two, action: "reject" }]));
    expect(second.actionId).toBeGreaterThan(first.actionId);
    const undo = (json: unknown) => server.api("/api/inbox/undo", { method: "POST", json });

    const blocked = await undo({ actionId: first.actionId });
    expect(blocked.status).toBe(409);
    expect((await body(blocked)).error.message).toMatch(/later inbox action/);
    expect((await body(await server.api(`/api/memories/${one}`))).status).toBe("active");

    expect((await body(await undo({ actionId: second.actionId }))).undone).toMatchObject({ action: "reject", actionId: second.actionId });
    expect((await body(await server.api(`/api/memories/${two}`))).status).toBe("suggested");
    expect((await body(await undo({ actionId: first.actionId }))).undone).toMatchObject({ actionId: first.actionId });
    expect((await body(await server.api(`/api/memories/${one}`))).status).toBe("suggested");

    expect((await undo({ actionId: first.actionId })).status).toBe(409);
    expect((await undo({ actionId: 99_999_999 })).status).toBe(404);
    const bad = await undo({ actionId: "x" });
    expect(bad.status).toBe(400);
    expect((await body(bad)).error.message).toMatch(/^actionId/);
  });
});
