import { describe, expect, it } from "vitest";
import { parseRemote } from "../../lib/enrichment/refs";
import { normalizeRemote } from "../../lib/projects/identify";
import { trimEnd } from "../../lib/trim-end";
import { LINEAR } from "../helpers/linear";

describe("trimEnd", () => {
  it("removes only the trailing characters given", () => {
    expect(trimEnd("http://127.0.0.1:7411///", "/")).toBe("http://127.0.0.1:7411");
    expect(trimEnd("a/b", "/")).toBe("a/b");
    expect(trimEnd("////", "/")).toBe("");
    expect(trimEnd("x;);)", ";)")).toBe("x");
    expect(trimEnd("", "/")).toBe("");
  });

  // No timing assertion: the per-test timeout is the guard (a quadratic pattern takes minutes here).
  it("is linear on a long run that is not at the end (where /\\/+$/ is quadratic), as are the remotes read from repositories", LINEAR, () => {
    const hostile = `https://host/${"/".repeat(200_000)}x`;
    expect(trimEnd(hostile, "/")).toBe(hostile);
    expect(normalizeRemote(hostile)).toBe(`host/${"/".repeat(200_000)}x`);
    expect(parseRemote(`${hostile}.git`)?.path).toBe("x");
  });
});
