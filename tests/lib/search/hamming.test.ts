import { describe, expect, it } from "vitest";
import { hammingArena } from "../../../lib/indexing/hamming";

function popcount(x: number): number {
  let n = 0;
  for (let v = x >>> 0; v; v >>>= 1) n += v & 1;
  return n;
}

let seed = 3;
const word = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return seed >>> 0;
};

describe("the sign-bit prefilter in WebAssembly", () => {
  it("gives every passing slot the Hamming distance a bit-by-bit count gives, and their histogram", () => {
    for (const [words, dim] of [
      [2, 64],
      [12, 384],
      [24, 768],
    ]) {
      const cap = 500;
      const arena = hammingArena(cap, words, dim)!;
      expect(arena).not.toBeNull();
      for (let i = 0; i < cap * words; i++) arena.bits[i] = word();
      // All ones and all zeros too: the extremes of the histogram.
      arena.bits.fill(0xffffffff, 0, words);
      arena.bits.fill(0, words, 2 * words);
      for (let w = 0; w < words; w++) arena.query[w] = word();
      // A subset of slots, out of order, as the filters leave them.
      const slots = [0, 1, ...Array.from({ length: 300 }, (_, i) => (i * 7 + 3) % cap)];
      arena.pass.set(slots);
      for (let round = 0; round < 2; round++) {
        arena.run(slots.length);
        const hist = new Array(dim + 1).fill(0);
        slots.forEach((slot, j) => {
          let d = 0;
          for (let w = 0; w < words; w++) d += popcount(arena.bits[slot * words + w] ^ arena.query[w]);
          expect(arena.ham[j]).toBe(d);
          hist[d]++;
        });
        // A second run starts from an empty histogram.
        expect([...arena.hist]).toEqual(hist);
      }
    }
  });

  it("declines an odd number of words (the JavaScript loop runs)", () => {
    expect(hammingArena(10, 3, 96)).toBeNull();
    expect(hammingArena(10, 0, 0)).toBeNull();
  });
});
