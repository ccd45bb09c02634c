import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server";
import { History } from "../lib/compression/history";

/**
 * Issue 37, finding 6: one big compress (300,000 small messages, 40 MB) held the event loop for
 * 20 s, `/api/health` with it. Health is polled, one request after another, while a big compress
 * runs on the real server. No clock: a held loop answers the health requests sent meanwhile only
 * after the compress (at most the one already in flight gets in first), a sliced one answers them
 * between its slices, so the count of health answers before the compress's answer says which.
 * The 200 ms figure is measured in bench/adversarial.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { RECOLLECT_SERVER_HISTORY_BODY_LIMIT_BYTES: String(64 * 1024 * 1024), RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
});
afterAll(() => server?.stop());

/** Health answers, one request after another, that arrive while `running()` holds (each a 200). */
async function healthAnswersWhile(running: () => boolean): Promise<number> {
  let answered = 0;
  while (running()) {
    const res = await server.api("/api/health");
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    if (running()) answered++;
  }
  return answered;
}

describe("the event loop during one big request", () => {
  it("health keeps answering while 30,000 messages are compressed", { timeout: 600_000 }, async () => {
    const h = new History("ses_big");
    for (let i = 0; i < 30_000; i++) i % 2 ? h.user(`question ${i} about the cache`) : h.step({ text: `answer ${i}: checked the index` });
    const payload = JSON.stringify(h.body());

    let done = false;
    const compress = server.api("/api/compress", { method: "POST", body: payload, headers: { "content-type": "application/json" } }).then(async (res) => {
      const out = (await res.json()) as { messages?: unknown[] };
      done = true;
      return { status: res.status, messages: out.messages?.length };
    });

    // Health answers that arrived while the compress was still running.
    const answeredMeanwhile = await healthAnswersWhile(() => !done);
    expect(await compress).toEqual({ status: 200, messages: 30_000 });
    expect(answeredMeanwhile, "health answers while the compress ran").toBeGreaterThanOrEqual(10);
  });

  it("health keeps answering while 1,500 memories are imported, and the import is written whole", { timeout: 600_000 }, async () => {
    // The import is planned in slices (redaction, look-ups, rows, index rows); its write only inserts.
    const entries = Array.from({ length: 1_500 }, (_, i) => ({
      title: `Imported note ${i}`,
      content: `Imported note ${i}: ${"the build cache keeps the compiled modules between runs; ".repeat(12)}`,
      tags: ["bench", `t${i % 20}`],
    }));
    let done = false;
    const imported = server
      .api("/api/import?format=json", { method: "POST", body: JSON.stringify(entries), headers: { "content-type": "text/plain" } })
      .then(async (res) => {
        const out = (await res.json()) as { created?: number };
        done = true;
        return { status: res.status, created: out.created };
      });
    const answeredMeanwhile = await healthAnswersWhile(() => !done);
    expect(await imported).toEqual({ status: 200, created: 1_500 });
    expect(answeredMeanwhile, "health answers while the import ran").toBeGreaterThanOrEqual(10);
    // Its index rows were written with it: the lexical search finds the imported notes.
    const found = await server.api("/api/search", { method: "POST", json: { query: "imported compiled modules", mode: "lexical", limit: 5 } });
    expect(((await found.json()) as { results: unknown[] }).results).toHaveLength(5);
  });

  it("a memory page of over 4,000 characters is rendered in the Markdown worker of the production build", { timeout: 300_000 }, async () => {
    const content = `# Deploy notes\n\n${"- **Always** run `npm test` before a release, see [the guide](https://example.com/guide).\n".repeat(80)}`;
    expect(content.length).toBeGreaterThan(4_000);
    const created = await server.api("/api/memories", { method: "POST", json: { content, category: "convention" } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const page = await server.page(`/memories/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1>Deploy notes</h1>");
    expect(html).toContain("<strong>Always</strong>");
    expect(html).toContain('rel="noreferrer noopener"');
  });
});
