import { describe, expect, it } from "vitest";
import { PartMemory, type PartEntry } from "../../../lib/compression/part-memory";

/** The in-memory layer of compression holds texts, compressed results and repeat references: all within its bound. */
const entry = (chars: number): PartEntry => ({ text: "x".repeat(chars), header: "", tokens: 1, headerTokens: 0, results: new Map() });
const result = (chars: number) => ({ v: "r".repeat(chars), t: 1, s: {} });

describe("PartMemory", () => {
  it("counts compressed results and references against its character bound", () => {
    const memory = new PartMemory(100, 1000);
    const a = entry(300);
    const b = entry(300);
    memory.set("a", a);
    memory.set("b", b);
    expect(memory.size).toBe(600);
    memory.keepResult(b, "level1", result(200));
    expect(memory.size).toBe(800);
    // Past the bound: the least recently used entry goes.
    memory.keepReference(b, { against: "same\0a", result: result(300) });
    expect(memory.get("a")).toBeUndefined();
    expect(memory.size).toBe(800);
    expect(memory.get("b")).toBe(b);
  });

  it("stops counting a progress original once it is handed over to be stored", () => {
    const memory = new PartMemory(100, 10_000);
    const a: PartEntry = { ...entry(100), view: { text: "v".repeat(20), hash: "h", saved: 5, original: "o".repeat(500) } };
    memory.set("a", a);
    expect(memory.size).toBe(620);
    memory.releaseOriginal(a);
    expect(a.view?.original).toBeUndefined();
    expect(memory.size).toBe(120);
    memory.releaseOriginal(a);
    expect(memory.size).toBe(120);
  });

  it("counts a replaced result by its difference, and nothing for a result with no text", () => {
    const memory = new PartMemory(100, 10_000);
    const a = entry(100);
    memory.set("a", a);
    memory.keepResult(a, "v", result(400));
    memory.keepResult(a, "v", result(50));
    expect(memory.size).toBe(150);
    memory.keepResult(a, "w", { v: null, t: 1, s: {} });
    expect(memory.size).toBe(150);
  });

  it("forgets all an entry held when it is replaced or evicted; results kept after eviction are not counted", () => {
    const memory = new PartMemory(1, 10_000);
    const a = entry(100);
    memory.set("a", a);
    memory.keepResult(a, "v", result(100));
    memory.set("a", entry(10));
    expect(memory.size).toBe(10);
    const b = entry(20);
    memory.set("b", b); // one entry at most: "a" goes
    expect(memory.size).toBe(20);
    memory.keepResult(a, "w", result(500)); // "a" is no longer held
    expect(memory.size).toBe(20);
    memory.clear();
    memory.keepResult(b, "v", result(500)); // nor is anything after clear()
    expect(memory.size).toBe(0);
  });
});
