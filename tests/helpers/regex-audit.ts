import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { check } from "recheck";
import ts from "typescript";

/**
 * The regex audit's parts (tests/lib/security/regex-audit.test.ts): every regular expression
 * literal in the code that runs, and recheck's automaton checker with the audit's settings. The
 * checker's verdicts are recorded in tests/lib/security/regex-verdicts.json, keyed by a hash of the
 * checker, its settings, the flags and the source, so a changed pattern or checker is never given an
 * old verdict: it is checked again. Write the file with `npx tsx tests/helpers/regex-audit.ts`.
 */
export const ROOT = path.resolve(import.meta.dirname, "../..");
const DIRS = ["lib", "app", "server", "plugin", "cli"];
export const VERDICTS_FILE = path.join(ROOT, "tests/lib/security/regex-verdicts.json");
const RECHECK_VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/recheck/package.json"), "utf8")).version;
/** The checker's time limit for one pattern: a large word alternation can take it all and end "unknown". */
export const CHECK_TIMEOUT_MS = 3_000;
const CHECKER = `recheck ${RECHECK_VERSION} automaton`;

export type Pattern = { source: string; flags: string; wheres: string[] };
export type Verdict = {
  status: "safe" | "vulnerable" | "unknown";
  /** "linear", "polynomial" or "exponential" when known; the checker's error kind when unknown. */
  detail: string;
  /** An attack string, for a vulnerable pattern. */
  attack?: string;
  /** The pattern as written, for a reader of the file (the key is what is compared). */
  pattern: string;
  /** The checker's time limit: a verdict is the same under any limit, "unknown: timeout" is not. */
  timeoutMs: number;
};
export type VerdictsFile = { checker: string; verdicts: Record<string, Verdict> };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function regexLiterals(file: string): { where: string; source: string; flags: string }[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const out: { where: string; source: string; flags: string }[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(sf);
      const end = text.lastIndexOf("/");
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      out.push({ where: `${path.relative(ROOT, file)}:${line}`, source: text.slice(1, end), flags: text.slice(end + 1) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The literals of lib, app, server, plugin, cli and proxy.ts, and their count before merging. */
export function codePatterns(): { literals: number; patterns: Pattern[] } {
  const literals = [...DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d))), path.join(ROOT, "proxy.ts")].flatMap(regexLiterals);
  // A pattern written in several places (about one in seven) is checked once: same source and
  // flags, same verdict, and every place is named.
  const places = new Map<string, Pattern>();
  for (const r of literals) {
    const key = `${r.flags}/${r.source}`;
    const seen = places.get(key);
    if (seen) seen.wheres.push(r.where);
    else places.set(key, { source: r.source, flags: r.flags, wheres: [r.where] });
  }
  return { literals: literals.length, patterns: [...places.values()] };
}

export function verdictKey(p: { source: string; flags: string }): string {
  return createHash("sha256").update(`${CHECKER}\0${p.flags}\0${p.source}`).digest("hex").slice(0, 24);
}

/** recheck's verdict with the audit's settings; one pattern at a time (checks sent together queue and time out). */
export async function checkPattern(p: { source: string; flags: string }, timeoutMs = CHECK_TIMEOUT_MS): Promise<Verdict> {
  // recheck knows the flags of its JavaScript version; `d` (indices) does not change matching.
  const r = await check(p.source, p.flags.replace("d", ""), { checker: "automaton", timeout: timeoutMs });
  const pattern = `/${p.source}/${p.flags}`;
  if (r.status === "vulnerable") return { status: r.status, detail: r.complexity.type, attack: r.attack.pattern, pattern, timeoutMs };
  if (r.status === "safe") return { status: r.status, detail: r.complexity.type, pattern, timeoutMs };
  return { status: "unknown", detail: r.error.kind, pattern, timeoutMs };
}

export function readVerdicts(): VerdictsFile {
  if (!fs.existsSync(VERDICTS_FILE)) return { checker: CHECKER, verdicts: {} };
  return JSON.parse(fs.readFileSync(VERDICTS_FILE, "utf8")) as VerdictsFile;
}

function save(verdicts: Record<string, Verdict>): void {
  const sorted = Object.fromEntries(Object.entries(verdicts).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(VERDICTS_FILE, `${JSON.stringify({ checker: CHECKER, verdicts: sorted } satisfies VerdictsFile, null, 2)}\n`);
}

/**
 * Checks every pattern of the code that has no verdict yet and drops the verdicts of patterns gone.
 * `--retry-timeouts <ms>` checks the patterns that ran out of time again with that longer limit
 * (a loaded machine runs out of time sooner; a longer limit can only turn "unknown" into a verdict).
 */
async function writeVerdicts(retryMs: number | undefined): Promise<void> {
  const { patterns } = codePatterns();
  const old = readVerdicts().verdicts;
  const verdicts: Record<string, Verdict> = {};
  let checked = 0;
  for (const p of patterns) {
    const key = verdictKey(p);
    const known = old[key];
    if (known) verdicts[key] = known;
    else {
      verdicts[key] = await checkPattern(p);
      checked++;
    }
  }
  save(verdicts);
  const gone = Object.keys(old).filter((k) => !(k in verdicts)).length;
  if (retryMs)
    for (const p of patterns) {
      const key = verdictKey(p);
      const v = verdicts[key]!;
      if (v.status !== "unknown" || v.detail !== "timeout" || v.timeoutMs >= retryMs) continue;
      verdicts[key] = await checkPattern(p, retryMs);
      console.log(`${verdicts[key].status} (${verdicts[key].detail}) with ${retryMs} ms: ${v.pattern.slice(0, 100)}`);
      save(verdicts); // after each, so an interrupted run keeps what it found
    }
  const count = (s: Verdict["status"]) => Object.values(verdicts).filter((v) => v.status === s).length;
  console.log(
    `${path.relative(ROOT, VERDICTS_FILE)}: ${patterns.length} patterns, ${checked} checked now, ${gone} gone; ` +
      `safe ${count("safe")}, unknown ${count("unknown")}, vulnerable ${count("vulnerable")}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const at = process.argv.indexOf("--retry-timeouts");
  await writeVerdicts(at > 0 ? Number(process.argv[at + 1]) : undefined);
}
