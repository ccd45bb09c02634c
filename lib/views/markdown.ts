import path from "node:path";
import { Worker } from "node:worker_threads";
import MarkdownIt from "markdown-it";
import { appRoot } from "../paths";
import { processSingleton } from "../process-singleton";

/**
 * Markdown -> HTML for stored text (checkpoints, a memory's read view). Raw HTML in the source is
 * shown as text, images as their alt text, and links keep only http(s), mailto and relative
 * targets: stored text never runs in the page.
 *
 * markdown-it, not marked: marked's inline lexer is super-linear on runs of delimiters (a
 * 50,000-character memory of `a_a_…` took 6-8 s on every view) and overflowed the stack on 2,000
 * `>`. markdown-it's delimiter matching is linear and `maxNesting` bounds how deep blocks and
 * inlines nest; text that reaches it is shown whole as escaped plain text. Text longer than RENDER_LIMITS.chars is shown
 * as escaped plain text, never parsed.
 */
export const RENDER_LIMITS = { chars: 50_000, nesting: 20 } as const;

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const md = new MarkdownIt({ html: false, linkify: false, typographer: false, maxNesting: RENDER_LIMITS.nesting });
md.validateLink = (url) => /^(https?:|mailto:|\/|#)/i.test(url.trim());
md.renderer.rules.image = (tokens, i) => escapeHtml(tokens[i].content);
md.renderer.rules.link_open = (tokens, i, options, _env, self) => {
  tokens[i].attrSet("rel", "noreferrer noopener");
  return self.renderToken(tokens, i, options);
};

export function renderMarkdown(text: string): string {
  if (text.length > RENDER_LIMITS.chars) return plainText(text);
  try {
    const tokens = md.parse(text, {});
    // At maxNesting markdown-it drops the rest of the block: show the whole text instead.
    if (tokens.some((t) => t.level >= RENDER_LIMITS.nesting - 1)) return plainText(text);
    return md.renderer.render(tokens, md.options, {});
  } catch {
    return plainText(text);
  }
}

/**
 * Texts longer than this are rendered in a worker thread (lib/views/markdown-worker.mjs), so a
 * page of 50,000 characters of `*a` runs (up to a second) never holds the event loop. Shorter ones
 * take a few milliseconds at most.
 */
export const RENDER_IN_WORKER_CHARS = 4_000;

/** `renderMarkdown` for the pages: the same HTML, big texts rendered off the event loop. */
export async function renderMarkdownAsync(text: string): Promise<string> {
  if (text.length <= RENDER_IN_WORKER_CHARS || text.length > RENDER_LIMITS.chars) return renderMarkdown(text);
  try {
    return (await markdownWorker().render(text)) ?? plainText(text);
  } catch {
    return plainText(text);
  }
}

/** One worker for the process, started on first use; unref'd so it never keeps the process up. */
const markdownWorker = () => processSingleton("markdownWorker", () => new RenderWorker());

class RenderWorker {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (html: string | null) => void; reject: (e: Error) => void }>();

  render(text: string): Promise<string | null> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, text });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    // Not a bundled module: Node loads the file from the checkout (the comment keeps the bundler out).
    const file = path.join(/*turbopackIgnore: true*/ appRoot(), "lib", "views", "markdown-worker.mjs");
    const worker = new Worker(/*turbopackIgnore: true*/ file);
    worker.unref();
    worker.on("message", ({ id, html }: { id: number; html: string | null }) => {
      this.waiting.get(id)?.resolve(html);
      this.waiting.delete(id);
    });
    const fail = (error: Error) => {
      this.worker = null;
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the Markdown worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}

function plainText(text: string): string {
  return `<pre class="whitespace-pre-wrap">${escapeHtml(text)}</pre>`;
}

/** Tailwind classes that style rendered Markdown (headings, lists, code) inside a page. */
export const MARKDOWN_CLASS =
  "text-sm leading-relaxed break-words [&_a]:text-indigo-700 [&_a]:underline dark:[&_a]:text-indigo-400 [&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 dark:[&_code]:bg-zinc-800 [&_h1]:mb-2 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:mb-1 [&_h2]:mt-4 [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-medium [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-zinc-100 [&_pre]:p-2 dark:[&_pre]:bg-zinc-800 [&_ul]:list-disc [&_ul]:pl-5";
