import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bootstrapProject } from "../../../lib/bootstrap/bootstrap";
import { bootstrapInput, type BootstrapResult } from "../../../lib/contracts/bootstrap";
import { createMemory, getMemory, listLinks } from "../../../lib/memories";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { LINEAR } from "../../helpers/linear";

const ctxs: ReturnType<typeof testCtx>[] = [];
afterEach(() => ctxs.splice(0).forEach((c) => c.close()));
const fresh = () => {
  const c = testCtx();
  ctxs.push(c);
  return c;
};

/** Writes a project's files into a new temporary directory. */
function repo(files: Record<string, string>): string {
  const root = tempDir("bootstrap-repo-");
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}
const run = (ctx: ReturnType<typeof testCtx>, directory: string, dryRun = false) => bootstrapProject(ctx, bootstrapInput.parse({ directory, dryRun }));
const find = (r: BootstrapResult, content: string | RegExp) =>
  r.proposals.find((p) => (typeof content === "string" ? p.content === content : content.test(p.content)));

const NODE = {
  "AGENTS.md":
    "# Agent guide\n\n## Rules\n\n- Never commit directly to main.\n- Prefer small pull requests.\n- Tests live next to the code.\n\n## Gotchas\n\n- The dev server caches env vars: restart it after editing .env.\n",
  "CLAUDE.md": "# Claude\n\n- Never commit directly to main.\n- Use `pnpm`, not npm.\n",
  ".cursor/rules/style.mdc": "---\ndescription: style\nglobs: src/**\n---\n# Style\n\n- Always use named exports.\n",
  "package.json": JSON.stringify(
    {
      name: "shop",
      packageManager: "pnpm@9.1.0",
      engines: { node: ">=20" },
      scripts: { test: "vitest run", lint: "biome check ." },
      dependencies: { next: "16.0.0", react: "19.0.0" },
      devDependencies: { typescript: "5.9.0" },
    },
    null,
    2,
  ),
  "tsconfig.json": '{\n  // comments are allowed\n  "compilerOptions": { "strict": true, "noUncheckedIndexedAccess": true }\n}\n',
  "biome.json": '{ "formatter": { "indentStyle": "space", "lineWidth": 140 } }\n',
  ".editorconfig": "root = true\n\n[*]\nindent_style = space\nindent_size = 2\n",
  ".github/workflows/ci.yml":
    "name: ci\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: pnpm install --frozen-lockfile\n      - run: pnpm test\n",
  "README.md": "# Shop\n\n## Getting started\n\n```sh\n$ pnpm install\n$ pnpm dev\n```\n\n## About\n\n- not a rule\n",
  "CONTRIBUTING.md": "# Contributing\n\n- Sign off every commit.\n",
  "src/index.ts": "export const x = 1;\n",
  "src/app.tsx": "export const App = () => null;\n",
  "node_modules/dep/AGENTS.md": "- Never read me.\n",
};

