import { headOf } from "../text-slice";

/**
 * Line-level helpers shared by the strategies: what counts as a key line (kept verbatim whatever
 * else is cut) and how a selection of lines is rendered with the gaps marked.
 */

/** A `path:line` reference (kept even on a line of code: a compiler or linter points at it). */
const PATH_LINE = /(?:^|[\s("'`])(?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.[A-Za-z][\w]{0,5}:\d+\b/;

/** Diagnostics: errors, tracebacks, failed assertions, `path:line` references. */
const KEY_PATTERNS: RegExp[] = [
  /Traceback \(most recent call last\)/,
  /^\s*File "[^"]+", line \d+/,
  /^\s*[\w.]*(?:Error|Exception)\b(?::|$)/,
  // `- E999 IndentationError: unexpected indent` (a linter naming the exception), `F821 undefined name`.
  /\b[A-Z]\w*(?:Error|Exception):\s|^\s*(?:-\s*)?[EF]\d{3}\s/,
  /\b(?:error|ERROR|Error)(?:\[[\w-]+\])?:/,
  /\b(?:FAIL|FAILED|FAILURE|FAILURES|ERRORS?)\b/,
  /\bfail(?:ed|ure|ures|ing)?\b/i,
  /\bAssertionError\b|\bassert(?:ion)? failed\b|^E {2,}\S/,
  /\bpanic(?:ked)?\b|Segmentation fault|core dumped|\bfatal\b/i,
  /^(?:E|ERR|Err:\d+|FATAL|CRITICAL)(?::|\s)\s*\S|\bERR!/,
  PATH_LINE,
];

/**
 * Source code that only names an error (`except ValueError as error:`, `catch (err) {`,
 * `raise ValueError("failed")`, `def test_fail():`) is not a diagnostic: a file view or an edit
 * window shows it with a line-number gutter, and it says nothing went wrong.
 */
// Tested on the line without its indentation (isCode): a leading `\s*` beside the next one is
// quadratic on a long run of spaces.
const CODE =
  /^(?:\d+(?:[:|]|\t)\s?)?\s*(?:except\b|catch\b|raise\b|throw\b|def\s|class\s|(?:async\s+)?function\b|return\b|import\b|from\s+\S+\s+import\b|if\b|elif\b|else\b|try\b|finally\b|#(?!\d)|\/\/)/;

/** A key line for what it says (an error, a failure, a traceback), not only for a `path:line` in it. */
const isCode = (line: string) => CODE.test(line.trimStart());

/** Longer lines are never key lines, nor read for structure: this bounds the patterns' work per line. */
export const LONG_LINE_CHARS = 2000;

export function isPrimaryKeyLine(line: string): boolean {
  if (line.length > LONG_LINE_CHARS || (isCode(line) && !PATH_LINE.test(line))) return false;
  for (const p of KEY_PATTERNS) if (p !== PATH_LINE && p.test(line)) return true;
  return false;
}

export function isKeyLine(line: string): boolean {
  if (line.length > LONG_LINE_CHARS) return false;
  for (const p of KEY_PATTERNS) if (p.test(line)) return !isCode(line) || PATH_LINE.test(line);
  return false;
}

/** Lines that give a source file its shape: definitions and signatures. */
const DEFINITION =
  /^\s*(?:export\s+)?(?:default\s+)?(?:pub(?:\([\w:]+\))?\s+)?(?:async\s+)?(?:def|class|function|interface|type|enum|struct|trait|impl|fn|func|module|namespace|package|const\s+\w+\s*=\s*(?:async\s*)?\(|public|private|protected|static|abstract|@\w+)\b/;

/** Strips the line-number gutter of a file view (`00012| `, `    12\t`, `12:`). */
export const stripGutter = (line: string): string => line.replace(/^\s*\d+(?:\||:|\t)\s?/, "");

export const isDefinitionLine = (line: string): boolean => DEFINITION.test(stripGutter(line));

export interface SelectOptions {
  head: number;
  tail: number;
  /** Indices kept in the middle (key lines), at most `maxKeep` of them, each with `context` neighbours. */
  keep?: (line: string, index: number) => boolean;
  maxKeep?: number;
  /** Kept lines that pass this are taken first when `maxKeep` cannot take them all. */
  primary?: (line: string) => boolean;
  context?: number;
  /** Secondary middle lines (e.g. definitions), at most `maxExtra` of them, no context. */
  extra?: (line: string) => boolean;
  maxExtra?: number;
  /** Lines never kept (repeats of an earlier output); head and tail are counted without them. */
  skip?: Set<string>;
  /** Kept lines longer than this (hex dumps, minified code) keep only their start; key lines stay whole. */
  maxLineChars?: number;
}

/**
 * Keeps the head, the tail and the chosen middle lines verbatim, in order, and marks every gap with
 * the number of lines left out. Returns undefined when nothing would be cut.
 */
export function selectLines(lines: string[], o: SelectOptions): { text: string; kept: number; omitted: number } | undefined {
  const n = lines.length;
  if (n <= o.head + o.tail) return undefined;
  const keep = new Uint8Array(n);
  const skipped = (i: number) => !!o.skip?.has(lines[i]) && !isKeyLine(lines[i]);
  // Head and tail: the first and last lines that are not skipped.
  let headEnd = 0;
  for (let taken = 0; headEnd < n && taken < o.head; headEnd++) if (!skipped(headEnd)) (keep[headEnd] = 1), taken++;
  let tailStart = n;
  for (let taken = 0; tailStart > headEnd && taken < o.tail; ) if (!skipped(--tailStart)) (keep[tailStart] = 1), taken++;
  // A middle line that repeats one already kept (or kept in the head/tail) says nothing new: the
  // omission marker stands for it and the original has it.
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) if (keep[i]) seen.add(lines[i]);
  if (o.keep) {
    const ctx = o.context ?? 0;
    let taken = 0;
    // With a `primary` test, its lines go first (an error message before the stack frames that
    // merely locate it), then the others while `maxKeep` allows.
    for (const pass of o.primary ? [true, false] : [undefined]) {
      for (let i = headEnd; i < tailStart && taken < (o.maxKeep ?? Infinity); i++) {
        if (keep[i] || seen.has(lines[i]) || !o.keep(lines[i], i)) continue;
        if (pass !== undefined && o.primary!(lines[i]) !== pass) continue;
        taken++;
        seen.add(lines[i]);
        for (let j = Math.max(0, i - ctx); j <= Math.min(n - 1, i + ctx); j++) keep[j] = 1;
      }
    }
  }
  if (o.extra) {
    let taken = 0;
    for (let i = headEnd; i < tailStart && taken < (o.maxExtra ?? Infinity); i++) {
      if (keep[i] || seen.has(lines[i]) || skipped(i) || !o.extra(lines[i])) continue;
      taken++;
      seen.add(lines[i]);
      keep[i] = 1;
    }
  }
  const out: string[] = [];
  let kept = 0;
  let gap = 0;
  for (let i = 0; i < n; i++) {
    if (keep[i]) {
      if (gap) out.push(omission(gap));
      gap = 0;
      const line = lines[i];
      out.push(
        o.maxLineChars && line.length > o.maxLineChars + 40 && !isKeyLine(line)
          ? `${headOf(line, o.maxLineChars)}… (+${line.length - o.maxLineChars} characters)`
          : line,
      );
      kept++;
    } else gap++;
  }
  if (gap) out.push(omission(gap));
  if (kept === n && out.every((l, i) => l === lines[i])) return undefined;
  return { text: out.join("\n"), kept, omitted: n - kept };
}

export const omission = (n: number) => `… ${n} line${n === 1 ? "" : "s"} omitted …`;

export const splitLines = (text: string): string[] => text.split("\n");

/** The line left in place of what was removed: how much, and how to get it back. */
export function footer(what: string, hash: string): string {
  return `[recollect: ${what}; memory_expand("${hash}")]`;
}
