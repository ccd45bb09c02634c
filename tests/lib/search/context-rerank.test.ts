import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { searchInput } from "../../../lib/contracts/search";
import { createMemory } from "../../../lib/memories";
import { CONTEXT_WEIGHTS, rerankByContext } from "../../../lib/search/context-rerank";
import { dateIntent, memoryDate, statedTimes } from "../../../lib/search/date-signal";
import type { SearchFilters } from "../../../lib/search/filters";
import type { Ranked } from "../../../lib/search/hybrid";
import { neighboursOf } from "../../../lib/search/neighbours";
import { searchMemories } from "../../../lib/search/search";
import { testCtx } from "../../helpers/ctx";

let ctx: ReturnType<typeof testCtx>;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx({ env: { RECOLLECT_EMBEDDING_PROVIDER: "none" } });
});
afterAll(() => ctx?.close());

const all: SearchFilters = { projectId: null, statuses: ["active"] };
const seqOf = (id: string) => (ctx.sqlite.prepare("SELECT seq FROM memories WHERE id = ?").get(id) as { seq: number }).seq;
const turn = (session: string | null, content: string, extra: Record<string, unknown> = {}) =>
  createMemory(ctx, { content, title: "Caroline", category: "event", source: "import", metadata: { ...(session ? { session } : {}), ...extra } }).memory;

describe("date signal", () => {
  it("reads a question's time intent: asking when, or naming a span; 'when' as a condition is not asking", () => {
    const now = new Date(2024, 0, 15);
    expect(dateIntent("When did Caroline go to the support group?", now).asksWhen).toBe(true);
    expect(dateIntent("How long has she had her friends?", now).asksWhen).toBe(true);
    expect(dateIntent("同意记录保存多久？", now).asksWhen).toBe(true);
    expect(dateIntent("what happens when the texting provider is down?", now)).toEqual({ asksWhen: false, range: null });
    const may = dateIntent("What did Melanie paint in May 2023?", now).range!;
    expect(new Date(may.start)).toEqual(new Date(2023, 4, 1));
    expect(new Date(may.end)).toEqual(new Date(2023, 5, 1));
  });

  it("finds the times a memory states, relative ones against the memory's own date", () => {
    const reference = memoryDate({ date: "1:56 pm on 8 May, 2023" }, 0);
    const stated = statedTimes("I went to a support group yesterday and it was so powerful.", reference);
    expect(stated.states).toBe(true);
    expect(new Date(stated.spans[0].start)).toEqual(new Date(2023, 4, 7));
    expect(statedTimes("I painted that lake sunrise in 2022", reference).states).toBe(true);
    expect(statedTimes("I may go there, I'm doing my best now", reference).states).toBe(false);
    // No date metadata (or one that does not parse): the time the memory was stored.
    expect(memoryDate({ date: "whenever" }, 1_000).getTime()).toBe(1_000);
  });

  it("answers a text asked again from its memo as the parser does, per reference time", () => {
    const text = "We finally moved to the coast yesterday, after months of packing.";
    const may = memoryDate({ date: "1:56 pm on 8 May, 2023" }, 0);
    const june = memoryDate({ date: "10:00 am on 20 June, 2023" }, 0);
    const first = statedTimes(text, may);
    // Asked again: the same spans (the memo), and they still name the day before 8 May.
    expect(statedTimes(text, may)).toEqual(first);
    expect(new Date(first.spans[0].start)).toEqual(new Date(2023, 4, 7));
    // Another reference is another key: resolved against its own date, not served from the first.
    expect(new Date(statedTimes(text, june).spans[0].start)).toEqual(new Date(2023, 5, 19));
    // A long text (past what is memoised) is parsed as before.
    const long = `${text} ${"filler words without any cue ".repeat(80)}`;
    expect(statedTimes(long, may).spans[0]).toEqual(first.spans[0]);
  });
});

