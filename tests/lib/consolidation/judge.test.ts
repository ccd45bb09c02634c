import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { consolidate } from "../../../lib/consolidation/consolidate";
import { parseVerdict } from "../../../lib/consolidation/judge";
import { createMemory } from "../../../lib/memories";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { startFakeLlm, type FakeLlm } from "../extraction/fake-llm";

// The optional judge: with a memory model configured and consolidation.judgeMerges on, the model
// confirms each new merge before it is proposed (a fake OpenAI-compatible model on loopback).
let ctx: ReturnType<typeof testCtx>;
let dir: string;
let llm: FakeLlm;
beforeEach(async () => {
  ctx?.close();
  ctx = testCtx();
  dir = tempDir("recollect-judge-");
  llm = await startFakeLlm();
});
afterEach(async () => llm.close());
afterAll(() => ctx?.close());

function configure(judgeMerges: boolean, dailyTokenCap = 200_000) {
  Object.assign(ctx.config.extraction.llm, { enabled: true, baseUrl: llm.baseUrl, model: "fake-judge", dailyTokenCap });
  ctx.config.consolidation.judgeMerges = judgeMerges;
}

const remember = (content: string) => createMemory(ctx, { content, category: "fact", directory: dir }).memory.id;
function aDuplicatePair() {
  remember("The CI pipeline runs the integration tests against a real Postgres 16 container.");
  remember("CI runs the integration tests against a real Postgres container; it takes about 4 minutes.");
}
const merges = () =>
  (ctx.sqlite.prepare("SELECT evidence FROM proposals WHERE kind = 'merge'").all() as { evidence: string }[]).map(
    (r) => JSON.parse(r.evidence) as { judge?: Record<string, unknown> },
  );

describe("consolidate: the memory model as a judge of merges", () => {
  it("is off by default: no call, the merge is proposed", async () => {
    expect(ctx.config.consolidation.judgeMerges).toBe(false);
    configure(false);
    aDuplicatePair();
    const run = await consolidate(ctx, {});
    expect(run.created).toBe(1);
    expect(run.judge).toBeUndefined();
    expect(llm.requests).toHaveLength(0);
  });

  it("a merge the model refuses is not proposed; one it confirms carries its answer", async () => {
    configure(true);
    aDuplicatePair();
    llm.answers = [{ content: '{"same": false, "why": "one adds the duration"}' }];
    const refused = await consolidate(ctx, {});
    expect(refused.judge).toEqual({ asked: 1, confirmed: 0, refused: 1, notJudged: 0 });
    expect(refused.created).toBe(0);
    expect(refused.found.merge).toBe(0);
    const sent = llm.requests[0]!.body as { model: string; messages: { role: string; content: string }[] };
    expect(sent.model).toBe("fake-judge");
    expect(sent.messages[1]!.content).toContain("Postgres 16 container");

    llm.answers = [{ content: '```json\n{"same": true, "why": "both say CI tests run against Postgres"}\n```' }];
    const confirmed = await consolidate(ctx, {});
    expect(confirmed.judge).toEqual({ asked: 1, confirmed: 1, refused: 0, notJudged: 0 });
    expect(merges()).toEqual([expect.objectContaining({ judge: { model: "fake-judge", same: true, why: "both say CI tests run against Postgres" } })]);

    // Stored: the next run does not ask about it again.
    await consolidate(ctx, {});
    expect(llm.requests).toHaveLength(2);
  });

  it("past the daily token cap it does not call, and proposes the merge as found, saying it was not judged", async () => {
    configure(true, 10);
    aDuplicatePair();
    const run = await consolidate(ctx, {});
    expect(llm.requests).toHaveLength(0);
    expect(run.judge).toMatchObject({ asked: 0, notJudged: 1 });
    expect(merges()).toEqual([expect.objectContaining({ judge: { ran: false, reason: "daily token cap reached" } })]);
  });

  it("reads a verdict bare or fenced, and nothing from a malformed answer", () => {
    expect(parseVerdict('{"same": true, "why": "x"}')).toEqual({ same: true, why: "x" });
    expect(parseVerdict('```json\n{"same": false}\n```')).toEqual({ same: false, why: "" });
    expect(parseVerdict("yes")).toBeUndefined();
    expect(parseVerdict('{"same": "yes"}')).toBeUndefined();
  });
});
