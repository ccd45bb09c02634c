/**
 * Splits chat text into candidate sentences for the detectors: fenced code stays out and code-like
 * lines are flagged (a rule inside code is not a rule the user stated); Markdown list markers and
 * emphasis are dropped; English and Chinese sentence ends are both recognised.
 */
export interface Sentence {
  text: string;
  lang: "en" | "zh";
  /** The line looked like code or a code comment (kept so detectors can reject it explicitly). */
  code: boolean;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const CJK_ALL = /[\u3400-\u9fff\uf900-\ufaff]/g;

export function languageOf(text: string): "en" | "zh" {
  const cjk = text.match(CJK_ALL)?.length ?? 0;
  return cjk >= 2 && cjk * 3 >= text.replace(/\s/g, "").length * 0.5 ? "zh" : CJK.test(text) && cjk >= 4 ? "zh" : "en";
}

const CODE_LINE =
  /^\s*(?:\/\/|\/\*|\*\s|\*\/|#(?!#)|--\s|<!--|[{}()[\];]+$|(?:const|let|var|function|import|export|return|def|class|if|for|while)\b[^.。]*[=({;:]\s*)/;

export function isCodeLike(line: string): boolean {
  if (/^( {4}|\t)/.test(line)) return true;
  if (CODE_LINE.test(line)) return true;
  if (/[;{]\s*$/.test(line.trim())) return true;
  return false;
}

function cleanLine(line: string): string {
  return line
    .replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, "")
    .replace(/\*\*|__/g, "")
    .trim();
}

/** A Rust macro's name ("Always inline format! arguments"): its `!` ends no sentence. */
const RUST_MACRO =
  /`?\b(?:format|println|print|eprintln|eprint|write|writeln|vec|panic|assert|assert_eq|assert_ne|debug_assert|matches|dbg|todo|unimplemented|unreachable|include_str|include_bytes|concat|env|macro_rules)!$/;

/** Sentence ends: `. ! ?` followed by space (not inside `e.g.` or `file.ts`), and CJK `。！？；`. */
function splitSentences(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    const next = line[i + 1];
    let end = false;
    if (ch === "。" || ch === "！" || ch === "？") end = true;
    else if ((ch === "." || ch === "!" || ch === "?") && (next === undefined || next === " ")) {
      const before = line.slice(Math.max(start, i - 5), i);
      end = !/\b(?:e\.g|i\.e|etc|vs|cf|Mr|Dr|No)$/i.test(before) && !(ch === "!" && RUST_MACRO.test(line.slice(start, i + 1)));
    }
    if (end) {
      out.push(line.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  if (start < line.length) out.push(line.slice(start).trim());
  return out.filter(Boolean);
}

export function toSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let fenced = false;
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      continue;
    }
    if (fenced || !raw.trim()) continue;
    const code = isCodeLike(raw);
    const line = cleanLine(raw);
    if (!line) continue;
    if (code) {
      out.push({ text: line, lang: languageOf(line), code: true });
      continue;
    }
    for (const s of splitSentences(line)) out.push({ text: s, lang: languageOf(s), code: false });
  }
  return out;
}
