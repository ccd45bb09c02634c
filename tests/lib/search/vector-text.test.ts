import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createMemory } from "../../../lib/memories";
import { searchQuery } from "../../../lib/search/bilingual";
import { isLabelName, LABEL_MEMORIES, withoutNames } from "../../../lib/search/vector-text";
import { testCtx } from "../../helpers/ctx";

let ctx: ReturnType<typeof testCtx>;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
});
afterAll(() => ctx?.close());

describe("the question's embedded text leaves out the names memories are filed under", () => {
  it("a name is a label when it is the whole title of enough memories", () => {
    for (let i = 0; i < LABEL_MEMORIES; i++) createMemory(ctx, { title: "Caroline", content: `Caroline said thing number ${i} about the weather` });
    for (let i = 0; i < LABEL_MEMORIES - 1; i++) createMemory(ctx, { title: "Melanie", content: `Melanie painted picture ${i}` });
    for (let i = 0; i < 5; i++) createMemory(ctx, { title: "Android build notes", content: `Android emulator step ${i}` });
    expect(isLabelName(ctx.sqlite, "Caroline")).toBe(true);
    // One memory short of a label; a name inside longer titles is content, not a label.
    expect(isLabelName(ctx.sqlite, "Melanie")).toBe(false);
    expect(isLabelName(ctx.sqlite, "Android")).toBe(false);
    expect(isLabelName(ctx.sqlite, "Nobody")).toBe(false);
  });

  it("drops label names and their possessives, keeps other names, acronyms and identifiers", () => {
    const labels = new Set(["Caroline", "Melanie"]);
    const isLabel = (name: string) => labels.has(name);
    expect(withoutNames("When did Caroline go to the LGBTQ support group?", isLabel)).toBe("When did go to the LGBTQ support group?");
    expect(withoutNames("What did Melanie's kids paint on Android?", isLabel)).toBe("What did kids paint on Android?");
    expect(withoutNames("Caroline.getName() in Caroline_utils", isLabel)).toBe("Caroline.getName() in Caroline_utils");
    // Nothing but the name and question words left: the question is kept as asked.
    expect(withoutNames("Who is Caroline?", isLabel)).toBe("Who is Caroline?");
    expect(withoutNames("How does the cache expire?", isLabel)).toBe("How does the cache expire?");
  });

  it("searchQuery embeds the question without its label names; its lexical terms keep them", () => {
    const q = searchQuery("What did Caroline paint?", "dictionary", (name) => name === "Caroline");
    expect(q.embedText).toBe("What did paint?");
    expect(q.terms).toEqual(expect.arrayContaining(searchQuery("Caroline", "off").terms));
    expect(searchQuery("What did Caroline paint?", "dictionary").embedText).toBe("What did Caroline paint?");
  });
});
