import { Marked } from "marked";

/**
 * Markdown -> HTML for stored text (checkpoints). Raw HTML in the source is shown as text, and
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