describe("bootstrap", () => {
  it("a Node project: instructions, commands, stack and README, each with its file:line, as suggested project memories", () => {
    const ctx = fresh();
    const dir = repo(NODE);
    const r = run(ctx, dir);
    expect(r.dryRun).toBe(false);
    expect(r.files).toBe(Object.keys(NODE).length - 1); // node_modules skipped

    expect(find(r, "Never commit directly to main.")).toMatchObject({ category: "constraint", source: "AGENTS.md:5", outcome: "new" });
    expect(find(r, "Prefer small pull requests.")).toMatchObject({ category: "preference", source: "AGENTS.md:6" });
    expect(find(r, "Tests live next to the code.")).toMatchObject({ category: "constraint", source: "AGENTS.md:7" });
    expect(find(r, /restart it after editing/)).toMatchObject({ category: "gotcha", source: "AGENTS.md:11" });
    // CLAUDE.md repeats AGENTS.md: proposed once.
    expect(r.proposals.filter((p) => p.content === "Never commit directly to main.")).toHaveLength(1);
    expect(find(r, "Use `pnpm`, not npm.")).toMatchObject({ source: "CLAUDE.md:4" });
    expect(find(r, "Always use named exports.")).toMatchObject({ category: "constraint", source: ".cursor/rules/style.mdc:7" });
    expect(find(r, "Never read me.")).toBeUndefined();

    expect(find(r, /`pnpm test` runs `vitest run`/)).toMatchObject({ category: "procedure", source: "package.json:8" });
    expect(find(r, /`pnpm run lint` runs `biome check \.`/)).toMatchObject({ category: "procedure", source: "package.json:9" });
    expect(find(r, /package manager is pnpm@9\.1\.0/)).toMatchObject({ category: "fact", source: "package.json:3" });
    expect(find(r, /Requires node >=20/)).toMatchObject({ category: "fact" });
    expect(find(r, /CI \(\.github\/workflows\/ci\.yml, job test\) runs `pnpm install --frozen-lockfile`/)).toMatchObject({
      source: ".github/workflows/ci.yml:8",
    });
    expect(find(r, /Uses next 16\.0\.0/)).toMatchObject({ category: "fact" });
    expect(find(r, /TypeScript is strict \(tsconfig\.json: strict: true, noUncheckedIndexedAccess: true\)/)).toMatchObject({
      category: "convention",
      source: "tsconfig.json:3",
    });
    expect(find(r, /Biome, configured in biome\.json \(formatter\.indentStyle=space, formatter\.lineWidth=140\)/)).toBeDefined();
    expect(find(r, "Files * use indent_style = space, indent_size = 2 (.editorconfig).")).toMatchObject({ source: ".editorconfig:3" });
    expect(find(r, "The project is written in TypeScript.")).toBeDefined();
    expect(find(r, /Getting started \(README\.md\): `pnpm install`, then `pnpm dev`/)).toMatchObject({ category: "procedure", source: "README.md:5" });
    expect(find(r, "not a rule")).toBeUndefined();
    expect(find(r, "Sign off every commit.")).toMatchObject({ source: "CONTRIBUTING.md:3" });

    const stored = getMemory(ctx, find(r, "Never commit directly to main.")!.id!);
    expect(stored).toMatchObject({ status: "suggested", scope: "project", projectId: r.projectId, metadata: { source: "AGENTS.md:5" } });
    expect(stored.tags).toContain("bootstrap");
    expect(r.counts.new).toBe(r.proposals.length);
  });

  it("is deterministic, idempotent, and proposes a changed source line as an update", () => {
    const ctx = fresh();
    const dir = repo(NODE);
    const preview = run(ctx, dir, true);
    expect(preview.proposals.every((p) => p.outcome === "new" && !p.id)).toBe(true);
    const first = run(ctx, dir);
    expect(first.proposals.map((p) => [p.content, p.source])).toEqual(preview.proposals.map((p) => [p.content, p.source]));

    const second = run(ctx, dir);
    expect(second.counts).toEqual({ new: 0, updated: 0, unchanged: first.proposals.length, known: 0 });

    // A changed script (unreviewed proposal: rewritten in place), a changed rule the user accepted
    // (reviewed: a new proposal replacing it), a rule inserted above the others (only it is new).
    const test = find(first, /`pnpm test` runs/)!;
    const rule = find(first, "Prefer small pull requests.")!;
    ctx.sqlite.prepare("UPDATE memories SET status = 'active' WHERE id = ?").run(rule.id);
    const pkg = JSON.parse(NODE["package.json"]);
    pkg.scripts.test = "vitest run --coverage";
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg, null, 2));
    fs.writeFileSync(
      path.join(dir, "AGENTS.md"),
      NODE["AGENTS.md"]
        .replace("- Never commit", "- Run the linter first.\n- Never commit")
        .replace("Prefer small pull requests.", "Prefer pull requests under 300 lines."),
    );

    const third = run(ctx, dir);
    expect(third.counts).toMatchObject({ new: 1, updated: 2 });
    expect(find(third, "Run the linter first.")).toMatchObject({ outcome: "new", source: "AGENTS.md:5" });
    expect(find(third, /`pnpm test` runs `vitest run --coverage`/)).toMatchObject({ outcome: "updated", id: test.id });
    expect(getMemory(ctx, test.id!).content).toMatch(/--coverage/);
    const replaced = find(third, "Prefer pull requests under 300 lines.")!;
    expect(replaced).toMatchObject({ outcome: "updated", replaces: rule.id, source: "AGENTS.md:7" });
    expect(getMemory(ctx, replaced.id!)).toMatchObject({ status: "suggested", metadata: { bootstrap: { replaces: rule.id } } });
    expect(listLinks(ctx, replaced.id!)).toContainEqual(expect.objectContaining({ kind: "supersedes", to: rule.id }));
    expect(getMemory(ctx, rule.id!)).toMatchObject({ status: "active", content: "Prefer small pull requests." });
    // And again: nothing more.
    expect(run(ctx, dir).counts).toMatchObject({ new: 0, updated: 0 });
  });

  it("deduplicates against what the store already holds", () => {
    const ctx = fresh();
    const dir = repo(NODE);
    const mine = createMemory(ctx, { content: "Never commit directly to main.", category: "constraint", directory: dir }).memory;
    const global = createMemory(ctx, { content: "Sign off every commit.", category: "constraint" }).memory;
    const r = run(ctx, dir);
    expect(find(r, "Never commit directly to main.")).toMatchObject({ outcome: "known", id: mine.id });
    expect(find(r, "Sign off every commit.")).toMatchObject({ outcome: "known", id: global.id });
  });

  it("a Python project: pyproject, Makefile, CLAUDE.md", () => {
    const ctx = fresh();
    const dir = repo({
      "CLAUDE.md": "## Constraints\n\n- Type hints on every public function.\n",
      "pyproject.toml":
        '[project]\nname = "inv"\nrequires-python = ">=3.11"\ndependencies = ["fastapi>=0.110", "pydantic[email]>=2"]\n\n[project.scripts]\ninv = "inv.cli:main"\n\n[tool.ruff]\nline-length = 100\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n\n[tool.poetry]\nname = "inv"\n',
      Makefile: ".PHONY: test\nVAR := 1\n\ntest:\n\tpoetry run pytest -q\n\nlint: test\n\t@ruff check .\n",
      "inv/__init__.py": "",
      "inv/cli.py": "def main(): pass\n",
    });
    const r = run(ctx, dir);
    expect(find(r, "Type hints on every public function.")).toMatchObject({ category: "constraint", source: "CLAUDE.md:3" });
    expect(find(r, /Requires Python >=3\.11/)).toMatchObject({ category: "fact", source: "pyproject.toml:3" });
    expect(find(r, /`inv` command runs `inv\.cli:main`/)).toMatchObject({ source: "pyproject.toml:7" });
    expect(find(r, /Tests run with pytest: `poetry run pytest`/)).toMatchObject({ category: "procedure" });
    expect(find(r, /Uses fastapi >=0\.110/)).toMatchObject({ source: "pyproject.toml:4" });
    expect(find(r, /Uses pydantic >=2/)).toBeDefined();
    expect(find(r, /checked with ruff, configured in \[tool\.ruff\] of pyproject\.toml \(line-length=100\)/)).toMatchObject({ source: "pyproject.toml:9" });
    expect(find(r, '`make test` runs: `poetry run pytest -q` (Makefile target "test").')).toMatchObject({ source: "Makefile:4" });
    expect(find(r, '`make lint` runs: `ruff check .` (Makefile target "lint").')).toMatchObject({ source: "Makefile:7" });
    expect(r.proposals.some((p) => /make (VAR|\.PHONY)/.test(p.content))).toBe(false);
    expect(find(r, "The project is written in Python.")).toBeDefined();
  });

  it("a Go project: go.mod, justfile, Dockerfile, copilot instructions", () => {
    const ctx = fresh();
    const dir = repo({
      ".github/copilot-instructions.md": "- 不要在 handler 里直接访问数据库。\n- Wrap errors with fmt.Errorf and %w.\n",
      "go.mod": "module example.com/svc\n\ngo 1.22\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.10.0\n\tgolang.org/x/text v0.14.0 // indirect\n)\n",
      justfile: 'set shell := ["bash", "-c"]\n\ntest:\n    go test ./...\n',
      Dockerfile: 'FROM golang:1.22 AS build\nRUN go build -o /svc .\nFROM gcr.io/distroless/base\nCMD ["/svc"]\n',
      "main.go": "package main\n",
    });
    const r = run(ctx, dir);
    expect(find(r, "不要在 handler 里直接访问数据库。")).toMatchObject({ category: "constraint", source: ".github/copilot-instructions.md:1" });
    expect(find(r, /Go module example\.com\/svc \(go 1\.22\): build with `go build \.\/\.\.\.`, test with `go test \.\/\.\.\.`/)).toMatchObject({
      source: "go.mod:1",
    });
    expect(find(r, /Uses github\.com\/gin-gonic\/gin v1\.10\.0/)).toMatchObject({ source: "go.mod:6" });
    expect(find(r, /golang\.org\/x\/text/)).toBeUndefined();
    expect(find(r, '`just test` runs: `go test ./...` (justfile recipe "test").')).toMatchObject({ source: "justfile:3" });
    expect(find(r, /builds from golang:1\.22 AS build, then gcr\.io\/distroless\/base/)).toMatchObject({ source: "Dockerfile:1" });
    expect(find(r, /starts with CMD \["\/svc"\]/)).toMatchObject({ source: "Dockerfile:4" });
    expect(find(r, "The project is written in Go.")).toBeDefined();
  });

  it("reads a repository made to stall its parsers in linear time, and still finds what is there", LINEAR, () => {
    // Each line took seconds to minutes with the old patterns (a repository is anyone's text).
    const ctx = fresh();
    const dir = repo({
      "go.mod": `module example.com/svc\n\ngo 1.22\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.10.0\n\tv${"v.q/v".repeat(60_000)}v/\n)\n`,
      "pyproject.toml": `[project]\nname = "inv"\ndependencies = ["fastapi>=0.110", "-${"\\t".repeat(100_000)}\\nx"]\n`,
      ".editorconfig": `[*]\nindent_size = 2\n_=${"\t".repeat(10_000)}=${"\t".repeat(10_000)}\r=\n`,
      "main.go": "package main\n",
    });
    const r = run(ctx, dir);
    expect(find(r, /Uses github\.com\/gin-gonic\/gin v1\.10\.0/)).toBeDefined();
    expect(find(r, /Uses fastapi >=0\.110/)).toBeDefined();
    // The line with a lone `\r` in its value is not a setting (as before).
    expect(find(r, "Files * use indent_size = 2 (.editorconfig).")).toBeDefined();
  });

  it("refuses a directory that does not exist, naming the field", () => {
    const ctx = fresh();
    expect(() => run(ctx, path.join(tempDir(), "nope"))).toThrow(/directory: no directory/);
  });
});
