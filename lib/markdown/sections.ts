import { runAll, type Steps } from "../slices";

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
 * Splits a Markdown file into sections and blocks with their line numbers, with one pass over its
 * lines. Sections need only the block structure (headings, list items, fences, quotes, tables,
 * paragraphs), never the inline syntax, and a line scanner does that in time linear in the text:
 * a full Markdown lexer (marked) took 55 s on 100 KB of `ghp_ghp_…` and overflowed the stack on
 * 2,000 `>` (issue 37). Nested blocks (a list inside an item, a quote inside a quote) stay text of
 * the outer block. A YAML front matter block (`.mdc` rules, memory-bank files) is skipped, its
 * lines counted; raw HTML blocks and thematic breaks are skipped.
 */
export function markdownSections(source: string): MarkdownSection[] {
  return runAll(markdownSectionsSteps(source));
}

/** `markdownSections` as steps, one a block (lib/slices.ts). */
export function* markdownSectionsSteps(source: string): Steps<MarkdownSection[]> {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const sections: MarkdownSection[] = [{ heading: null, depth: 0, line: 1, path: [], blocks: [] }];
  const stack: { depth: number; text: string }[] = [];
  const push = (kind: MarkdownBlock["kind"], text: string, line: number, lang = "") => {
    if (text.trim() || kind === "table") sections[sections.length - 1].blocks.push({ kind, text, line, lang });
  };
  const heading = (text: string, depth: number, line: number) => {
    while (stack.length && stack[stack.length - 1].depth >= depth) stack.pop();
    stack.push({ depth, text });
    sections.push({ heading: text, depth, line, path: stack.map((s) => s.text), blocks: [] });
  };

  let i = frontMatterEnd(lines);
  while (i < lines.length) {
    yield;
    const line = lines[i];
    if (isBlank(line)) {
      i++;
      continue;
    }
    const indent = indentOf(line);
    const start = i + 1;

    if (indent >= 4) {
      // Indented code: up to the next line indented less (blank lines inside belong to it).
      const body: string[] = [];
      let end = i;
      while (end < lines.length && (isBlank(lines[end]) || indentOf(lines[end]) >= 4)) body.push(stripIndent(lines[end++], 4));
      while (end > i && isBlank(lines[end - 1])) {
        end--;
        body.pop();
      }
      push("code", body.join("\n").trimEnd(), start);
      i = end;
      continue;
    }
    const atx = atxHeading(line);
    if (atx) {
      heading(atx.text, atx.depth, start);
      i++;
      continue;
    }
    const fence = fenceOpen(line);
    if (fence) {
      const body: string[] = [];
      let end = i + 1;
      while (end < lines.length && !fenceCloses(lines[end], fence)) body.push(stripIndent(lines[end++], fence.indent));
      push("code", body.join("\n").trimEnd(), start, fence.lang);
      i = end + 1;
      continue;
    }
    if (isThematicBreak(line)) {
      i++;
      continue;
    }
    if (isHtmlStart(line)) {
      // A comment runs to its `-->`, blank lines and all; other raw HTML to a blank line.
      const comment = /^ {0,3}<!--/.test(line);
      while (i < lines.length && (comment || !isBlank(lines[i]))) {
        const done = comment && lines[i].includes("-->");
        i++;
        if (done) break;
      }
      continue;
    }
    if (quoteContent(line) !== undefined) {
      const body: string[] = [];
      while (i < lines.length && !isBlank(lines[i])) {
        const inner = quoteContent(lines[i]);
        // A lazy line continues the quote's paragraph; any other block start ends it.
        if (inner === undefined && startsBlock(lines[i])) break;
        body.push(inner ?? lines[i]);
        i++;
      }
      push("quote", body.join("\n").trim(), start);
      continue;
    }
    if (listMarker(line)) {
      i = listItems(lines, i, (text, at) => push("item", text, at));
      continue;
    }
    if (line.includes("|") && i + 1 < lines.length && isTableDelimiter(lines[i + 1])) {
      let end = i + 2;
      while (end < lines.length && !isBlank(lines[end]) && !startsBlock(lines[end])) end++;
      push("table", lines.slice(i, end).join("\n").trim(), start);
      i = end;
      continue;
    }
    // A paragraph: up to a blank line or a line that starts another block; a setext underline makes it a heading.
    let end = i + 1;
    let setext = 0;
    while (end < lines.length && !isBlank(lines[end])) {
      setext = setextDepth(lines[end]);
      if (setext || startsBlock(lines[end])) break;
      end++;
    }
    // Link reference definitions (`[ci-url]: https://…`) at a paragraph's start are not text.
    let first = i;
    while (first < end && LINK_DEFINITION.test(lines[first])) first++;
    const text = lines.slice(first, end).join("\n").trim();
    if (setext && first < end) {
      // Its lines joined by one space (by hand: `/\s*\n\s*/g` is quadratic on a long run of spaces).
      heading(
        text
          .split("\n")
          .map((l) => l.trim())
          .filter((l) => l)
          .join(" "),
        setext,
        start,
      );
      i = end + 1;
    } else {
      push("paragraph", text, first + 1);
      i = setext ? end + 1 : end;
    }
  }
  return sections.filter((s) => s.heading !== null || s.blocks.length > 0);
}

