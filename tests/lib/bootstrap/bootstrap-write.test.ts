import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bootstrapProject, bootstrapProjectAsync } from "../../../lib/bootstrap/bootstrap";
import { bootstrapInput, type BootstrapResult } from "../../../lib/contracts/bootstrap";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

/**
 * Issue 37: the server's bootstrap decides every proposal (earlier runs, exact and near duplicates)
 * and computes index rows in slices; its write transaction only applies the plan. The same answer
 * and store as the one-transaction verb: a first run, a run after edits (rewrites and supersessions),
 * and nothing written when the write fails.
 */
const ctxs: ReturnType<typeof testCtx>[] = [];
afterEach(() => ctxs.splice(0).forEach((c) => c.close()));
const fresh = () => {
  const c = testCtx();
  ctxs.push(c);
  return c;
};

function project(root: string, edit: string) {
  const rules = Array.from({ length: 60 }, (_, i) => `- Rule ${i}: run \`make check-${i}\` before pushing (#${i})${i % 20 === 3 ? edit : ""}`);
  fs.writeFileSync(path.join(root, "AGENTS.md"), `# Agents\n\n## Conventions\n\n${rules.join("\n")}\n`);
  fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "shop", scripts: { test: "vitest run", build: "tsc -b" } }));
  fs.writeFileSync(path.join(root, "README.md"), `# Shop\n\nAn online shop.${edit}\n\n## Setup\n\nRun \`npm ci\` first.\n`);
}

function store(c: ReturnType<typeof testCtx>) {
  const order = new Map((c.sqlite.prepare("SELECT id FROM memories ORDER BY seq").pluck().all() as string[]).map((id, i) => [id, i]));
  const id = (v: unknown) => order.get(v as string) ?? v;
  return {
    memories: (c.sqlite.prepare("SELECT id, title, content, tags, status, category FROM memories ORDER BY seq").all() as { id: string }[]).map((r) => ({
      ...r,
      id: id(r.id),
    })),
    links: (c.sqlite.prepare("SELECT from_id, to_id, kind FROM memory_links ORDER BY rowid").all() as { from_id: string; to_id: string }[]).map((r) => ({
      ...r,
      from_id: id(r.from_id),
      to_id: id(r.to_id),
    })),
    fts: c.sqlite.prepare("SELECT rowid FROM memory_fts WHERE memory_fts MATCH 'rule' ORDER BY rowid").pluck().all(),
  };
}

const withoutIds = (r: BootstrapResult) => ({
  ...r,
  projectId: typeof r.projectId,
  directory: typeof r.directory,
  proposals: r.proposals.map(({ id, replaces, ...p }) => ({ ...p, id: typeof id, replaces: typeof replaces })),
});

describe("the server's bootstrap: planned in slices, written in one transaction", () => {
  it("gives the same answer and store as the one-transaction verb, first and after edits", async () => {
    const [rootA, rootB] = [tempDir("boot-a-"), tempDir("boot-b-")];
    const [a, b] = [fresh(), fresh()];
    for (const [edit, review] of [
      ["", false],
      [" (changed)", true],
      [" (changed again)", false],
    ] as const) {
      project(rootA, edit);
      project(rootB, edit);
      const sync = bootstrapProject(a, bootstrapInput.parse({ directory: rootA }));
      const sliced = await bootstrapProjectAsync(b, bootstrapInput.parse({ directory: rootB }));
      expect(withoutIds(sliced)).toEqual(withoutIds(sync));
      expect(store(b)).toEqual(store(a));
      // Reviewed: the next change supersedes instead of rewriting.
      if (review) for (const c of [a, b]) c.sqlite.exec("UPDATE memories SET status = 'active'");
    }
    const last = store(b);
    expect(last.fts.length).toBeGreaterThan(50);
    expect(last.links.length).toBeGreaterThan(0);
  });

  it("writes nothing when the write fails part way", async () => {
    const root = tempDir("boot-fail-");
    project(root, "");
    const c = fresh();
    // A trigger of the file, not TEMP: the write runs on a connection of its own (lib/db/sliced-write.ts).
    c.sqlite.exec("CREATE TRIGGER fail_boot BEFORE INSERT ON memories WHEN new.content LIKE '%Rule 50:%' BEGIN SELECT RAISE(ABORT, 'disk trouble'); END");
    await expect(bootstrapProjectAsync(c, bootstrapInput.parse({ directory: root }))).rejects.toThrow(/disk trouble/);
    c.sqlite.exec("DROP TRIGGER fail_boot");
    expect(c.sqlite.prepare("SELECT count(*) FROM memories").pluck().get()).toBe(0);
    expect(c.sqlite.prepare("SELECT count(*) FROM memory_fts").pluck().get()).toBe(0);
  });
});
