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

describe("consolidate: the memory model as a judge of borderline contradictions", () => {
  function aBorderlinePair() {
    const older = createMemory(ctx, { content: "We use Unleash to manage feature flags.", category: "decision", directory: dir }).memory.id;
    ctx.sqlite.prepare("UPDATE memories SET created_at = created_at - 86400000 WHERE id = ?").run(older);
    const newer = createMemory(ctx, { content: "Feature flags are managed with LaunchDarkly.", category: "decision", directory: dir }).memory.id;
    return { older, newer };
  }
  const enable = () => {
    configure(false);
    ctx.config.consolidation.judgeContradictions = true;
  };

  it("is off by default: the pair no rule decides is not proposed and the model is not called", async () => {
    expect(ctx.config.consolidation.judgeContradictions).toBe(false);
    configure(false);
    aBorderlinePair();
    const run = await consolidate(ctx, {});
    expect(run.found).toMatchObject({ merge: 0, supersede: 0 });
    expect(run.contradictionJudge).toBeUndefined();
    expect(llm.requests).toHaveLength(0);
  });

  it("a yes is a supersession of the older by the newer, with the model's answer; the pair is not asked about again", async () => {
    enable();
    const { older, newer } = aBorderlinePair();
    llm.answers = [{ content: '{"replaces": true, "why": "the flag service changed"}' }];
    const run = await consolidate(ctx, {});
    expect(run.contradictionJudge).toEqual({ asked: 1, confirmed: 1, refused: 0, notJudged: 0 });
    const sent = llm.requests[0]!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[1]!.content).toBe("Older note: We use Unleash to manage feature flags.\nNewer note: Feature flags are managed with LaunchDarkly.");
    const rows = ctx.sqlite.prepare("SELECT memory_ids, reason, evidence FROM proposals WHERE kind = 'supersede'").all() as {
      memory_ids: string;
      reason: string;
      evidence: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.memory_ids)).toEqual([newer, older]);
    expect(rows[0]!.reason).toContain("the flag service changed");
    expect(JSON.parse(rows[0]!.evidence)).toMatchObject({ rule: "judge", judge: { model: "fake-judge", replaces: true } });

    const again = await consolidate(ctx, {});
    expect(again.contradictionJudge).toEqual({ asked: 0, confirmed: 0, refused: 0, notJudged: 0 });
    expect(llm.requests).toHaveLength(1);
  });

  it("a no proposes nothing; a pair with a new memory in it is asked about at the next run", async () => {
    enable();
    aBorderlinePair();
    llm.answers = [{ content: '{"replaces": false, "why": "both may hold"}' }];
    const run = await consolidate(ctx, {});
    expect(run.contradictionJudge).toEqual({ asked: 1, confirmed: 0, refused: 1, notJudged: 0 });
    expect(run.created).toBe(0);
    createMemory(ctx, { content: "We use Flagsmith to manage feature flags.", category: "decision", directory: dir });
    llm.answers = [{ content: '{"replaces": true, "why": "changed again"}' }, { content: '{"replaces": true, "why": "changed again"}' }];
    const next = await consolidate(ctx, {});
    // Only pairs with the new memory in them (Unleash -> Flagsmith is a swapped choice the rules
    // find; LaunchDarkly -> Flagsmith is borderline); not the pair already judged.
    expect(next.found.supersede).toBe(2);
    expect(next.contradictionJudge?.asked).toBe(1);
    const later = llm.requests.slice(1).map((r) => (r.body as { messages: { content: string }[] }).messages[1]!.content);
    expect(later).toEqual(["Older note: Feature flags are managed with LaunchDarkly.\nNewer note: We use Flagsmith to manage feature flags."]);
  });

  it("a pair left without an answer (the daily cap) is asked about at the next run", async () => {
    configure(false, 10);
    ctx.config.consolidation.judgeContradictions = true;
    aBorderlinePair();
    const capped = await consolidate(ctx, {});
    expect(capped.contradictionJudge).toEqual({ asked: 0, confirmed: 0, refused: 0, notJudged: 1 });
    expect(llm.requests).toHaveLength(0);
    ctx.config.extraction.llm.dailyTokenCap = 200_000;
    llm.answers = [{ content: '{"replaces": true, "why": "the flag service changed"}' }];
    const next = await consolidate(ctx, {});
    expect(next.contradictionJudge).toEqual({ asked: 1, confirmed: 1, refused: 0, notJudged: 0 });
    expect(next.found.supersede).toBe(1);
  });
});
