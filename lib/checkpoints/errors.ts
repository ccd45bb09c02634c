import path from "node:path";
import type { ErrorItem } from "../contracts/checkpoints";
import { toSentences } from "../extraction/sentences";
import type { ToolCall, Turn } from "./timeline";
import { headOf } from "../text-slice";
import { runAll, type Steps } from "../slices";

/**
 * Errors met in a session and whether they were fixed. Evidence, in session order, decides: a
 * later successful run of the same command (or, for a test command, any later passing test run),
 * a later edit of a file the error names (`path:line`) with no recurrence of the error, and what
 * the assistant says ("Fixed the TypeError", "已修复", or "still fails", "还没解决"). The last
 * piece of evidence wins; a recurrence of the same message is the same error seen again.
 */
const MAX_ITEMS = 12;
export const TEST_COMMAND =
  /\b(?:npm (?:run )?test|npx (?:vitest|jest|playwright)|vitest|jest|pytest|python -m pytest|go test|cargo test|mvn test|gradle test|make test|tox|rspec|phpunit|dotnet test|bun test|pnpm (?:run )?test|yarn test)\b/;
const ERROR_LINE =
  /\b(?:error|Error|ERROR)(?:\[|:|\s+\d|!|\s+[A-Z]{1,4}\d+)|^error\b|\b[A-Z]\w*(?:Error|Exception)\b|\bTraceback\b|\bFAILED\b|\b\d+ failed\b|\bfailed:|\bfatal:|\bFATAL\b|\bpanic:|No such file or directory|command not found|Segmentation fault|exit (?:code|status) [1-9]|exited with code [1-9]|npm ERR!|Module not found|Failed to compile|Build error|heap out of memory|Test timed out|Something went wrong|\bE[A-Z]{3,}: /;
/** Lines that say something failed without saying what: a more specific line below wins. */
const GENERIC_LINE =
  /^(?:FAIL|FAILED|ERROR)\b|\b\d+ failed\b|^Tests?:?\s|^Error: expect\(|Build error occurred|Failed to compile|exit (?:code|status)|exited with code|Something went wrong|^npm ERR! (?!code)|^Traceback\b|^<--- /;
const PASS_LINE = /\b(?:\d+ passed|all tests pass|tests? passed|0 failed|ok \(|✓|PASS\b|Tests:\s+\d+ passed)/i;
const DETAIL_LINE = /^(?:Expected|Received|expected|received|actual|Actual)\s*:/;
const FILE_REF = /(?:^|[\s('"`])\.?\/?((?:[\w@.-]+\/)*[\w@-][\w@.-]*\.[A-Za-z]{1,5})(?::\d+|\(\d+)/g;

export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = headOf(t, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("。"));
  return (end > max * 0.5 ? cut.slice(0, end + 1) : `${headOf(cut, max - 1)}…`).trim();
}

/** The line that best names the error: the first specific one, else the first generic one, with an assertion's expected/received. */
export function errorLine(text: string): string | undefined {
  const lines = text.split("\n").map((l) => l.trim());
  let first: number | undefined;
  let specific: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!l || !ERROR_LINE.test(l) || PASS_LINE.test(l)) continue;
    first ??= i;
    if (!GENERIC_LINE.test(l)) {
      specific = i;
      break;
    }
  }
  const at = specific ?? first;
  if (at === undefined) return undefined;
  const details = lines.slice(at + 1, at + 6).filter((l) => DETAIL_LINE.test(l));
  // pytest's progress column ("FAILED [ 33%]") differs between runs of the same failing test.
  // The column is cut off first, then the spaces before it: one pattern for both backtracks polynomially.
  const line = lines[at].replace(/\[\s*\d{1,3}%\]$/, "").trimEnd();
  return clip(details.length ? `${line} (${details.join(", ")})` : line, 200);
}

export function targetOf(call: ToolCall): string {
  const v = call.input.filePath ?? call.input.file_path ?? call.input.path ?? call.input.command ?? call.input.pattern ?? "";
  return typeof v === "string" ? v.trim().replace(/\s+/g, " ") : "";
}

export function failed(call: ToolCall): string | undefined {
  // A failed command's error often starts with "Exit code 1" and holds the output below it: the
  // line naming the error (a failing test, an exception) says more than the exit code.
  if (call.status === "error") {
    const first = clip(call.error.split("\n").find((l) => l.trim()) ?? "error", 200);
    const line = errorLine(call.error);
    if (!line) return first;
    return /^exit code \d+$/i.test(first) ? clip(`${line} (${first})`, 200) : line;
  }
  if (call.tool === "bash") {
    const exit = /exit (?:code|status)[: ]+([1-9]\d*)/i.exec(call.output);
    const line = errorLine(call.output);
    if (exit || line) return line ?? `exit code ${exit?.[1]}`;
  }
  return undefined;
}

const EDIT_TOOLS = new Set(["edit", "write", "multiedit", "patch", "apply_patch", "str_replace_editor"]);

function editedFiles(call: ToolCall): string[] {
  if (!EDIT_TOOLS.has(call.tool) || call.status === "error") return [];
  const out: string[] = [];
  const target = call.input.filePath ?? call.input.file_path ?? call.input.path;
  if (typeof target === "string" && target) out.push(target);
  const patch = call.input.patchText ?? call.input.patch ?? call.input.diff;
  if (typeof patch === "string") for (const m of patch.matchAll(/^(?:\*\*\* (?:Add|Update) File: |\+\+\+ (?:b\/)?)(.+)$/gm)) out.push(m[1].trim());
  return out;
}

/** Files an error points at (`src/x.ts:14:12`, `x.ts(3,1)`), and the file of a failed edit. */
function filesNamed(call: ToolCall): string[] {
  const text = `${call.output}\n${call.error}`;
  const out = [...text.matchAll(FILE_REF)].map((m) => m[1]).filter((f) => !f.includes("node_modules"));
  if (EDIT_TOOLS.has(call.tool)) {
    const t = call.input.filePath ?? call.input.file_path ?? call.input.path;
    if (typeof t === "string") out.push(t);
  }
  return out;
}

const sameFile = (a: string, b: string) => {
  const x = path.normalize(a).replace(/^\.?\//, "");
  const y = path.normalize(b).replace(/^\.?\//, "");
  return x === y || x.endsWith(`/${y}`) || y.endsWith(`/${x}`);
};

/** Words of an error message a sentence can name it by: TypeError, TS2345, EACCES, a 3-digit status. */
function handles(message: string): string[] {
  return [...new Set(message.match(/\b[A-Z]\w*(?:Error|Exception)\b|\bTS\d{3,5}\b|\bE[A-Z]{3,}\b|\b[1-5]\d\d\b/g) ?? [])];
}

const FIX_EN =
  /\b(?:fixed|resolved|solved|(?:is|are) (?:gone|fixed|resolved)|no longer (?:fails?|errors?|crash(?:es)?|throws?|happens?|appears?|times? out)|works now|now works|passes now|now passes)\b/i;
const NOT_FIX_EN =
  /\bstill (?:fails?|failing|broken|wrong|red|crash\w*|throws?|errors?|times? out|hangs?|there|happens?|returns?)\b|\b(?:haven't|have not|hasn't|has not|didn't|did not|couldn't|could not|can't|cannot|not yet|unable to|yet to)\b.{0,25}\b(?:fix|resolv|solv)|\bnot (?:yet )?(?:fixed|resolved|solved)\b/i;
const FIX_HYPOTHETICAL = /\b(?:if|once|should|will|would|might|may|could|to be|to get|try to|trying to|needs? to be)\b.{0,20}\b(?:fix|resolv|solv)/i;
const FIX_ZH = /修复了|已修复|已经修复|修好了|已经修好|修好|解决了|已解决|已经解决|不再(?:报错|出现|失败|超时)|消失了|没(?:有)?再(?:报错|出现)/;
const NOT_FIX_ZH = /还没(?:有)?(?:修|解决|查清|搞定)|没有?(?:修好|解决)|未(?:修复|解决)|仍然|依旧|还是(?:报错|失败|乱码|返回|不行|有问题)|如果|要是/;

/** A claim that names no error ("fixed it", "问题解决了") is about the latest error only if it speaks of an error at all. */
const ERROR_WORD_EN = /\b(?:errors?|bugs?|failures?|failing|crash(?:es)?|timeouts?|exceptions?|issues?|problems?|it|this|that)\b/i;
const ERROR_WORD_ZH = /错误|报错|问题|失败|超时|崩溃|异常|这个|乱码/;

const RECAP_TICK = /^[✅✔☑✓]/u;

interface Claim {
  at: number;
  fixed: boolean;
  names: string[];
}

/** What the assistant says about errors: a fix claim or a "still failing", with the error words it names. */
function claimsIn(text: string, at: number): Claim[] {
  const out: Claim[] = [];
  for (const s of toSentences(text)) {
    if (s.code || /[?？]\s*$/.test(s.text)) continue;
    const t = s.text;
    const notFixed = s.lang === "zh" ? NOT_FIX_ZH.test(t) : NOT_FIX_EN.test(t);
    const fixed = !notFixed && (s.lang === "zh" ? FIX_ZH.test(t) : FIX_EN.test(t) && !FIX_HYPOTHETICAL.test(t));
    const names = handles(t);
    if (!names.length && !(s.lang === "zh" ? ERROR_WORD_ZH : ERROR_WORD_EN).test(t)) continue;
    // A ticked recap line ("✅ Fixed iOS networking issues") sums up earlier work, not the latest error.
    if (!names.length && RECAP_TICK.test(t)) continue;
    if (notFixed || fixed) out.push({ at, fixed, names });
  }
  return out;
}

export function errorsOf(turns: readonly Turn[]): ErrorItem[] {
  return runAll(errorsSteps(turns));
}

/** `errorsOf` as steps: one a turn, one an error weighed against what came after it (lib/slices.ts). */
export function* errorsSteps(turns: readonly Turn[]): Steps<ErrorItem[]> {
  // One event list in session order: a turn's prose sits before its own tool calls.
  const calls: { call: ToolCall; at: number }[] = [];
  const claims: Claim[] = [];
  let pos = 0;
  for (const turn of turns) {
    if (turn.role === "assistant" && turn.text) claims.push(...claimsIn(turn.text, pos));
    for (const call of turn.tools) if (call.tool !== "todowrite" && call.tool !== "read") calls.push({ call, at: ++pos });
    yield;
  }
  const info: { call: ToolCall; at: number; key: string; message: string | undefined; isTest: boolean; edited: string[] }[] = [];
  for (const { call, at } of calls) {
    const target = targetOf(call);
    info.push({
      call,
      at,
      key: `${call.tool}\u0000${target}`,
      message: failed(call),
      isTest: call.tool === "bash" && TEST_COMMAND.test(target),
      edited: editedFiles(call),
    });
    yield;
  }

  const items: (ErrorItem & { at: number })[] = [];
  for (const c of info) {
    if (!c.message) continue;
    const named = filesNamed(c.call);
    let state = { fixed: false, at: c.at };
    const evidence = (at: number, fixed: boolean) => {
      if (at > c.at && at >= state.at) state = { fixed, at };
    };
    for (const later of info) {
      if (later.at <= c.at) continue;
      if (!later.message && (later.key === c.key || (c.isTest && later.isTest))) evidence(later.at, true);
      if (named.length && later.edited.some((f) => named.some((n) => sameFile(f, n)))) evidence(later.at, true);
    }
    const mine = handles(c.message);
    for (const claim of claims) {
      if (claim.at < c.at) continue;
      const aboutThis = claim.names.length ? claim.names.some((n) => mine.includes(n)) : !info.some((o) => o.message && o.at > c.at && o.at <= claim.at);
      if (aboutThis) evidence(claim.at + 0.5, claim.fixed);
    }
    const existing = items.find((i) => i.message === c.message);
    if (existing) Object.assign(existing, { at: c.at, fixed: state.fixed });
    else items.push({ at: c.at, tool: c.call.tool, message: c.message, fixed: state.fixed });
    yield;
  }
  // Open errors first (they matter most), then the most recent.
  return items
    .sort((a, b) => Number(a.fixed) - Number(b.fixed) || b.at - a.at)
    .slice(0, MAX_ITEMS)
    .map(({ tool, message, fixed }) => ({ tool, message, fixed }));
}
