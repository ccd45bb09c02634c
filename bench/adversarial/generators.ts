/**
 * Inputs made to stall parsers (issue 37): each generator builds about `chars` characters of one
 * family. The bench runs them all at full size against every target; tests/adversarial runs a
 * bounded form. Families: delimiter runs (the super-linear cases of marked's inline lexer), long
 * list items and paragraphs, deep nesting (blockquotes, lists, brackets, JSON), ordinary notes.
 */
export type Generator = (chars: number) => string;

const repeat = (unit: string, chars: number) => unit.repeat(Math.max(1, Math.ceil(chars / unit.length))).slice(0, chars);

export const SLOW_MARKDOWN: Record<string, Generator> = {
  "ghp_ runs (AGENTS.md)": (n) => repeat("ghp_", n),
  "a_ runs (a memory)": (n) => repeat("a_", n),
  "*a runs": (n) => repeat("*a", n),
  "**a runs": (n) => repeat("**a", n),
  "_a* mixed": (n) => repeat("_a*", n),
  "[ runs": (n) => repeat("[", n),
  "[a]( runs": (n) => repeat("[a](", n),
  "![ runs": (n) => repeat("![", n),
  "` runs": (n) => repeat("`a", n),
  "< runs": (n) => repeat("<a", n),
  "\\* escapes": (n) => repeat("\\*", n),
  "one long list item": (n) => `- ${repeat("word ", n - 2)}`,
  "list of long items": (n) => repeat(`- ${"word ".repeat(400)}\n`, n),
  "> runs (nesting)": (n) => repeat(">", n),
  "> > nesting": (n) => repeat("> ", n),
  "- - nesting": (n) => `${repeat("- ", n - 1)}x`,
  "nested list indent": (n) => {
    const lines: string[] = [];
    for (let i = 0, size = 0; size < n; i++) {
      const line = `${" ".repeat((i % 200) * 2)}- x`;
      lines.push(line);
      size += line.length + 1;
    }
    return lines.join("\n");
  },
  "table rows": (n) => `|a|b|\n|-|-|\n${repeat("|x|y|\n", n)}`,
  "link definitions": (n) => repeat("[a]: b\n", n / 2) + repeat("[a]", n / 2),
  "heading runs": (n) => repeat("#", n),
  "ordinary note": (n) =>
    repeat(
      "## Decisions\n\n- Events are stored in Postgres, not Kafka; see `docs/adr/0003.md` and [the ADR](https://example.com/adr).\n- Snapshots every **500** events, _never_ fewer.\n\nThe ledger service owns the stock table. Every command handler is idempotent.\n\n```sh\nnpm test\n```\n\n",
      n,
    ),
};

/** JSON nested `depth` deep, as an old tool output: `[[[…]]]` and `{"a":{"a":…}}`. */
export const deepJsonArray = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;
export const deepJsonObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
