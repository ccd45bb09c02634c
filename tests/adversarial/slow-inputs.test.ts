import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SLOW_MARKDOWN } from "../../bench/adversarial/generators";
import { bootstrapProject } from "../../lib/bootstrap/bootstrap";
import { bootstrapInput } from "../../lib/contracts/bootstrap";
import { ingestNotesInput } from "../../lib/contracts/notes";
import { markdownSections } from "../../lib/markdown/sections";
import { ingestNotes } from "../../lib/notes/ingest-notes";
import { splitNotes } from "../../lib/notes/split";
import { renderMarkdown } from "../../lib/views/markdown";
import { testCtx } from "../helpers/ctx";
import { tempDir } from "../helpers/server";

/**
 * Issue 37, findings 3 and 7 (Markdown): inputs that held the server for seconds to minutes in
 * marked's lexer (100 KB of `ghp_ghp_…` in AGENTS.md: 55.6 s of bootstrap; an ordinary 2 MB note:
 * 164 s of ingest; a 50,000-character memory of `a_a_…`: 6-8 s a view) or overflowed its stack
 * (2,000 `>`). No timing assertions: the per-test timeout is the guard, as in
 * tests/lib/security/linear-time.test.ts, and each test checks the answer too. The full sizes run
 * in bench/adversarial.
 */
// Generous for a loaded 2-core machine; the old parser took minutes over these families.
const FAST = { timeout: 60_000 };

const ctxs: ReturnType<typeof testCtx>[] = [];
afterEach(() => ctxs.splice(0).forEach((c) => c.close()));
const fresh = () => {
  const c = testCtx();
  ctxs.push(c);
  return c;
};
function folder(files: Record<string, string>): string {
  const root = tempDir("adversarial-md-");
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe("Markdown in linear time", () => {
  it("sections: every slow family at 100 KB, with its text kept", FAST, () => {
    for (const [name, make] of Object.entries(SLOW_MARKDOWN)) {
      const text = make(100_000);
      const sections = markdownSections(text);
      const kept = sections.flatMap((s) => [s.heading ?? "", ...s.blocks.map((b) => b.text)]).join("");
      // A file of nothing but link definitions has no text; every other family keeps some.
      if (name !== "link definitions") expect(kept.length, name).toBeGreaterThan(0);
    }
  });

  it("sections: 2,000 `>` is one quote, not a stack overflow; headings, items and line numbers as before", FAST, () => {
    expect(markdownSections(">".repeat(2000))).toEqual([
      { heading: null, depth: 0, line: 1, path: [], blocks: [{ kind: "quote", text: ">".repeat(1999), line: 1, lang: "" }] },
    ]);
    const doc =
      "---\ntitle: x\n---\n# Rules\n\n- never push to main\n- prefer `rg`\n  over grep\n\n## Setup\n\n```sh\nnpm ci\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n";
    const sections = markdownSections(doc);
    expect(sections.map((s) => [s.heading, s.line, s.path])).toEqual([
      ["Rules", 4, ["Rules"]],
      ["Setup", 10, ["Rules", "Setup"]],
    ]);
    expect(sections[0].blocks).toEqual([
      { kind: "item", text: "never push to main", line: 6, lang: "" },
      { kind: "item", text: "prefer `rg`\nover grep", line: 7, lang: "" },
    ]);
    expect(sections[1].blocks).toEqual([
      { kind: "code", text: "npm ci", line: 12, lang: "sh" },
      { kind: "table", text: "| a | b |\n|---|---|\n| 1 | 2 |", line: 16, lang: "" },
    ]);
  });

  it("rendering: every slow family at 50,000 characters (a memory's limit); 2,000 `>` shown as text", FAST, () => {
    for (const [name, make] of Object.entries(SLOW_MARKDOWN)) expect(renderMarkdown(make(50_000)).length, name).toBeGreaterThan(0);
    expect(renderMarkdown("a_".repeat(25_000))).toContain("a_a_");
    const deep = renderMarkdown(`${">".repeat(2000)} deep`);
    expect(deep).toContain("&gt;&gt;&gt;");
    expect(deep).toContain("deep");
    // Past the cap: escaped plain text, never parsed.
    expect(renderMarkdown(`<b>${"x".repeat(200_000)}`)).toMatch(/^<pre[^>]*>&lt;b&gt;x/);
    // Still Markdown, still safe.
    expect(renderMarkdown("# T\n\n**b** [x](javascript:alert(1)) [y](https://e.x) <script>1</script>")).toBe(
      '<h1>T</h1>\n<p><strong>b</strong> [x](javascript:alert(1)) <a href="https://e.x" rel="noreferrer noopener">y</a> &lt;script&gt;1&lt;/script&gt;</p>\n',
    );
  });

  it("notes ingest: an ordinary 2 MB note and a 2 MB note of `ghp_` runs", { timeout: 60_000 }, () => {
    const ctx = fresh();
    const root = folder({
      "notes/big.md": SLOW_MARKDOWN["ordinary note"](2 * 1024 * 1024 - 100),
      "notes/runs.md": `# Runs\n\n${SLOW_MARKDOWN["ghp_ runs (AGENTS.md)"](2 * 1024 * 1024 - 100)}\n`,
    });
    const r = ingestNotes(ctx, ingestNotesInput.parse({ path: path.join(root, "notes"), scope: "global", dryRun: true }));
    expect(r.files).toBe(2);
    expect(r.notes.some((n) => n.title === "Decisions")).toBe(true);
    expect(r.notes.some((n) => n.title === "Runs")).toBe(true);
    expect(splitNotes("a.md", `# A\n\n${">".repeat(2000)}\n`)).toHaveLength(1);
  });

  it("bootstrap: a 100 KB AGENTS.md of `ghp_ghp_…` and one of 2,000 `>`", FAST, () => {
    const ctx = fresh();
    const dir = folder({
      "AGENTS.md": `# Rules\n\n- Never commit to main.\n\n${SLOW_MARKDOWN["ghp_ runs (AGENTS.md)"](100_000)}\n`,
      "pkg/CLAUDE.md": `# Gotchas\n\n${">".repeat(2000)}\n\n- Always run the linter.\n`,
      "package.json": '{"name":"x"}',
    });
    const r = bootstrapProject(ctx, bootstrapInput.parse({ directory: dir, dryRun: true }));
    expect(r.proposals.some((p) => p.content === "Never commit to main.")).toBe(true);
    expect(r.proposals.some((p) => p.content === "Always run the linter.")).toBe(true);
  });
});
