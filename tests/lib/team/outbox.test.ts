import { describe, expect, it } from "vitest";
import { updateMemoryInput } from "../../../lib/contracts/memories";
import { createMemory, updateMemory } from "../../../lib/memories";
import { shareProject } from "../../../lib/team/share";
import { tempDir } from "../../helpers/server";
import { ctxsClosedAfterEach } from "../../helpers/ctxs";

// The team outbox on a real SQLite file: what a shared project queues for the hub. A suggestion
// (the extractor's, waiting in the inbox) is not the team's until someone approves it.
const fresh = ctxsClosedAfterEach();

describe("the team outbox", () => {
  it("queues active memories of a shared project, never a suggestion until it is approved", () => {
    const ctx = fresh();
    const directory = tempDir("recollect-outbox-");
    const seed = createMemory(ctx, { content: "Releases are tagged from main only.", directory }).memory;
    createMemory(ctx, { content: "A suggestion from before the share.", directory, status: "suggested" });
    const shared = shareProject(ctx, { directory, name: "acme" });
    const queued = () => (ctx.sqlite.prepare("SELECT DISTINCT memory_id AS id FROM team_outbox ORDER BY id").all() as { id: string }[]).map((r) => r.id);
    const states = () => ctx.sqlite.prepare("SELECT memory_id AS id, state FROM team_memories").all() as { id: string; state: string }[];
    expect(shared.queued).toBe(1);
    expect(queued()).toEqual([seed.id]);

    const active = createMemory(ctx, { content: "The staging VPN profile is acme-stage.", directory }).memory;
    const suggested = createMemory(ctx, { content: "Maybe the nightly job should move to 3am.", directory, status: "suggested" }).memory;
    updateMemory(ctx, suggested.id, updateMemoryInput.parse({ content: "Maybe the nightly job should move to 4am." }));
    expect(queued()).toEqual([seed.id, active.id].sort());
    expect(states().map((s) => s.id)).not.toContain(suggested.id);

    // Approved (its status becomes active): now it is the team's and goes with the next push.
    updateMemory(ctx, suggested.id, updateMemoryInput.parse({ status: "active" }));
    expect(queued()).toContain(suggested.id);
    expect(states().find((s) => s.id === suggested.id)?.state).toBe("pending");
  });
});
