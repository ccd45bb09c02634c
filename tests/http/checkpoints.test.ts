import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, tempDir, type TestServer } from "../helpers/server";
import { kvHistory, rateLimitHistory } from "../lib/checkpoints/history";

let server: TestServer;
beforeAll(async () => {
  // A small history limit so the 413 path is cheap to test.
  server = await startServer({ env: { RECOLLECT_SERVER_HISTORY_BODY_LIMIT_BYTES: "200000" } });
});
afterAll(() => server?.stop());

const body = async (res: Response) => res.json() as Promise<any>;
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

describe("checkpoints over HTTP", () => {
  const directory = tempDir("recollect-proj-");

  it("captures (201) -> { id, context, prompt }, serves the Markdown, the raw pages and the list; resume once per session", async () => {
    let res = await server.api("/api/checkpoints", {
      method: "POST",
      json: { directory, sessionID: "ses_a", trigger: "compaction", messages: kvHistory(directory) },
    });
    expect(res.status).toBe(201);
    const cp = await body(res);
    expect(typeof cp.id).toBe("string");
    expect(Array.isArray(cp.context)).toBe(true);
    expect(cp.context.join("\n")).toContain("Never add a new dependency for this.");
    expect(cp.prompt).toContain("## 8. Critical context");

    res = await server.api(`/api/checkpoints/${cp.id}`);
    const full = await body(res);
    expect(full.markdown).toContain("## Files modified");
    expect(full.extracted.filesModified.map((f: any) => f.path)).toContain("lib/kv/store.ts");
    expect(full).toMatchObject({ sessionId: "ses_a", trigger: "compaction", messageCount: 4 });

    res = await server.api(`/api/checkpoints/${cp.id}/raw?offset=3&limit=5`);
    const page = await body(res);
    expect([page.total, page.messages.length, page.nextOffset]).toEqual([4, 1, null]);
    expect(JSON.stringify(page.messages)).toContain("[REDACTED:");

    res = await server.api(`/api/checkpoints?${q({ directory, sessionID: "ses_a" })}`);
    expect((await body(res)).items.map((c: any) => c.id)).toEqual([cp.id]);

    res = await server.api(`/api/context/resume?${q({ directory, sessionID: "ses_new" })}`);
    const resume = await body(res);
    expect(resume.checkpointId).toBe(cp.id);
    expect(resume.block).toContain("Add a KV store");
    expect(resume.tokens).toBeGreaterThan(0);
    res = await server.api(`/api/context/resume?${q({ directory, sessionID: "ses_new" })}`);
    expect(await body(res)).toEqual({ block: null, tokens: 0, checkpointId: null, reason: "delivered" });
  });

  it("the rate-limit session of issue 23: checkpoint and resume block carry the decision, the next step and the error as fixed", async () => {
    const project = tempDir("recollect-rate-limit-");
    let res = await server.api("/api/checkpoints", {
      method: "POST",
      json: { directory: project, sessionID: "ses_rl", trigger: "compaction", messages: rateLimitHistory(project) },
    });
    expect(res.status).toBe(201);
    const cp = await body(res);
    const full = await body(await server.api(`/api/checkpoints/${cp.id}`));
    expect(full.extracted.decisions).toEqual(["I'll use an in-memory token bucket per API key, decided because there is one instance."]);
    expect(full.extracted.nextSteps).toContain("Next step: add the 429 response headers.");
    expect(full.extracted.constraints).toContain("It must not use Redis.");
    expect(full.extracted.errors).toEqual([{ tool: "bash", message: "TypeError: bucket.take is not a function", fixed: true }]);
    expect(full.markdown).toContain("- [fixed] bash: TypeError: bucket.take is not a function");
    expect(full.markdown).not.toContain("_None recorded._");

    res = await server.api(`/api/context/resume?${q({ directory: project, sessionID: "ses_rl_next" })}`);
    const block: string = (await body(res)).block;
    expect(block.indexOf("**Next steps**\n- Next step: add the 429 response headers.")).toBeGreaterThan(0);
    expect(block).toContain("**Decisions**\n- I'll use an in-memory token bucket per API key");
    expect(block.indexOf("**Next steps**")).toBeLessThan(block.indexOf("**Task**"));
    expect(block).not.toContain("**Open errors**");
  });

  it("answers malformed input with 400 naming the problem, unknown ids with 404, oversized bodies with 413", async () => {
    let res = await server.api("/api/checkpoints", { method: "POST", json: { directory, sessionID: "x", messages: [{ info: { role: "user" } }] } });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^messages\.0\.parts/);

    res = await server.api("/api/checkpoints", { method: "POST", json: { directory, sessionID: "x", trigger: "later", messages: kvHistory(directory) } });
    expect(res.status).toBe(400);

    res = await server.api("/api/checkpoints", { method: "POST", body: "{not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);

    res = await server.api("/api/context/resume?directory=/tmp");
    expect(res.status).toBe(400);

    res = await server.api("/api/checkpoints/nope");
    expect(res.status).toBe(404);

    const huge = [{ info: { role: "user" }, parts: [{ type: "text", text: "x".repeat(250_000) }] }];
    res = await server.api("/api/checkpoints", { method: "POST", json: { directory, sessionID: "x", messages: huge } });
    expect(res.status).toBe(413);
  });
});
