import { spelledNumbers } from "../../../lib/consolidation/numbers";
import { describe, expect, it } from "vitest";
import { datedStore } from "./fixtures";

// A setting changed in other words (issue #38, ninth pass). The cases are from the r10 tuning half
// (bench/consolidation/blind-store-r10.ts); its frozen half was never looked at.
const { supersessions } = datedStore("recollect-changed-");

describe("a changed setting", () => {
  it("reads numbers spelled in words, English and Chinese", () => {
    expect(spelledNumbers("Lines are wrapped at one hundred and forty columns.")).toEqual(["140"]);
    expect(spelledNumbers("A subject may be up to sixty characters long.")).toEqual(["60"]);
    expect(spelledNumbers("每次练习改为出三十道题。")).toEqual(["30"]);
    expect(spelledNumbers("两百个请求")).toEqual(["200"]);
    // 一 alone is "a", "one of": not a setting.
    expect(spelledNumbers("这是一个例子。")).toEqual([]);
  });

  it("is proposed when the newer says it changed and states another value on the same subject", async () => {
    const found = await supersessions([
      ["constraint", "The engine's default search depth is 8 plies."],
      ["constraint", "The transposition table is 16 MB."],
      ["constraint", "The engine now searches 12 plies deep by default."],
    ]);
    expect(found).toEqual(["The engine now searches 12 plies deep by default. > The engine's default search depth is 8 plies."]);
  });

  it("reads a Chinese number spelled out and a Chinese change word", async () => {
    const found = await supersessions([
      ["fact", "每次练习的题目数量是 20 道。"],
      ["fact", "每道题的作答时限为 15 秒。"],
      ["fact", "每次练习改为出三十道题。"],
    ]);
    expect(found).toEqual(["每次练习改为出三十道题。 > 每次练习的题目数量是 20 道。"]);
  });

  it("is not proposed without a change word, across categories, or for another subject", async () => {
    const found = await supersessions([
      ["fact", "The ground station reaches the flight controller on udp:14550."],
      ["fact", "The companion computer talks to the flight controller on udp:14540."],
      ["constraint", "Land when the battery drops below 25%."],
      ["convention", "Land when the battery is now below 30%."],
      ["fact", "Background music is off by default."],
      ["fact", "Vibration on a capture is now on by default for 200 ms."],
      // "for now" says it stays (r7 frozen, tuning data now).
      ["decision", "The Chrome build uses Manifest V2."],
      ["decision", "The Firefox build stays on Manifest V2 for now."],
    ]);
    expect(found).toEqual([]);
  });

  it("a cue naming a word inside a file name does not retire that file's memory (r9 tuning)", async () => {
    const found = await supersessions([
      ["decision", "桌面端使用 Tauri 构建。"],
      ["procedure", "发版前在 package.json 和 tauri.conf.json 中同步版本号。"],
      ["decision", "桌面端改用 Electron，不再使用 Tauri。"],
    ]);
    expect(found).toEqual(["桌面端改用 Electron，不再使用 Tauri。 > 桌面端使用 Tauri 构建。"]);
  });
});
