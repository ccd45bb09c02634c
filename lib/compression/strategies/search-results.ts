import { footer, LONG_LINE_CHARS, splitLines } from "../lines";
import { isCommandTool, isSearchTool } from "../tools";
import type { PartView, Strategy } from "../types";

/**
 * Search results (grep, glob, list, and grep/find/rg run through bash): the first files with their
 * first matches, grouped by file as the tool printed them, and how many more there were.
 */
interface Group {
  header?: string;
  file: string;
  lines: string[];
}

// `path:12:text` / `path:12: text` (grep -n, rg) or `path-12-text` context lines are grouped by path.
// The path is one run up to the colon, then checked to be a path (a `.ext` at its end, or a `/`
// inside): two alternatives that both read the run backtracked on a long path-like line.
const GREP_LINE = /^((?:[A-Za-z]:)?[^\s:]+):(\d+)[:-]/;
const isGrepPath = (p: string) => /.\.\w+$/.test(p) || (p.includes("/") && p.indexOf("/") < p.length - 1);
// OpenCode grep: a `path:` header, then indented `Line N: text` rows.
const HEADER = /^(\S.*):$/;
const INDENTED = /^\s+\S/;
const PATH_ONLY = /^(?:\.{0,2}\/)?[\w@.+-]+(?:\/[\w@.+ -]+)*\/?$/;
const SEARCH_COMMAND = /^\s*(?:cd\s+\S+\s*&&\s*)?(?:grep|rg|ag|find|fd|git\s+grep|ls\s+-R|tree)\b/;

function groupLines(lines: string[]): { preamble: string[]; groups: Group[] } | undefined {
  const preamble: string[] = [];
  const groups: Group[] = [];
  let current: Group | undefined;
  let structured = 0;
  for (const line of lines) {
    if (!line.trim()) continue;
    // Not read for structure (the patterns backtrack on a long path-like run): kept as it is.
    if (line.length > LONG_LINE_CHARS) {
      if (groups.length === 0) preamble.push(line);
      else current?.lines.push(line);
      continue;
    }
    const grep = GREP_LINE.exec(line);
    if (grep && isGrepPath(grep[1])) {
      structured++;
      if (!current || current.header !== undefined || current.file !== grep[1]) groups.push((current = { file: grep[1], lines: [] }));
      current.lines.push(line);
      continue;
    }
    const header = HEADER.exec(line);
    if (header && !INDENTED.test(line)) {
      structured++;
      groups.push((current = { header: line, file: header[1], lines: [] }));
      continue;
    }
    if (INDENTED.test(line) && current?.header !== undefined) {
      structured++;
      current.lines.push(line);
      continue;
    }
    if (PATH_ONLY.test(line.trim()) && line.includes("/")) {
      structured++;
      const file = line.trim();
      const dir = file.replace(/\/[^/]*\/?$/, "") || "/";
      if (!current || current.header !== undefined || current.file !== dir) groups.push((current = { file: dir, lines: [] }));
      current.lines.push(line);
      continue;
    }
    if (groups.length === 0) preamble.push(line);
    else if (current) current.lines.push(line);
  }
  if (structured < Math.max(3, lines.length / 3)) return undefined;
  return { preamble, groups };
}

const applies = (v: PartView) =>
  v.kind === "tool" &&
  v.field === "output" &&
  !!v.tool &&
  (isSearchTool(v.tool) || (isCommandTool(v.tool) && typeof v.input?.command === "string" && SEARCH_COMMAND.test(v.input.command)));

export const searchResults: Strategy = {
  name: "search-results",
  content: true,
  appliesTo: applies,
  apply(text, _v, sc) {
    const lines = splitLines(text);
    if (lines.length < sc.p.minLines && text.length < sc.p.minChars) return undefined;
    const parsed = groupLines(lines);
    if (!parsed) return undefined;
    const { preamble, groups } = parsed;
    const out: string[] = [...preamble.slice(0, 3)];
    let shown = 0;
    const total = groups.reduce((n, g) => n + g.lines.length, 0);
    for (const g of groups.slice(0, sc.p.searchFiles)) {
      if (g.header !== undefined) out.push(g.header);
      const take = g.lines.slice(0, sc.p.perFile);
      out.push(...take);
      shown += take.length;
      if (g.lines.length > take.length) out.push(`  … (+${g.lines.length - take.length} more in ${g.file})`);
    }
    const rest = groups.slice(sc.p.searchFiles);
    if (rest.length) {
      const names = rest.slice(0, 12).map((g) => g.file);
      out.push(
        `… (+${rest.reduce((n, g) => n + g.lines.length, 0)} more in ${rest.length} other groups: ${names.join(", ")}${rest.length > names.length ? ", …" : ""})`,
      );
    }
    if (shown >= total) return undefined;
    out.push(footer(`${shown} of ${total} entries kept`, sc.ref()));
    return { text: out.join("\n") };
  },
};
