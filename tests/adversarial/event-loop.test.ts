import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server";
import { History } from "../lib/compression/history";

/**
 * Issue 37, finding 6: one big compress (300,000 small messages, 40 MB) held the event loop for
 * 20 s, `/api/health` with it. Health is polled, one request after another, while a big compress
 * runs on the real server. No wall-clock threshold: the longest wait between two health answers
 * must be a small part of the compress's own time (a held loop makes it nearly all of it), and
 * health must have answered many times before the compress did. The 200 ms figure is measured in
 * bench/adversarial.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { RECOLLECT_SERVER_HISTORY_BODY_LIMIT_BYTES: String(64 * 1024 * 1024), RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
});
afterAll(() => server?.stop());

describe("the event loop during one big request", () => {
  it("health keeps answering while 30,000 messages are compressed", { timeout: 600_000 }, async () => {
    const h = new History("ses_big");
    for (let i = 0; i < 30_000; i++) i % 2 ? h.user(`question ${i} about the cache`) : h.step({ text: `answer ${i}: checked the index` });
    const payload = JSON.stringify(h.body());

    let done = false;
    const started = performance.now();
    const compress = server.api("/api/compress", { method: "POST", body: payload, headers: { "content-type": "application/json" } }).then(async (res) => {
      const out = (await res.json()) as { messages?: unknown[] };
      done = true;
      return { status: res.status, messages: out.messages?.length, ms: performance.now() - started };
    });

    const answers: number[] = [];
    while (!done) {
      const res = await server.api("/api/health");
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      if (!done) answers.push(performance.now());
    }
    const result = await compress;
    expect(result).toMatchObject({ status: 200, messages: 30_000 });
    let longest = answers.length ? answers[0] - started : result.ms;
    for (let i = 1; i < answers.length; i++) longest = Math.max(longest, answers[i] - answers[i - 1]);
    expect(answers.length).toBeGreaterThanOrEqual(10);
    expect(longest, `longest wait ${longest.toFixed(0)} ms of ${result.ms.toFixed(0)} ms`).toBeLessThan(result.ms / 2);
  });

  it("a memory page of over 4,000 characters is rendered in the Markdown worker of the production build", { timeout: 120_000 }, async () => {
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
