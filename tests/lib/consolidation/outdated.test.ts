import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { actOnInbox } from "../../../lib/consolidation/act";
import { consolidate } from "../../../lib/consolidation/consolidate";
import { applyProposal, undoLastAction } from "../../../lib/consolidation/decide";
import { listInbox } from "../../../lib/consolidation/inbox";
import { updateMemoryInput } from "../../../lib/contracts/memories";
import { archiveMemory, createMemory, getMemory, updateMemory } from "../../../lib/memories";
import type { Category } from "../../../lib/vocabulary";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

// Proposals whose memories changed after they were made are closed as outdated (with the
// reason): at the next run, when the inbox is listed, and when approved, instead of a 409.
let ctx: ReturnType<typeof testCtx>;
let dir: string;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
  dir = tempDir("recollect-outdated-");
});
afterAll(() => ctx?.close());

const DAY = 86_400_000;
let clock = Date.now() - 30 * DAY;
function remember(content: string, category: Category = "fact") {
  const m = createMemory(ctx, { content, category, directory: dir }).memory;
  clock += DAY;
  ctx.sqlite.prepare("UPDATE memories SET created_at = ?, updated_at = ? WHERE id = ?").run(clock, clock, m.id);
  return m.id;
}

const proposal = (id: string) =>
  ctx.sqlite.prepare("SELECT status, closed_reason, memory_ids FROM proposals WHERE id = ?").get(id) as {
    status: string;
    closed_reason: string | null;
    memory_ids: string;
  };
const openOf = (kind: string) =>
  (ctx.sqlite.prepare("SELECT id, memory_ids FROM proposals WHERE status = 'open' AND kind = ?").all(kind) as { id: string; memory_ids: string }[]).map(
    (p) => ({ id: p.id, ids: JSON.parse(p.memory_ids) as string[] }),
  );

async function aMerge() {
  const a = remember("The CI pipeline runs the integration tests against a real Postgres 16 container.");
  const b = remember("CI runs the integration tests against a real Postgres container; it takes about 4 minutes.");
  await consolidate(ctx, {});
  const [merge] = openOf("merge");
  expect(merge?.ids.sort()).toEqual([a, b].sort());
  return { a, b, id: merge!.id };
}

describe("outdated proposals", () => {
  it("closes a proposal whose memory was edited when the inbox is listed, with the reason, and the memories can be proposed again", async () => {
    const { a, id } = await aMerge();
    updateMemory(ctx, a, updateMemoryInput.parse({ content: "Our CI pipeline runs the integration tests against a real Postgres 16 container." }));

    const inbox = listInbox(ctx);
    expect(inbox.items.some((i) => i.id === id)).toBe(false);
    expect(inbox.counts.proposals.merge).toBe(0);
    expect(proposal(id)).toMatchObject({ status: "outdated" });
    expect(proposal(id).closed_reason).toContain(`memory ${a} was edited since`);

    // Its fingerprint is free again: the memories as they are now are judged afresh.
    const again = await consolidate(ctx, {});
    expect(again.created).toBe(1);
    expect(openOf("merge")).toHaveLength(1);
    expect(openOf("merge")[0]!.id).not.toBe(id);
  });

  it("closes a supersession whose older memory was archived at the next run", async () => {
    const older = remember("Use npm for package management.", "decision");
    const newer = remember("Use pnpm for package management.", "decision");
    await consolidate(ctx, {});
    const [sup] = openOf("supersede");
    expect(sup?.ids).toEqual([newer, older]);

    archiveMemory(ctx, older);
    const run = await consolidate(ctx, {});
    expect(run.outdated).toBe(1);
    expect(proposal(sup!.id).status).toBe("outdated");
    expect(proposal(sup!.id).closed_reason).toContain(`memory ${older} is archived now (it was active)`);
    expect(openOf("supersede")).toHaveLength(0);
  });

  it("approving a proposal whose memories changed closes it as outdated and says why, instead of a 409; nothing is applied", async () => {
    const { a, b, id } = await aMerge();
    archiveMemory(ctx, b);
    const before = getMemory(ctx, a).content;

    const r = actOnInbox(ctx, [{ type: "proposal", id, action: "approve" }], "api");
    expect(r).toMatchObject({ done: 0, actionId: null });
    expect(r.outdated).toEqual([{ id, reason: `memory ${b} is archived now (it was active)` }]);
    expect(getMemory(ctx, a).content).toBe(before);
    expect(proposal(id).status).toBe("outdated");
  });

  it("a resolved blocker reopened since its expiry was proposed is not expired", async () => {
    const blocker = remember("Builds fail on the ARM runners because of the missing libvips binary.", "blocker");
    ctx.sqlite.prepare("UPDATE memories SET status = 'resolved', updated_at = ? WHERE id = ?").run(Date.now() - 200 * DAY, blocker);
    await consolidate(ctx, { daysStale: 0 });
    const [expire] = openOf("expire");
    expect(expire?.ids).toEqual([blocker]);

    updateMemory(ctx, blocker, updateMemoryInput.parse({ status: "active" }));
    expect(listInbox(ctx).items).toHaveLength(0);
    expect(proposal(expire!.id).closed_reason).toContain("is active now (it was resolved)");
  });

  it("an approved merge that is undone is open again and not taken for outdated", async () => {
    const { a, id } = await aMerge();
    applyProposal(ctx, id);
    expect(getMemory(ctx, a).status).toBe("archived"); // the older one; the newer keeps the merged text
    undoLastAction(ctx);
    expect(listInbox(ctx).items.map((i) => i.id)).toEqual([id]);
    expect(proposal(id).status).toBe("open");
  });
});
