import { Marked } from "marked";

/**
 * Markdown -> HTML for stored text (checkpoints, a memory's read view). Raw HTML in the source is shown as text, and
 * links keep only http(s), mailto and relative targets: stored text never runs in the page.
 */
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const safe = /^(https?:|mailto:|\/|#)/i.test(href) ? href : "#";
      return `<a href="${escapeHtml(safe)}"${title ? ` title="${escapeHtml(title)}"` : ""} rel="noreferrer noopener">${this.parser.parseInline(tokens)}</a>`;
    },
    image({ text }) {
      return escapeHtml(text);
    },
  },
});

export function renderMarkdown(md: string): string {
  return marked.parse(md, { async: false }) as string;
}

/** Tailwind classes that style rendered Markdown (headings, lists, code) inside a page. */
export const MARKDOWN_CLASS =
  "text-sm leading-relaxed break-words [&_a]:text-indigo-700 [&_a]:underline dark:[&_a]:text-indigo-400 [&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 dark:[&_code]:bg-zinc-800 [&_h1]:mb-2 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:mb-1 [&_h2]:mt-4 [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-medium [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-zinc-100 [&_pre]:p-2 dark:[&_pre]:bg-zinc-800 [&_ul]:list-disc [&_ul]:pl-5";
