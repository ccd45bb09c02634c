// The memory and checkpoint pages' Markdown renderer, off the event loop: a worker thread that
// renders what lib/views/markdown.ts sends (texts past RENDER_IN_WORKER_CHARS), with the same
// markdown-it settings (tests/lib/views/markdown-worker.test.ts compares the two). Not bundled:
// loaded from the checkout, as lib/embeddings/embed-worker.mjs is.
import { parentPort } from "node:worker_threads";
import MarkdownIt from "markdown-it";

const NESTING = 20;
const escapeHtml = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const md = new MarkdownIt({ html: false, linkify: false, typographer: false, maxNesting: NESTING });
md.validateLink = (url) => /^(https?:|mailto:|\/|#)/i.test(url.trim());
md.renderer.rules.image = (tokens, i) => escapeHtml(tokens[i].content);
md.renderer.rules.link_open = (tokens, i, options, _env, self) => {
  tokens[i].attrSet("rel", "noreferrer noopener");
  return self.renderToken(tokens, i, options);
};

/** The HTML, or null where the caller shows plain text (the nesting bound reached, a failure). */
function render(text) {
  try {
    const tokens = md.parse(text, {});
    if (tokens.some((t) => t.level >= NESTING - 1)) return null;
    return md.renderer.render(tokens, md.options, {});
  } catch {
    return null;
  }
}

parentPort.on("message", ({ id, text }) => parentPort.postMessage({ id, html: render(text) }));