/**
 * The items of the list starting at line `i`, each with the line it starts on; returns the index
 * of the first line after the list. An item holds its marker line, the lines indented under it
 * (nested lists, code, paragraphs after blank lines, dedented by the item's content column) and
 * lazy continuation lines of its paragraph.
 */
function listItems(lines: string[], i: number, emit: (text: string, line: number) => void): number {
  const baseIndent = indentOf(lines[i]);
  while (i < lines.length) {
    const marker = listMarker(lines[i]);
    if (!marker || indentOf(lines[i]) > baseIndent + 3) return i;
    const start = i + 1;
    const body = [lines[i].slice(marker.content)];
    const column = marker.content;
    let previousBlank = false;
    i++;
    while (i < lines.length) {
      const line = lines[i];
      if (isBlank(line)) {
        previousBlank = true;
        body.push("");
        i++;
        continue;
      }
      const indent = indentOf(line);
      if (indent >= column) body.push(stripIndent(line, column));
      else if (!previousBlank && !startsBlock(line) && !setextDepth(line)) body.push(line.trim());
      else break;
      previousBlank = false;
      i++;
    }
    emit(body.join("\n").trim(), start);
    // A blank line then anything but another item ends the list.
    if (i < lines.length && !listMarker(lines[i])) return i;
  }
  return i;
}

const LINK_DEFINITION = /^ {0,3}\[[^\]^][^\]]{0,998}\]:[ \t]*\S/;

function frontMatterEnd(lines: string[]): number {
  if (lines[0] !== "---") return 0;
  for (let i = 1; i < lines.length; i++) if (lines[i] === "---") return i + 1;
  return 0;
}

/** Lines that interrupt a paragraph: a heading, a fence, a quote, a list item, a thematic break, an HTML comment. */
function startsBlock(line: string): boolean {
  return (
    indentOf(line) < 4 &&
    (atxHeading(line) !== undefined ||
      fenceOpen(line) !== undefined ||
      quoteContent(line) !== undefined ||
      listMarker(line) !== undefined ||
      isThematicBreak(line) ||
      /^ {0,3}<!--/.test(line))
  );
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** Leading spaces, a tab counting as up to the next multiple of four. */
function indentOf(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 32) n++;
    else if (c === 9) n += 4 - (n % 4);
    else break;
  }
  return n;
}

/** The line without up to `columns` columns of leading whitespace. */
function stripIndent(line: string, columns: number): string {
  let n = 0;
  let i = 0;
  while (i < line.length && n < columns) {
    const c = line.charCodeAt(i);
    if (c === 32) n++;
    else if (c === 9) n += 4 - (n % 4);
    else break;
    i++;
  }
  return line.slice(i);
}

