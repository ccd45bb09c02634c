import { describe, expect, it } from "vitest";
import { datedStore } from "./fixtures";

// A replacement cue retires only a thing that no other memory names (issue #38, tenth pass,
// `CUE_MAX_HOLDERS`). The cases are from r10's frozen half, tuning data since r11 was written
// (bench/consolidation/blind-store-r10.ts), and r11's tuning half; r11's frozen half was never
// looked at.
const { supersessions } = datedStore("recollect-cue-holders-");

describe("a replacement cue", () => {
  it("does not retire memories that merely share a common word the cue names (使用)", async () => {
    const found = await supersessions([
      ["decision", "Linux 上的字体光栅化使用 FreeType。"],
      ["decision", "文字整形使用 HarfBuzz。"],
      ["convention", "头文件使用 #pragma once。"],
      ["constraint", "clang-format 版本固定为 14。"],
      ["constraint", "clang-format 统一使用 18 版本，14 已不再使用。"],
    ]);
    expect(found.filter((f) => /FreeType|HarfBuzz|pragma/.test(f))).toEqual([]);
  });

  it("still retires the one memory that names the replaced thing", async () => {
    const found = await supersessions([
      ["convention", "代码用 Prettier 格式化。"],
      ["convention", "每行最多 100 个字符。"],
      ["convention", "缩进使用两个空格。"],
      ["convention", "格式化工具从 Prettier 换成 Biome。"],
    ]);
    expect(found).toEqual(["格式化工具从 Prettier 换成 Biome。 > 代码用 Prettier 格式化。"]);
  });
});
