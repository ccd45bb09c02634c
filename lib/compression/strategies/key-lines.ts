import { isKeyLine, LONG_LINE_CHARS } from "../lines";
import type { PartView, Strategy } from "../types";

/**
 * The guarantee behind every rewriting strategy: the error, traceback, failed-assertion and
 * `path:line` lines of a part survive compression at every pressure level. A strategy's result
 * that dropped some gets them back (in their order, before the footer); when that would not
 * leave the part shorter, the part is left whole.
 */

/** A search hit (`path:12:text`, `path-12-text`): an entry of the results, not a diagnostic, whatever it matched. */
const SEARCH_HIT = /^(?:[A-Za-z]:)?[^\s:]+:\d+[:-]/;
/** A compiler or linter diagnostic has the same start: `src/a.ts:14:12 - error TS2339`, `a.c:3:1: error: ...`. */
const DIAGNOSTIC = /^(?:[A-Za-z]:)?[^\s:]+:\d+(?::\d+)?(?::|\s+-)?\s*(?:error|warning|fatal|note)(?::|\s+[A-Z]{1,4}\d+|\[)/i;
/** In prose only diagnostics that look like output count (a sentence that says "failed" is not one). */
const PROSE_OUTPUT =
  /^\s*(?:Traceback \(most recent call last\)|File "[^"]+", line \d+|at .+[:(]\d+(?::\d+)?\)?$|[\w.]*(?:Error|Exception)(?::|$)|E {2,}\S|(?:FAIL|FAILED|ERROR)\b)/;
/** Or a `path:line` followed by a severity: two tests, as `path:line.*severity` rescans the line from each `path:line`. */
const PROSE_PATH_LINE = /(?:^|[\s("'`])(?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.[A-Za-z]\w{0,5}:\d+(?::\d+)?\b/;
const SEVERITY = /\b(?:error|warning|Error)\b/;

function isProseDiagnostic(line: string): boolean {
  if (PROSE_OUTPUT.test(line)) return true;
  const at = PROSE_PATH_LINE.exec(line);
  return at !== null && SEVERITY.test(line.slice(at.index + at[0].length));
}

export function requiredLines(text: string, view: Pick<PartView, "kind">): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (!t || t.length > LONG_LINE_CHARS || seen.has(t)) continue;
    const required = view.kind === "tool" ? isKeyLine(line) && (!SEARCH_HIT.test(t) || DIAGNOSTIC.test(t)) : isProseDiagnostic(line);
    if (!required) continue;
    seen.add(t);
    out.push(line);
  }
  return out;
}

const FOOTER = /^\[recollect: .*\]$/;

/** The strategy, with every required line of its input guaranteed in its output (or no output). */
export function keepingKeyLines(s: Strategy): Strategy {
  return {
    ...s,
    apply(text, view, sc) {
      const r = s.apply(text, view, sc);
      if (!r) return r;
      const missing = requiredLines(text, view).filter((l) => !r.text.includes(l.trim()));
      if (!missing.length) return r;
      const lines = r.text.split("\n");
      const footerAt = lines.length && FOOTER.test(lines[lines.length - 1]) ? lines.length - 1 : lines.length;
      const patched = [...lines.slice(0, footerAt), `… key lines from the omitted part (${missing.length}):`, ...missing, ...lines.slice(footerAt)].join("\n");
      return patched.length < text.length ? { ...r, text: patched } : undefined;
    },
  };
}
