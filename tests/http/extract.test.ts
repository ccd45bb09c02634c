import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, tempDir, type TestServer } from "../helpers/server";
import { startFakeLlm, type FakeLlm } from "../lib/extraction/fake-llm";

let server: TestServer;
let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
  server = await startServer({
    env: {
      RECOLLECT_EXTRACTION_LLM_ENABLED: "true",
      RECOLLECT_EXTRACTION_LLM_BASE_URL: llm.baseUrl,
      RECOLLECT_EXTRACTION_LLM_MODEL: "memory-model",
      RECOLLECT_EXTRACTION_LLM_DAILY_TOKEN_CAP: "5000",
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

const body = async (res: Response) => res.json() as Promise<any>;

describe("POST /api/extract", () => {
  const directory = tempDir("recollect-proj-");

  it("stores suggestions and returns a nudge for text the plugin posts from chat.message", async () => {
    const res = await server.api("/api/extract", {
      method: "POST",
      json: { directory, sessionID: "s1", text: "Should we use pnpm? We decided to use pnpm for the monorepo.", trigger: "message" },
    });
    expect(res.status).toBe(200);
    const out = await body(res);
    expect(out.suggestions).toHaveLength(1);
    expect(out.suggestions[0]).toMatchObject({ category: "decision", via: "rules", deduplicated: false });
    expect(out.nudge).toContain("We decided to use pnpm for the monorepo.");
    expect(llm.requests).toHaveLength(0);

    const listed = await body(await server.api(`/api/memories?directory=${encodeURIComponent(directory)}&status=suggested`));
    expect(listed.items.map((m: any) => [m.source, m.status])).toEqual([["extractor", "suggested"]]);
  });

  it("runs the memory model on idle over the posted messages", async () => {
    llm.answers = [
      {
        content: '{"memories":[{"category":"gotcha","content":"The proxy also runs for static files."}]}',
        usage: { prompt_tokens: 200, completion_tokens: 20, total_tokens: 220 },
      },
    ];
    const res = await server.api("/api/extract", {
      method: "POST",
      json: {
        directory,
        sessionID: "s1",
        trigger: "idle",
        messages: [{ info: { id: "m9", role: "assistant" }, parts: [{ type: "text", text: "I noticed the proxy runs for static files too." }] }],
      },
    });
    const out = await body(res);
    expect(out.llm).toEqual({ ran: true, tokens: 220 });
    expect(out.suggestions.map((s: any) => [s.via, s.content])).toEqual([["llm", "The proxy also runs for static files."]]);
    expect(llm.requests).toHaveLength(1);
  });

  it("400 without a project or text", async () => {
    let res = await server.api("/api/extract", { method: "POST", json: { sessionID: "s1", text: "hello" } });
    expect(res.status).toBe(400);
    res = await server.api("/api/extract", { method: "POST", json: { directory, sessionID: "s1" } });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/messages or text/);
  });
});
