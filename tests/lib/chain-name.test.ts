import { describe, expect, it } from "vitest";
import { nextChainName } from "../../lib/chain-name";

describe("nextChainName", () => {
  it("starts a chain under a random root and counts on under it, never repeating a name", () => {
    const first = nextChainName(undefined);
    expect(first).toMatch(/^[0-9a-f]{10}000000$/);
    const seen = new Set([first]);
    let name = first;
    for (let i = 0; i < 1000; i++) {
      name = nextChainName(name);
      expect(name).toMatch(/^[0-9a-f]{16}$/);
      expect(name.slice(0, 10)).toBe(first.slice(0, 10));
      seen.add(name);
    }
    expect(seen.size).toBe(1001);
    expect(name).toBe(`${first.slice(0, 10)}${(1000).toString(16).padStart(6, "0")}`);
  });

  it("draws a new root for each new chain, at a counter's end, and for a name it did not make", () => {
    const roots = new Set(Array.from({ length: 50 }, () => nextChainName(undefined).slice(0, 10)));
    expect(roots.size).toBe(50);
    const end = "abcdef0123ffffff";
    expect(nextChainName(end).slice(0, 10)).not.toBe("abcdef0123");
    expect(nextChainName(end)).toMatch(/^[0-9a-f]{10}000000$/);
    // A string not of this form starts a new chain. Any 16 hex characters (an older random name
    // included) count on: a previous name only ever comes from the server's own memory.
    expect(nextChainName("not-a-name")).toMatch(/^[0-9a-f]{10}000000$/);
    expect(nextChainName("0123456789abcdef")).toBe("0123456789abcdf0");
  });
});
