/**
 * Vectors for bench/team's recall check of the hub's in-process vector ranking (approximate list
 * against the exhaustive one), and the two query sets it is measured on.
 *
 * Two kinds of stored vectors:
 * - `random`: a random unit vector per memory (no structure at all: the worst case for any
 *   approximate index, since the nearest neighbours are barely nearer than the rest);
 * - `text`: a bag-of-words projection of the memory's own text (each word a fixed random
 *   Gaussian direction seeded by a hash of the word, weighted by log of its frequency rank, summed
 *   and normalized), so memories sharing words are near, as with a real embedding model. It costs
 *   no model run, so 100,000 and 1,000,000 memories fit in the bench.
 *
 * Query sets, written before the index's parameters were chosen:
 * - tuning: the bench's own 200 search queries (two words, Zipf-weighted), embedded the same way
 *   (random mode: the bench's next 200 random vectors);
 * - FROZEN: 200 queries of 3 to 8 words drawn uniformly from the vocabulary by a generator of its
 *   own (seed 4242, not the corpus's), embedded the same way (random mode: 200 random vectors from
 *   that generator). Never looked at while choosing the re-rank size; the headline column.
 */

/** A small seeded generator (LCG), independent of bench/search/corpus.ts's `rand`. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 4_294_967_296;
  };
}

/** A standard normal draw (Box-Muller) from a uniform generator. */
const gaussian = (next: () => number) => Math.sqrt(-2 * Math.log(next() || 1e-12)) * Math.cos(2 * Math.PI * next());

const fnv = (word: string) => {
  let h = 2_166_136_261;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16_777_619);
  return h >>> 0;
};

export const unit = (v: Float32Array): Float32Array => {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / n;
  return v;
};

/** A random unit vector of `dims` dimensions. */
export const randomUnit = (dims: number, next: () => number) => unit(Float32Array.from({ length: dims }, () => next() - 0.5));

/** The bag-of-words projection (see above): `vocabulary` sorted most frequent first. */
export function textEmbedder(dims: number, vocabulary: readonly string[]) {
  const rankOf = new Map(vocabulary.map((w, i) => [w, i]));
  const directions = new Map<string, Float32Array>();
  const direction = (word: string) => {
    let d = directions.get(word);
    if (!d) {
      const next = seeded(fnv(word));
      d = Float32Array.from({ length: dims }, () => gaussian(next));
      directions.set(word, d);
    }
    return d;
  };
  return (text: string): Float32Array => {
    const out = new Float32Array(dims);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
      const weight = Math.log(2 + (rankOf.get(word) ?? vocabulary.length));
      const d = direction(word);
      for (let i = 0; i < dims; i++) out[i] = out[i]! + weight * d[i]!;
    }
    return unit(out);
  };
}

/** The frozen query texts: 200 of 3 to 8 words, uniform over the vocabulary, seed 4242. */
export function frozenQueryTexts(vocabulary: readonly string[]): string[] {
  const next = seeded(4242);
  return Array.from({ length: 200 }, () =>
    Array.from({ length: 3 + Math.floor(next() * 6) }, () => vocabulary[Math.floor(next() * vocabulary.length)]).join(" "),
  );
}

/** The frozen random query vectors (random mode): 200 from seed 4243. */
export function frozenRandomQueries(dims: number): Float32Array[] {
  const next = seeded(4243);
  return Array.from({ length: 200 }, () => randomUnit(dims, next));
}

/** Top-k overlap of an approximate list with the exhaustive one (recall@k), averaged over queries. */
export function recallAt(k: number, pairs: { approximate: readonly number[]; exhaustive: readonly number[] }[]): number {
  let sum = 0;
  let n = 0;
  for (const { approximate, exhaustive } of pairs) {
    const truth = exhaustive.slice(0, k);
    if (!truth.length) continue;
    const got = new Set(approximate.slice(0, k));
    sum += truth.filter((s) => got.has(s)).length / truth.length;
    n++;
  }
  return n ? Math.round((sum / n) * 1000) / 1000 : 0;
}