describe("neighbours in a source", () => {
  it("finds the nearest memory before and after a hit in the same source, passing the filters", () => {
    const a1 = turn("conv/1", "I started researching adoption agencies this month");
    turn("other/9", "An unrelated note from another session in between");
    const a2 = turn("conv/1", "That is wonderful, which ones look promising to you?");
    const a3 = turn("conv/1", "Three agencies near the coast that support single parents");
    const archived = turn("conv/1", "A later turn that was archived");
    ctx.sqlite.prepare("UPDATE memories SET status = 'archived' WHERE id = ?").run(archived.id);
    const lone = turn(null, "A memory with no source at all");
    const found = neighboursOf(ctx.sqlite, [seqOf(a2.id), seqOf(lone.id), seqOf(a3.id)], all);
    expect(found).toEqual([
      { of: seqOf(a2.id), seq: seqOf(a1.id) },
      { of: seqOf(a2.id), seq: seqOf(a3.id) },
      { of: seqOf(a3.id), seq: seqOf(a2.id) },
    ]);
  });

  it("brings up the reply next to the turn that names the subject, and says so in explain", async () => {
    turn("conv/1", "Hey Melanie, what have you been up to lately?");
    const asked = turn("conv/1", "I started researching adoption agencies this month");
    const reply = turn("conv/1", "That is wonderful, which ones look promising to you?");
    for (let i = 0; i < 12; i++) turn("conv/2", `A chat about gardening and pottery number ${i} with tea`);
    const input = searchInput.parse({ query: "What did Caroline research about adoption agencies?", mode: "lexical", explain: true, limit: 5 });
    const out = await searchMemories(ctx, input, { countAccess: false });
    expect(out.results[0].id).toBe(asked.id);
    const lifted = out.results.find((r) => r.id === reply.id);
    expect(lifted?.explain?.context?.neighbour).toBe(true);
    expect(out.results.indexOf(lifted!)).toBeLessThanOrEqual(2);
  });
});

describe("rerankByContext", () => {
  it("favours a memory stating a time for a when-question, and keeps rank()'s forced first hit first", () => {
    const plain = turn("s/1", "The charity race for mental health was really rewarding");
    const dated = turn("s/2", "I ran a charity race for mental health last Saturday", { date: "1:14 pm on 25 May, 2023" });
    const other = turn("s/3", "Painting helps me relax after a long week at work");
    const list = (scores: [string, number][]): Ranked[] =>
      scores.map(([id, score]) => ({
        seq: seqOf(id),
        score,
        explain: {
          lexicalRank: null,
          bm25: null,
          vectorRank: null,
          vectorDistance: null,
          base: score,
          boosts: { pinned: 1, recency: 1, access: 1, project: 1 },
        },
      }));
    const dateOnly = { ...CONTEXT_WEIGHTS, neighbourHits: 0 };
    const out = rerankByContext(
      ctx.sqlite,
      "When did Melanie run a charity race?",
      list([
        [plain.id, 0.6],
        [dated.id, 0.5],
      ]),
      all,
      Date.now(),
      dateOnly,
    );
    expect(out.map((r) => r.seq)).toEqual([seqOf(dated.id), seqOf(plain.id)]);
    expect(out[0].explain.context?.date).toBeCloseTo(1 + CONTEXT_WEIGHTS.whenBoost);
    // Not a when-question: the order is rank()'s.
    const same = rerankByContext(
      ctx.sqlite,
      "Tell me about the charity race",
      list([
        [plain.id, 0.6],
        [dated.id, 0.5],
      ]),
      all,
      Date.now(),
      dateOnly,
    );
    expect(same.map((r) => r.seq)).toEqual([seqOf(plain.id), seqOf(dated.id)]);
    // rank() put the vector list's sure first hit first despite a lower score: it stays first.
    const led = rerankByContext(
      ctx.sqlite,
      "When did Melanie run a charity race?",
      list([
        [other.id, 0.2],
        [plain.id, 0.6],
        [dated.id, 0.5],
      ]),
      all,
      Date.now(),
      dateOnly,
    );
    expect(led.map((r) => r.seq)).toEqual([seqOf(other.id), seqOf(dated.id), seqOf(plain.id)]);
  });
});
