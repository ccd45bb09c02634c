import { describe, expect, it } from "vitest";
import { createVectorTable } from "../../../lib/db/virtual-tables";
import { textStore, toward, VECTOR_DIM } from "./fixtures";

// Issue #38, fifteenth pass (docs/consolidation.md "Token alignment"): without the clause polarity
// guard, the merge-by-meaning step would merge 8 more right pairs of the tuning stores and no false
// one, but also a rule and its reverse that are each other's nearest neighbours (hand-written here,
// vectors by hand: a model's weights are outside the test). The guard stays; this holds it.
const store = textStore("recollect-polarity-by-meaning-", "convention");
const { remember } = store;

describe("a pair found by its vectors alone", () => {
  it("is not merged when one says no to the other's clause", async () => {
    createVectorTable(store.sqlite(), VECTOR_DIM);
    remember("Always squash commits when merging a PR.", "convention", toward(0, 1, 1));
    remember("Never squash commits when merging a PR; keep the history.", "convention", toward(0, 0.93, 1));
    remember("Feature flags are read at startup.", "fact", toward(2, 1, 3));
    remember("Feature flags are not read at startup; they are fetched on every request.", "fact", toward(2, 0.93, 3));
    const found = await store.proposals({}, true);
    expect(found.merges).toEqual([]);
  });

  it("is merged when it says the same (the control: the vectors bring such pairs up)", async () => {
    createVectorTable(store.sqlite(), VECTOR_DIM);
    remember("Every new function gets a /// documentation comment saying what it does and why.", "convention", toward(0, 1, 1));
    remember("Add a /// doc comment to each new function describing its action and purpose.", "convention", toward(0, 0.93, 1));
    expect((await store.proposals({}, true)).merges).toHaveLength(1);
  });
});
