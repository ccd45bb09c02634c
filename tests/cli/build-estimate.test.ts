import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatSeconds, lastBuildDuration, ROOT } from "../../scripts/build-if-needed";
import { tempDir } from "../helpers/server";

/** The build's progress line gives the last build's measured time on this machine, or no estimate at all. */
describe("build time estimate", () => {
  it("is absent before a first build, then the time the last build took", () => {
    const distDir = path.relative(ROOT, tempDir("recollect-dist-"));
    expect(lastBuildDuration(distDir)).toBeUndefined();
    fs.mkdirSync(path.join(ROOT, distDir, "cache"), { recursive: true });
    fs.writeFileSync(path.join(ROOT, distDir, "cache", "recollect-build-seconds"), "312\n");
    expect(lastBuildDuration(distDir)).toBe("5m 12s");
  });

  it("words seconds and minutes", () => {
    expect(formatSeconds(42)).toBe("42s");
    expect(formatSeconds(60)).toBe("1m 0s");
  });
});
