import zlib from "node:zlib";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { consolidate } from "../../../lib/consolidation/consolidate";
import { applyProposal } from "../../../lib/consolidation/decide";
import { resumeQuery } from "../../../lib/contracts/checkpoints";
import { searchInput } from "../../../lib/contracts/search";
import { recallContextInput } from "../../../lib/contracts/context";
import { buildRecallBlock } from "../../../lib/injection/recall";
import { resumeContext } from "../../../lib/injection/resume";
import { buildStableBlock } from "../../../lib/injection/stable";
import { createMemory } from "../../../lib/memories";
import { supersessionChain } from "../../../lib/memories/superseded";
import { identifyProject } from "../../../lib/projects/identify";
import { searchMemories } from "../../../lib/search/search";
import { memoryDetail } from "../../../lib/views/detail";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
  dir = tempDir("recollect-proj-");
});
afterAll(() => ctx?.close());

/** npm (older, pinned) superseded by pnpm through an approved proposal. */
async function supersedeNpm() {
  const npm = createMemory(ctx, { content: "Use npm for package management.", category: "convention", pinned: true, directory: dir }).memory;
  ctx.sqlite.prepare("UPDATE memories SET created_at = created_at - 86400000 WHERE id = ?").run(npm.id);
  const pnpm = createMemory(ctx, { content: "Use pnpm for package management.", category: "convention", pinned: true, directory: dir }).memory;
  await consolidate(ctx, {});
  const p = ctx.sqlite.prepare("SELECT id FROM proposals WHERE kind = 'supersede'").get() as { id: string };
  return { npm, pnpm, proposalId: p.id };
}

describe("superseded memories", () => {
  it("are left out of the stable block, recall and resume once the supersession is approved", async () => {
    const { npm, pnpm, proposalId } = await supersedeNpm();
    const projectId = identifyProject(dir).id;
    // A checkpoint of another session that repeats the old decision.
    const extracted = {
      task: "set up the repo",
      latestRequest: null,
      progress: [],
      decisions: ["Use npm for package management.", "Keep the lockfile committed."],
      constraints: [],
      filesModified: [],
      errors: [],
      nextSteps: ["add the CI job"],
      criticalContext: [],
    };
    const insertCheckpoint = (id: string) =>
      ctx.sqlite
        .prepare(
          "INSERT INTO checkpoints (id, project_id, session_id, trigger, markdown, raw_messages, message_count, extracted) VALUES (?, ?, 'ses_old', 'manual', '', ?, 0, ?)",
        )
        .run(id, projectId, zlib.gzipSync("[]"), JSON.stringify(extracted));
    insertCheckpoint("cp1");

    // Before approval both are injected.
    expect(buildStableBlock(ctx, { directory: dir }).memoryIds.sort()).toEqual([npm.id, pnpm.id].sort());
    const recallBefore = await buildRecallBlock(ctx, recallContextInput.parse({ directory: dir, query: "which package management tool, npm?" }));
    expect(recallBefore.memoryIds).toContain(npm.id);
    // The resume block leaves it out while it is pinned: the pinned block already shows it (issue 40).
    const resumedBefore = resumeContext(ctx, resumeQuery.parse({ directory: dir, sessionID: "ses_1" })).block;
    expect(resumedBefore).toContain("Keep the lockfile committed.");
    expect(resumedBefore).not.toContain("Use npm for package management.");

    applyProposal(ctx, proposalId, { by: "ui" });
    expect(buildStableBlock(ctx, { directory: dir }).memoryIds).toEqual([pnpm.id]);
    const recall = await buildRecallBlock(ctx, recallContextInput.parse({ directory: dir, query: "which package management tool, npm?" }));
    expect(recall.memoryIds).not.toContain(npm.id);
    const resumed = resumeContext(ctx, resumeQuery.parse({ directory: dir, sessionID: "ses_2" }));
    expect(resumed.block).toContain("Keep the lockfile committed.");
    expect(resumed.block).not.toContain("Use npm for package management.");
  });

  it("search hides them unless asked, then says what superseded them; the detail page shows the chain", async () => {
    const { npm, pnpm, proposalId } = await supersedeNpm();
    applyProposal(ctx, proposalId, { by: "ui" });
    const plain = await searchMemories(ctx, searchInput.parse({ query: "package management", directory: dir }));
    expect(plain.results.map((r) => r.id)).toEqual([pnpm.id]);
    const asked = await searchMemories(ctx, searchInput.parse({ query: "package management", directory: dir, statuses: ["active", "superseded"] }));
    const old = asked.results.find((r) => r.id === npm.id)!;
    expect(old.supersededBy).toEqual([pnpm.id]);
    expect(asked.formatted).toContain(`(id ${npm.id}) (superseded by ${pnpm.id})`);

    expect(supersessionChain(ctx.sqlite, pnpm.id).map((c) => c.id)).toEqual([npm.id, pnpm.id]);
    expect(memoryDetail(ctx, npm.id)!.chain.map((c) => [c.id, c.status])).toEqual([
      [npm.id, "superseded"],
      [pnpm.id, "active"],
    ]);
  });
});
