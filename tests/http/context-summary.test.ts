import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, tempDir, type TestServer } from "../helpers/server";

// Its own server: the inbox figure counts global suggestions and proposals too, which other files
// on the shared server make (automatic consolidation of their global memories).
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** `GET /api/context/summary` over HTTP (the figures themselves: tests/lib/injection/summary.test.ts). */
describe("GET /api/context/summary", () => {
  it("answers the project's figures (a session without compression saved nothing)", async () => {
    const directory = tempDir("summary-http-");
    await server.api("/api/memories", { method: "POST", json: { content: "Never deploy on Fridays", category: "constraint", pinned: true, directory } });
    const res = await server.api(`/api/context/summary?directory=${encodeURIComponent(directory)}&sessionID=ses_summary_http`);
    expect(res.status).toBe(200);
    const summary = await res.json();
    expect(summary.pinned.count).toBe(1);
    expect(summary.pinned.tokens).toBeGreaterThan(0);
    expect(summary).toMatchObject({
      memories: { project: 1 },
      inbox: 0,
      lastCheckpoint: null,
      tokensSaved: 0,
      searchMode: expect.stringMatching(/^(lexical|hybrid)$/),
    });
  });

  it("needs the token, and names the field it refuses", async () => {
    expect((await fetch(`${server.url}/api/context/summary`)).status).toBe(401);
    const long = await server.api(`/api/context/summary?sessionID=${"x".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).toContain("sessionID");
    const unknown = await server.api("/api/context/summary?foo=1");
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain("foo");
  });
});
