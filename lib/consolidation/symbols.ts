import { execFile } from "node:child_process";

/** At most this many distinct symbols are looked up per project and run (the rest stay unknown). */
const MAX_SYMBOLS = 300;
/** One lookup (a grep, a history search) is given up after this long: the symbol stays unknown. */
const LOOKUP_TIMEOUT_MS = 5_000;
/** All lookups of a project in one run stop after this long (the rest stay unknown). */
const PROJECT_BUDGET_MS = 30_000;

const IDENT = String.raw`[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*`;
const IN_BACKTICKS = new RegExp(String.raw`\x60(${IDENT})(?:\(\))?\x60`, "g");
const CALLED = new RegExp(String.raw`(?<![\w$.\/])(${IDENT})\(\)`, "g");
/** lowerCamel (parseEntities), snake_case with a lowercase start (content_hash). */
const CODE_LIKE = /(?<![\w$./-])([a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w$/-])/g;

/**
 * Function, class and variable names a memory mentions as code: in backticks (`loadConfig`,
 * `SessionStore.flush()`), called (`rotateKeys()`), or shaped like code (lowerCamel,
 * snake_case). A dotted name is looked up by its last part. Short names (under 4 characters)
 * and the file names the memory also names are left out.
 */
export function namedSymbols(text: string, files: readonly string[] = []): string[] {
  const out = new Set<string>();
  const add = (raw: string) => {
    if (files.some((f) => f.endsWith(raw))) return;
    const last = raw.split(".").pop() ?? raw;
    if (last.length >= 4) out.add(last);
  };
  for (const m of text.matchAll(IN_BACKTICKS)) add(m[1]!);
  for (const m of text.matchAll(CALLED)) add(m[1]!);
  for (const m of text.replace(/`[^`]*`/g, " ").matchAll(CODE_LIKE)) add(m[1]!);
  return [...out];
}

export type SymbolState = { state: "present" } | { state: "removed"; commit: string; subject: string } | { state: "unknown" };

/**
 * Looks symbols up in a project's git work tree, each once per run: present when `git grep`
 * finds it as a whole word in a tracked or untracked (not ignored) file; removed when it is not
 * there but the history has a commit that added or removed it (`git log -S`, newest first);
 * unknown otherwise (never in the code: a library's or a product's name), or past the bounds.
 * Only a removed symbol makes a memory stale. The lookups run in child processes, so the
 * event loop is free meanwhile.
 */
export function symbolLookup(root: string): (symbol: string) => Promise<SymbolState> {
  const cache = new Map<string, Promise<SymbolState>>();
  const started = Date.now();
  return (symbol) => {
    let hit = cache.get(symbol);
    if (!hit) {
      hit = cache.size >= MAX_SYMBOLS || Date.now() - started > PROJECT_BUDGET_MS ? Promise.resolve({ state: "unknown" }) : lookUp(root, symbol);
      cache.set(symbol, hit);
    }
    return hit;
  };
}

async function lookUp(root: string, symbol: string): Promise<SymbolState> {
  const grep = await git(root, ["grep", "-q", "-I", "-F", "-w", "--untracked", "-e", symbol]);
  if (grep.code === 0) return { state: "present" };
  if (grep.code !== 1) return { state: "unknown" };
  const log = await git(root, ["log", "-n", "1", "--format=%h%x00%s", `-S${symbol}`]);
  if (log.code !== 0 || !log.stdout.trim()) return { state: "unknown" };
  const [commit = "", subject = ""] = log.stdout.trim().split("\0");
  return { state: "removed", commit, subject };
}

function git(root: string, args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile("git", ["-c", "core.fsmonitor=false", "-C", root, ...args], { timeout: LOOKUP_TIMEOUT_MS, maxBuffer: 64 * 1024 }, (error, stdout) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolve({ code, stdout: String(stdout) });
    });
  });
}
