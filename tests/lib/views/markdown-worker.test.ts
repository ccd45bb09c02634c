import { describe, expect, it } from "vitest";
import { SLOW_MARKDOWN } from "../../../bench/adversarial/generators";
import { RENDER_IN_WORKER_CHARS, RENDER_LIMITS, renderMarkdown, renderMarkdownAsync } from "../../../lib/views/markdown";

/**
 * Issue 37: the memory and checkpoint pages render Markdown of up to 50,000 characters, up to a
 * second for the slowest inputs, with every other request waiting. Texts past
 * RENDER_IN_WORKER_CHARS are rendered in a worker thread (lib/views/markdown-worker.mjs), which
 * must give the same HTML as the in-process renderer.
 */
const ORDINARY = [
  "# Title\n\nSome *emphasis*, `code`, a [link](https://example.com) and ![alt](x.png).\n\n- one\n- two\n\n```ts\nconst x = 1;\n```\n",
  "<script>alert(1)</script> [bad](javascript:alert(1)) [ok](/memories/1) > quote\n\n1. a\n2. b\n",
];

describe("Markdown rendered off the event loop", () => {
  it("the worker gives the same HTML as renderMarkdown, for ordinary notes and every slow family", async () => {
    const inputs = [
      ...ORDINARY.map((t) => t.repeat(Math.ceil((RENDER_IN_WORKER_CHARS * 2) / t.length))),
      ...Object.values(SLOW_MARKDOWN).map((make) => make(RENDER_IN_WORKER_CHARS + 500)),
      ">".repeat(RENDER_IN_WORKER_CHARS + 1_000),
    ];
    for (const text of inputs) {
      expect(text.length).toBeGreaterThan(RENDER_IN_WORKER_CHARS);
      expect(await renderMarkdownAsync(text)).toBe(renderMarkdown(text));
    }
    expect(await renderMarkdownAsync("short *one*")).toBe(renderMarkdown("short *one*"));
  });

  it("the event loop keeps turning while a slow page renders (counted turns, no clock)", async () => {
    const text = SLOW_MARKDOWN["*a runs"](RENDER_LIMITS.chars);
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns++;
      setImmediate(tick);
    };
    await renderMarkdownAsync("warm *up* the worker ".repeat(300));
    setImmediate(tick);
    const html = await renderMarkdownAsync(text);
    running = false;
    expect(html).toBe(renderMarkdown(text));
    // In-process the render is one synchronous call: zero turns.
    expect(turns).toBeGreaterThan(10);
  });
});