function atxHeading(line: string): { depth: number; text: string } | undefined {
  let i = 0;
  while (i < 3 && line.charCodeAt(i) === 32) i++;
  let depth = 0;
  while (line.charCodeAt(i + depth) === 35 /* # */) depth++;
  if (depth < 1 || depth > 6) return undefined;
  const after = line.charCodeAt(i + depth);
  if (!Number.isNaN(after) && after !== 32 && after !== 9) return undefined;
  let text = line.slice(i + depth).trim();
  // A closing run of `#` after a space is not part of the text.
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 35) end--;
  if (end === 0) text = "";
  else if (end < text.length && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) text = text.slice(0, end).trimEnd();
  return { depth, text };
}

interface Fence {
  char: string;
  length: number;
  indent: number;
  lang: string;
}

function fenceOpen(line: string): Fence | undefined {
  const indent = indentOf(line);
  if (indent > 3) return undefined;
  const at = line.length - line.trimStart().length;
  const char = line[at];
  if (char !== "`" && char !== "~") return undefined;
  let length = 0;
  while (line[at + length] === char) length++;
  if (length < 3) return undefined;
  const info = line.slice(at + length).trim();
  if (char === "`" && info.includes("`")) return undefined;
  return { char, length, indent, lang: (info.split(/[ \t]/, 1)[0] ?? "").toLowerCase() };
}

function fenceCloses(line: string, fence: Fence): boolean {
  if (indentOf(line) > 3) return false;
  const text = line.trim();
  if (text.length < fence.length) return false;
  for (let i = 0; i < text.length; i++) if (text[i] !== fence.char) return false;
  return true;
}

/** The text of a quote line without its `>` (and one space after it), undefined when it is not one. */
function quoteContent(line: string): string | undefined {
  const indent = indentOf(line);
  if (indent > 3) return undefined;
  const at = line.length - line.trimStart().length;
  if (line[at] !== ">") return undefined;
  return line.slice(line[at + 1] === " " ? at + 2 : at + 1);
}

/** A list item's marker (`-`, `*`, `+`, `1.`, `1)`): where its content starts, or undefined. */
function listMarker(line: string): { content: number } | undefined {
  const at = line.length - line.trimStart().length;
  let end = at;
  const c = line[at];
  if (c === "-" || c === "*" || c === "+") end = at + 1;
  else {
    while (end - at < 9 && line.charCodeAt(end) >= 48 && line.charCodeAt(end) <= 57) end++;
    if (end === at || (line[end] !== "." && line[end] !== ")")) return undefined;
    end++;
  }
  if (end < line.length && line[end] !== " " && line[end] !== "\t") return undefined;
  if (isThematicBreak(line)) return undefined;
  let content = end;
  while (content < line.length && content - end < 4 && (line[content] === " " || line[content] === "\t")) content++;
  return { content: content === end ? end + 1 : content };
}

function isThematicBreak(line: string): boolean {
  if (indentOf(line) > 3) return false;
  let char = "";
  let count = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === " " || c === "\t") continue;
    if (c !== "-" && c !== "*" && c !== "_") return false;
    if (char && c !== char) return false;
    char = c;
    count++;
  }
  return count >= 3;
}

/** A table's second line: cells of dashes with optional colons, between pipes (`|---|:-:|`). */
function isTableDelimiter(line: string): boolean {
  if (indentOf(line) > 3) return false;
  let dashes = false;
  let pipes = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "-") dashes = true;
    else if (c === "|") pipes = true;
    else if (c !== ":" && c !== " " && c !== "\t") return false;
  }
  return dashes && pipes;
}

function isHtmlStart(line: string): boolean {
  return indentOf(line) <= 3 && /^\s*<(!--|\/?[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$))/.test(line);
}

/** 1 for a `===` underline, 2 for `---`, 0 otherwise. */
function setextDepth(line: string): number {
  if (indentOf(line) > 3) return 0;
  const text = line.trim();
  if (!text) return 0;
  const c = text[0];
  if (c !== "=" && c !== "-") return 0;
  for (let i = 0; i < text.length; i++) if (text[i] !== c) return 0;
  return c === "=" ? 1 : 2;
}
