import { check } from "recheck";
import { describe, expect, it } from "vitest";
import { checkPattern, codePatterns, readVerdicts, type Verdict, verdictKey } from "../../helpers/regex-audit";

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
 *
 * The checker's verdicts are recorded in regex-verdicts.json, keyed by a hash of the checker's
 * version and settings, the flags and the source (tests/helpers/regex-audit.ts): a pattern whose
 * key is there gets its recorded verdict (a vulnerable one still fails), any other is checked here,
 * so an edited pattern or a new recheck is always checked again. The file is written by
 * `npx tsx tests/helpers/regex-audit.ts`, which checks what has no verdict and drops what is gone.
 */

/** Patterns that are super-linear in principle but only ever read short text, with the reason. */
const BOUNDED: Record<string, string> = {
  "::\\S+\\s+PASSED(?:\\s+\\[\\s*\\d+%\\])?\\s*$":
    "lib/compression/noise.ts: a pytest -v line; PASSING is only tried on lines shorter than 500 characters (`line.length < 500`)",
};

// Read once for the file: parsing every source file takes seconds.
const { literals, patterns } = codePatterns();
const recorded = readVerdicts().verdicts;

describe("regular expressions", () => {
  it("none backtracks super-linearly", { timeout: 240_000 }, async () => {
    expect(literals).toBeGreaterThan(400);
    const vulnerable: string[] = [];
    const checkedHere: string[] = [];
    for (const p of patterns) {
      // One at a time: checks sent together queue behind each other and time out as "unknown",
      // which hid two quadratic patterns. A large alternation of words (about 50 of them) takes the
      // checker longer than its 3 s: those read sentences of at most 400 characters.
      let verdict: Verdict | undefined = recorded[verdictKey(p)];
      if (!verdict) {
        verdict = await checkPattern(p);
        checkedHere.push(`${p.wheres[0]} /${p.source}/${p.flags}: ${verdict.status}`);
      }
      if (verdict.status === "vulnerable" && !(p.source in BOUNDED))
        vulnerable.push(`${p.wheres.join(", ")} /${p.source}/${p.flags}: ${verdict.detail}, e.g. ${verdict.attack}`);
    }
    if (checkedHere.length > 0)
      console.log(
        `regex audit: ${checkedHere.length} patterns without a recorded verdict, checked here (record them: npx tsx tests/helpers/regex-audit.ts):\n  ${checkedHere.join("\n  ")}`,
      );
    expect(vulnerable).toEqual([]);
    // The checker does find what it is here for.
    expect((await check("^([a-z_]+)\\s*=\\s*(.+?)\\s*$", "", { checker: "automaton" })).status).toBe("vulnerable");
  });

  it("the recorded verdicts are the checker's: a sample of them checked again agrees", { timeout: 300_000 }, async () => {
    // Ten safe ones, the first by key (a hash, so spread over the code) among patterns short enough
    // to be checked in milliseconds, and the vulnerable ones; with a limit loose enough that a
    // loaded machine still reaches the verdict.
    const entries = Object.entries(recorded);
    const sample = [
      ...entries.filter(([, v]) => v.status === "safe" && v.pattern.length <= 60).slice(0, 10),
      ...entries.filter(([, v]) => v.status === "vulnerable"),
    ];
    const byKey = new Map(patterns.map((p) => [verdictKey(p), p]));
    for (const [key, v] of sample) {
      const p = byKey.get(key);
      if (p) expect((await checkPattern(p, 30_000)).status, v.pattern).toBe(v.status);
    }
    expect(sample.length).toBeGreaterThan(10);
  });

  it("regex-verdicts.json holds no verdict of a pattern that is gone (rewrite it: npx tsx tests/helpers/regex-audit.ts)", () => {
    const current = new Set(patterns.map(verdictKey));
    const gone = Object.entries(recorded)
      .filter(([key]) => !current.has(key))
      .map(([, v]) => v.pattern);
    expect(gone).toEqual([]);
  });
});
