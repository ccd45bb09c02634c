import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { applyProposal, hasSkillFrontmatter, rejectProposal, undoLastAction } from "../../../lib/consolidation/decide";
import { distill, skillName } from "../../../lib/consolidation/distill";
import { createMemory } from "../../../lib/memories";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { LINEAR } from "../../helpers/linear";

let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
  dir = tempDir("recollect-proj-");
  execFileSync("git", ["-C", dir, "init", "-q"]);
});
afterAll(() => ctx?.close());

const RELEASE = [
  "Release the CLI: run `npm run build`, then `npm test`, bump the version with `npm version patch`, then `git push --follow-tags`.",
  "To ship a new CLI release: build it with npm run build, run npm test, then npm version patch and push the tags (git push --follow-tags).",
  "Releasing the CLI: `npm run build`, `npm test`, `npm version patch`, `git push --follow-tags`; check the tag on GitHub.",
];
/** A project memory that came from a session (extraction records the session in its metadata). */
const procedure = (content: string, sessionID: string) =>
  createMemory(ctx, { content, category: "procedure", directory: dir, metadata: { sessionID } }).memory.id;
const skillFile = (name: string) => path.join(dir, ".opencode", "skills", name, "SKILL.md");

describe("distill", () => {
  it("proposes a procedure recurring in three sessions as an OpenCode skill, written only when approved", async () => {
    const ids = RELEASE.map((c, i) => procedure(c, `ses_${i}`));
    procedure("Rotate the staging database password every quarter.", "ses_9");
    const result = await distill(ctx, {});
    expect(result).toMatchObject({ found: 1, created: 1 });
    const p = ctx.sqlite.prepare("SELECT id, evidence, suggestion, memory_ids FROM proposals WHERE kind = 'skill'").get() as {
      id: string;
      evidence: string;
      suggestion: string;
      memory_ids: string;
    };
    const { name } = JSON.parse(p.evidence) as { name: string };
    expect((JSON.parse(p.memory_ids) as string[]).sort()).toEqual([...ids].sort());
    expect(fs.existsSync(path.join(dir, ".opencode"))).toBe(false);

    applyProposal(ctx, p.id, { by: "ui" });
    const text = fs.readFileSync(skillFile(name), "utf8");
    // The format OpenCode loads: YAML frontmatter with a name matching the directory and a description.
    const front = /^---\nname: (.+)\ndescription: "(.+)"\n---\n/.exec(text)!;
    const meta = { name: front[1]!, description: front[2]! };
    expect(meta.name).toBe(name);
    expect(meta.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(meta.description.length).toBeGreaterThan(10);
    expect(meta.description.length).toBeLessThanOrEqual(1024);
    expect(text).toContain("## Steps");
    expect(text).toContain("git push --follow-tags");
    for (const id of ids) expect(text).toContain(id);

    // Undo removes the file it wrote.
    undoLastAction(ctx);
    expect(fs.existsSync(skillFile(name))).toBe(false);
  });

  it("does not propose a procedure seen in fewer sessions, nor a rejected skill again", async () => {
    procedure(RELEASE[0]!, "ses_a");
    procedure(RELEASE[1]!, "ses_a");
    procedure(RELEASE[2]!, "ses_b");
    expect((await distill(ctx, {})).found).toBe(0);
    procedure("CLI release steps: npm run build; npm test; npm version patch; git push --follow-tags; announce it in the channel.", "ses_c");
    const found = await distill(ctx, {});
    expect(found.created).toBe(1);
    const p = ctx.sqlite.prepare("SELECT id FROM proposals WHERE kind = 'skill'").get() as { id: string };
    rejectProposal(ctx, p.id);
    procedure("Cutting a CLI release means npm run build, npm test, npm version patch and then git push --follow-tags to publish.", "ses_d");
    expect((await distill(ctx, {})).created).toBe(0);
  });

  it("writes an edited skill only with frontmatter that has a name and a description, checked in linear time", LINEAR, () => {
    expect(hasSkillFrontmatter('---\nname: release\ndescription: "Cut a release"\n---\n## Steps\n')).toBe(true);
    expect(hasSkillFrontmatter("---\ndescription: >\n  Cut a release\nname: release\n---\n")).toBe(true);
    for (const bad of [
      "name: release\ndescription: x\n",
      "---\nname: release\n---\ndescription: x\n---\n",
      "---\nname:\ndescription: x\n---\n",
      "---\nname: x\ndescription: y\n",
    ])
      expect(hasSkillFrontmatter(bad)).toBe(false);
    // A lazy three-part pattern took seconds on 20 KB of this; 1 MB now.
    expect(hasSkillFrontmatter(`---\np${"--\nname:0".repeat(50_000)}${"--\ndescription:0".repeat(50_000)}`)).toBe(false);
  });

  it("names skills as OpenCode requires", () => {
    expect(skillName("Release the CLI: run `npm run build`")).toBe("release-cli-run-npm-run");
    expect(skillName("发布流程")).toMatch(/^procedure-[a-z0-9]+$/);
  });
});

describe("the automatic runs", () => {
  it("are due for a project never consolidated, then after everyDays or afterNewMemories new memories; distill monthly", async () => {
    const { dueRuns, runDue } = await import("../../../lib/consolidation/auto");
    createMemory(ctx, { content: "A first fact about the build.", category: "fact", directory: dir });
    const now = Date.now();
    expect(dueRuns(ctx, now).map((d) => d.kind)).toEqual(["consolidate", "distill"]);
    await runDue(ctx, now);
    expect(dueRuns(ctx, now)).toEqual([]);
    expect(dueRuns(ctx, now + 7 * 86_400_000).map((d) => [d.kind, d.why])).toEqual([["consolidate", "last run 7 days ago"]]);
    expect(dueRuns(ctx, now + 30 * 86_400_000).map((d) => d.kind)).toEqual(["consolidate", "distill"]);
    ctx.config.consolidation.afterNewMemories = 2;
    createMemory(ctx, { content: "A second fact about the deploy.", category: "fact", directory: dir });
    expect(dueRuns(ctx, now)).toEqual([]);
    createMemory(ctx, { content: "A third fact about the release train.", category: "fact", directory: dir });
    expect(dueRuns(ctx, now).map((d) => d.why)).toEqual(["2 new memories"]);
  });
});
