import { marked, type Tokens } from "marked";

/** One block of a Markdown file, with the 1-based line it starts on. */
export interface MarkdownBlock {
  kind: "item" | "paragraph" | "code" | "table" | "quote";
  /** The block's text: an item without its marker, a code block without its fences. */
  text: string;
  line: number;
  /** A code block's language (`sh`, `bash`, ...), else empty. */
  lang: string;
}

/** A heading and the blocks under it, up to the next heading of any depth. */
export interface MarkdownSection {
  /** null for the blocks before the first heading. */
  heading: string | null;
  depth: number;
  line: number;
  /** The headings above and including this one, outermost first. */
  path: string[];
  blocks: MarkdownBlock[];
}

/**
 * Splits a Markdown file into sections and blocks with their line numbers, using marked's lexer
 * (the raw texts of its tokens add up to the source, which is how the lines are counted).
 * A YAML front matter block (`.mdc` rules, memory-bank files) is skipped, its lines counted.
 */
export function markdownSections(source: string): MarkdownSection[] {
  const text = source.replace(/\r\n?/g, "\n");
  const front = /^---\n[\s\S]*?\n---\n/.exec(text);
  let line = 1 + (front ? countLines(front[0]) : 0);
  const tokens = marked.lexer(front ? text.slice(front[0].length) : text);
  const sections: MarkdownSection[] = [{ heading: null, depth: 0, line: 1, path: [], blocks: [] }];
  const stack: { depth: number; text: string }[] = [];
  const current = () => sections[sections.length - 1];

  for (const token of tokens) {
    const start = line;
    line += countLines(token.raw);
    switch (token.type) {
      case "heading": {
        const heading = (token as Tokens.Heading).text.trim();
        const depth = (token as Tokens.Heading).depth;
        while (stack.length && stack[stack.length - 1].depth >= depth) stack.pop();
        stack.push({ depth, text: heading });
        sections.push({ heading, depth, line: start, path: stack.map((s) => s.text), blocks: [] });
        break;
      }
      case "list": {
        let itemLine = start;
        for (const item of (token as Tokens.List).items) {
          const body = item.text.trim();
          if (body) current().blocks.push({ kind: "item", text: body, line: itemLine, lang: "" });
          itemLine += countLines(item.raw);
        }
        break;
      }
      case "paragraph":
      case "text":
        if (token.raw.trim()) current().blocks.push({ kind: "paragraph", text: token.raw.trim(), line: start, lang: "" });
        break;
      case "code": {
        const code = token as Tokens.Code;
        if (code.text.trim()) current().blocks.push({ kind: "code", text: code.text.trimEnd(), line: start, lang: (code.lang ?? "").trim().toLowerCase() });
        break;
      }
      case "table":
        current().blocks.push({ kind: "table", text: token.raw.trim(), line: start, lang: "" });
        break;
      case "blockquote":
        if ((token as Tokens.Blockquote).text.trim())
          current().blocks.push({ kind: "quote", text: (token as Tokens.Blockquote).text.trim(), line: start, lang: "" });
        break;
      default:
        break;
    }
  }
  return sections.filter((s) => s.heading !== null || s.blocks.length > 0);
}

function countLines(raw: string): number {
  let n = 0;
  for (let i = raw.indexOf("\n"); i !== -1; i = raw.indexOf("\n", i + 1)) n++;
  return n;
}
