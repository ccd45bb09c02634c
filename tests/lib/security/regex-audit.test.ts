import fs from "node:fs";
import path from "node:path";
import { check } from "recheck";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every regular expression literal in the code that runs (lib, app, server, plugin, cli) through
 * recheck's automaton checker (https://makenowjust-labs.github.io/recheck/): none may backtrack
 * super-linearly. The patterns this found (a `mysql[a-z]*` anchor in redaction, a lazy
 * `<system-reminder>` block, the bootstrap's go.mod, pyproject and .editorconfig readers, a
 * skill's frontmatter, `^Bearer\s+(.+)$`) each took seconds to minutes on a crafted input.
 *
 * A pattern with lookaround is "unknown" to the automaton checker and passes here: those are
 * covered by linear-time.test.ts and redaction/scanner.test.ts, or only read bounded text (sentences of at
 * most 400 characters, lines of at most 400 or 2,000). A `new RegExp(...)` is not seen here.
 */
const ROOT = path.resolve(__dirname, "../../..");
const DIRS = ["lib", "app", "server", "plugin", "cli"];

/** Patterns that are super-linear in principle but only ever read short text, with the reason. */
const BOUNDED: Record<string, string> = {
  "::\\S+\\s+PASSED(?:\\s+\\[\\s*\\d+%\\])?\\s*$":
    "lib/compression/noise.ts: a pytest -v line; PASSING is only tried on lines shorter than 500 characters (`line.length < 500`)",
};

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

describe("regular expressions", () => {
  it("none backtracks super-linearly", { timeout: 240_000 }, async () => {
    const literals = [...DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d))), path.join(ROOT, "proxy.ts")].flatMap(regexLiterals);
    expect(literals.length).toBeGreaterThan(400);
    // One at a time: checks sent together queue behind each other and time out as "unknown",
    // which hid two quadratic patterns. A large alternation of words (about 15 of them) takes the
    // checker longer than its 3 s: those read sentences of at most 400 characters.
    // A pattern written in several places (about one in seven) is checked once: same source and
    // flags, same verdict, and every place is named.
    const places = new Map<string, { source: string; flags: string; wheres: string[] }>();
    for (const r of literals) {
      const key = `${r.flags}/${r.source}`;
      const seen = places.get(key);
      if (seen) seen.wheres.push(r.where);
      else places.set(key, { source: r.source, flags: r.flags, wheres: [r.where] });
    }
    const vulnerable: string[] = [];
    for (const r of places.values()) {
      // recheck knows the flags of its JavaScript version; `d` (indices) does not change matching.
      const result = await check(r.source, r.flags.replace("d", ""), { checker: "automaton", timeout: 3_000 });
      if (result.status === "vulnerable" && !(r.source in BOUNDED))
        vulnerable.push(`${r.wheres.join(", ")} /${r.source}/${r.flags}: ${result.complexity.type}, e.g. ${result.attack.pattern}`);
    }
    expect(vulnerable).toEqual([]);
    // The checker does find what it is here for.
    expect((await check("^([a-z_]+)\\s*=\\s*(.+?)\\s*$", "", { checker: "automaton" })).status).toBe("vulnerable");
  });
});
