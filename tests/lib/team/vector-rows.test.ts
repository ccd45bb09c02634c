import { describe, expect, it } from "vitest";
import { EXACT_LIMIT, emptyProjectVectors, nearestVectors, type ProjectVectors, prefiltered, putVector, rerankSize } from "../../../lib/team/hub/vector-rows";

/** A seeded generator: the same vectors on every run. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 4_294_967_296;
  };
}

const put = (p: ProjectVectors, id: string, seq: number, embedding: number[] | null, live = true) => putVector(p, { id, seq, live, embedding });

describe("the hub's in-process vectors of one project", () => {
  it("ranks by cosine distance, and follows edits and tombstones", () => {
    const p = emptyProjectVectors(3);
    put(p, "a", 1, [1, 0, 0]);
    put(p, "b", 2, [0, 1, 0]);
    put(p, "c", 3, [0.9, 0.1, 0]);
    const query = Float32Array.from([20, 1, 0]);
    expect(nearestVectors(p, query, 2).map((h) => h.seq)).toEqual([1, 3]);
    expect(nearestVectors(p, query, 1)[0]!.distance).toBeCloseTo(1 - 20 / Math.hypot(20, 1), 6);
    // An edit replaces the vector (and the seq); a tombstone or a memory without a vector removes it.
    put(p, "a", 4, [0, 0, 1]);
    put(p, "c", 5, null, false);
    put(p, "b", 6, null);
    expect(p.live).toBe(1);
    expect(nearestVectors(p, query, 3)).toEqual([{ seq: 4, distance: 1 }]);
    // Back again: counted once.
    put(p, "c", 7, [1, 0, 0]);
    put(p, "c", 8, [1, 0.1, 0]);
    expect(p.live).toBe(2);
    expect(nearestVectors(p, query, 3).map((h) => h.seq)).toEqual([8, 4]);
    // A query of another dimension finds nothing.
    expect(nearestVectors(p, Float32Array.from([1, 0]), 3)).toEqual([]);
  });

  it("above EXACT_LIMIT, prefilters by sign bits and finds at least 95% of the exhaustive top 10, never a removed vector", () => {
    // Vectors around 300 centres (memories on a few hundred topics), 64 dimensions.
    const next = seeded(11);
    const dims = 64;
    const centres = Array.from({ length: 300 }, () => Array.from({ length: dims }, () => next() - 0.5));
    const near = (c: number[], spread: number) => c.map((x) => x + (next() - 0.5) * spread);
    const p = emptyProjectVectors(dims);
    const n = EXACT_LIMIT + 2_000;
    for (let i = 0; i < n; i++) put(p, `m${i}`, i + 1, near(centres[i % centres.length]!, 0.6));
    // Every tenth memory deleted afterwards (tombstones in the middle of the rows).
    for (let i = 0; i < n; i += 10) put(p, `m${i}`, n + i + 1, null, false);
    expect(p.live).toBe(n - n / 10);
    expect(prefiltered(p, 40)).toBe(true);
    expect(rerankSize(p.live, 40)).toBeLessThan(p.live / 2);

    let found = 0;
    for (let q = 0; q < 40; q++) {
      const query = Float32Array.from(near(centres[(q * 7) % centres.length]!, 0.6));
      const approximate = nearestVectors(p, query, 10);
      const exhaustive = nearestVectors(p, query, 10, { exhaustive: true });
      expect(exhaustive).toHaveLength(10);
      expect(approximate.every((h) => (h.seq - 1) % 10 !== 0 && h.seq <= n)).toBe(true);
      const truth = new Set(exhaustive.map((h) => h.seq));
      found += approximate.filter((h) => truth.has(h.seq)).length;
      // Closest first, and each distance is the exact one.
      for (let i = 1; i < approximate.length; i++) expect(approximate[i]!.distance).toBeGreaterThanOrEqual(approximate[i - 1]!.distance);
    }
    expect(found / 400).toBeGreaterThanOrEqual(0.95);
  });
});
