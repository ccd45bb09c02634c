import { describe, expect, it } from "vitest";
import type { ConsolidateOptions } from "../../../lib/consolidation/consolidate";
import { RETIRES } from "../../../lib/consolidation/supersede";
import { createVectorTable } from "../../../lib/db/virtual-tables";
import { textStore, toward, VECTOR_DIM } from "./fixtures";

// Issue #38, twelfth pass (docs/consolidation.md "Round three, twelfth pass"): a merge joins two
// memories unless they say it in the same words (MERGE_MAX_MEMBERS), its two memories must be
// close in meaning when there are vectors (consolidation.mergeMinCosine), and a newer memory that says
// the older's choice is gone ("now", "已删除", "已经停用", "不用了") retires it instead of repeating it
// (RETIRES). The cases are from tuning data: r8's tuning half, r10's tuning half, r13's tuning
// half and r7's frozen half (tuning since r8); r13's frozen half was never looked at.
const store = textStore("recollect-merge-pairs-", "procedure");
const { remember } = store;
/** Vectors are written by hand (a model's weights are outside the test) into the real vector table; the service only says they are sound. */
const proposals = (options: ConsolidateOptions = {}) => store.proposals(options, true);

describe("a merge proposal", () => {
  it("does not join three memories that share a frame but say three things (r8 tuning)", async () => {
    createVectorTable(store.sqlite(), VECTOR_DIM);
    remember("pnpm dev starts the client and the server with turbo.", "procedure", toward(0, 1, 1));
    remember("pnpm --filter client dev starts only the client.", "procedure", toward(0, 0.9, 1));
    remember("pnpm --filter server dev starts only the server.", "procedure", toward(0, 0.9, 2));
    // Without the limit (and the guards, which now also see three commands: pnpm dev / pnpm
    // --filter …) the three are one proposal: the test would pass for the wrong reason otherwise.
    const unguarded = { namedThings: { guard: false } };
    expect((await proposals({ mergeLimits: { maxMembers: 99 }, ...unguarded })).merges.some((m) => m.length === 3)).toBe(true);
    expect((await proposals(unguarded)).merges.some((m) => m.length === 3)).toBe(false);
    expect((await proposals()).merges).toEqual([]);
  });
});

describe("the merge confidence floor (consolidation.mergeMinCosine)", () => {
  it("withholds a merge whose two memories are not close in meaning (r12 tuning)", async () => {
    createVectorTable(store.sqlite(), VECTOR_DIM);
    remember("Values that contain the delimiter are wrapped in quotes.", "convention", toward(0, 1, 1));
    remember("Values are wrapped in double quotes.", "convention", toward(0, 0.77, 1));
    // Off by default; at the leave-one-set-out choice for the default model (0.85) the pair is withheld.
    expect((await proposals()).merges).toHaveLength(1);
    expect((await proposals({ mergeLimits: { minCosine: 0.85 } })).merges).toEqual([]);
  });
});

describe("a newer memory that says the older's choice is gone", () => {
  it("supersedes it rather than merging with it (r13 tuning, r10 tuning)", async () => {
    createVectorTable(store.sqlite(), VECTOR_DIM);
    remember("初始化安装执行 pnpm bootstrap。", "procedure", toward(0, 1, 1));
    remember("初始化安装执行 pnpm install，bootstrap 脚本已删除。", "procedure", toward(0, 0.87, 1));
    remember("Sound effects are in assets/audio/ as .mp3 files.", "fact", toward(2, 1, 3));
    remember("Sound effects are stored as .ogg files in assets/audio/ now.", "fact", toward(2, 0.81, 3));
    const found = await proposals();
    expect(found.merges).toEqual([]);
    expect(found.supersessions.sort()).toEqual([
      "Sound effects are stored as .ogg files in assets/audio/ now. > Sound effects are in assets/audio/ as .mp3 files.",
      "初始化安装执行 pnpm install，bootstrap 脚本已删除。 > 初始化安装执行 pnpm bootstrap。",
    ]);
  });

  it("reads retirement words, not a temporary 'for now' (r7 frozen, r4 frozen)", () => {
    expect(RETIRES.test("The Firefox build stays on Manifest V2 for now.")).toBe(false);
    expect(RETIRES.test("安装包现在只发布到学校的应用商店，蒲公英渠道已经停用。")).toBe(true);
    expect(RETIRES.test("提交前运行 ruff check，flake8 已经不用了。")).toBe(true);
    expect(RETIRES.test("点击停用即可。")).toBe(false);
  });
});
