import { describe, expect, it } from "vitest";
import { changedValue } from "../../../lib/consolidation/claims";
import { replacedObjects } from "../../../lib/consolidation/cues";

// What a newer memory says it replaced, and values read from the words (issue #38, found on the
// r5 tuning half; the frozen halves were never looked at).
describe("replacement cues", () => {
  it("name what was replaced in more wordings, English and Chinese", () => {
    const raw = (t: string) => replacedObjects(t).map((r) => r.raw);
    expect(raw("Workouts are stored through drift; the Hive boxes were removed.")).toEqual(["boxes"]);
    expect(raw("We moved the build targets from the Makefile to Taskfile.yml.")).toEqual(["Makefile"]);
    expect(raw("We no longer vendor dependencies; CI downloads modules.")).toEqual(["vendor dependencies"]);
    expect(raw("接口文档改用 springdoc-openapi 生成，Swagger 2 已移除。")).toEqual(["Swagger 2"]);
    // Not a replacement: a move that names no old thing, a retention rule.
    expect(raw("Data is moved off the primary at night.")).toEqual([]);
    expect(raw("Logs are deleted after 30 days.")).toEqual([]);
  });

  it("read Chinese counts and names with a number as values", () => {
    expect(changedValue("每个 Pull Request 至少需要一名维护者审查通过才能合并。", "每个 Pull Request 至少需要两名维护者审查通过才能合并。")).toEqual({
      was: ["一"],
      now: ["两"],
    });
    expect(changedValue("Files are hashed with SHA-256 before signing.", "Files are hashed with BLAKE3 before signing.")).toEqual({
      was: ["sha-256"],
      now: ["blake3"],
    });
    // 统一 is not a count.
    expect(changedValue("接口统一位于 src/api 目录。", "接口统一位于 src/services 目录。")?.was).toEqual(["src/api"]);
  });
});
