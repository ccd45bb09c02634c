import type { PostingsView } from "./lexical-postings";

/** A memory and its score: FTS5's bm25() (negative, lower is better). */
export interface ScoredSeq {
  seq: number;
  bm25: number;
}

/**
 * The `m` best memories by bm25() over the terms' postings (an OR of the terms, as lexical.ts's
 * MATCH), exactly: the score of each is the sum of its terms' parts in the terms' order, the order
 * FTS5 sums in, so equal to bm25() up to the last bits of log().
 *
 * MaxScore, term at a time: terms are added in the given order (rarest first: the largest bounds);
 * once the m-th best partial score is above what the terms left could give a memory none of the
 * terms so far holds, no new memory can enter, and the remaining terms are only looked up (by a
 * galloping search in their seq-ordered postings) for the memories still able to reach the m-th
 * score. A question of common words does not walk every posting of every word. With `passes`,
 * only the memories marked 1 there are ranked (the filters' memories, lexical-filter-bits.ts).
 */
export function topByBm25(view: PostingsView, m: number, passes?: Uint8Array): ScoredSeq[] {
  const { terms } = view;
  if (m <= 0 || terms.length === 0) return [];
  const { acc, touched } = view;
  const size = acc.length;
  // What the terms from i on can add at most; padded so that summing in another order never exceeds it.
  const rest = new Float64Array(terms.length + 1);
  for (let i = terms.length - 1; i >= 0; i--) rest[i] = rest[i + 1] + terms[i].bound;
  for (let i = 0; i <= terms.length; i++) rest[i] = rest[i] * (1 + 1e-12) + 1e-300;
  let count = 0;
  let next = 0;
  let threshold = Number.NEGATIVE_INFINITY;
  // One heap for every m-th-best of this call, and the candidates compacted in place in the view's
  // scratch: a search allocated a heap a term and a typed array a filter, most of its garbage (issue 48).
  const heap = new Float64Array(m);
  try {
    // Every posting of the terms that may still bring in a new memory.
    for (; next < terms.length; next++) {
      if (threshold > rest[next]) break;
      const { seqs, parts } = terms[next];
      for (let j = 0; j < seqs.length; j++) {
        const seq = seqs[j];
        // Memories the filters leave out (lexical-filter-bits.ts) never enter.
        if (seq >= size || (passes && passes[seq] !== 1)) continue;
        if (acc[seq] === 0) touched[count++] = seq;
        acc[seq] += parts[j];
      }
      threshold = mthBest(acc, touched, count, m, heap);
    }
    if (next === terms.length) return best(acc, touched.subarray(0, count), m, heap);
    // The rest: only the memories that can still make the m best, looked up in each term's postings.
    // The view's scratch, not a new array: one of `count` (up to the store's size) zeroed off the
    // heap each search pressed V8's external memory into full collections (the speed bench's p95).
    const { candidates } = view;
    let live = 0;
    for (let i = 0; i < count; i++) if (acc[touched[i]] + rest[next] >= threshold) candidates[live++] = touched[i];
    candidates.subarray(0, live).sort();
    for (; next < terms.length && live > 0; next++) {
      const { seqs, parts } = terms[next];
      let at = 0;
      for (let c = 0; c < live && at < seqs.length; c++) {
        const seq = candidates[c];
        at = gallop(seqs, seq, at);
        if (at < seqs.length && seqs[at] === seq) acc[seq] += parts[at];
      }
      threshold = Math.max(threshold, mthBest(acc, candidates, live, m, heap));
      const after = rest[next + 1];
      // Kept in order (ascending seq, as the galloping search needs).
      let kept = 0;
      for (let c = 0; c < live; c++) if (acc[candidates[c]] + after >= threshold) candidates[kept++] = candidates[c];
      live = kept;
    }
    return best(acc, candidates.subarray(0, live), m, heap);
  } finally {
    for (let i = 0; i < count; i++) acc[touched[i]] = 0;
  }
}

/** The first index at or after `from` whose seq is at least `seq` (seqs ascending). */
function gallop(seqs: Int32Array, seq: number, from: number): number {
  let step = 1;
  let hi = from;
  while (hi < seqs.length && seqs[hi] < seq) {
    from = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, seqs.length);
  while (from < hi) {
    const mid = (from + hi) >>> 1;
    if (seqs[mid] < seq) from = mid + 1;
    else hi = mid;
  }
  return from;
}

/** The m-th largest of the seqs' scores (a min-heap of m in `heap`, its scratch), or -Infinity when fewer than m. */
function mthBest(acc: Float64Array, seqs: Int32Array, count: number, m: number, heap: Float64Array): number {
  if (count < m) return Number.NEGATIVE_INFINITY;
  let n = 0;
  for (let i = 0; i < count; i++) {
    const v = acc[seqs[i]];
    if (n < m) {
      let j = n++;
      heap[j] = v;
      while (j > 0) {
        const p = (j - 1) >> 1;
        if (heap[p] <= heap[j]) break;
        const t = heap[p];
        heap[p] = heap[j];
        heap[j] = t;
        j = p;
      }
    } else if (v > heap[0]) {
      heap[0] = v;
      for (let j = 0; ; ) {
        const l = 2 * j + 1;
        const r = l + 1;
        let s = j;
        if (l < m && heap[l] < heap[s]) s = l;
        if (r < m && heap[r] < heap[s]) s = r;
        if (s === j) break;
        const t = heap[s];
        heap[s] = heap[j];
        heap[j] = t;
        j = s;
      }
    }
  }
  return heap[0];
}

/** The m best of the seqs, best first; equal scores by seq. */
function best(acc: Float64Array, seqs: Int32Array, m: number, heap: Float64Array): ScoredSeq[] {
  const threshold = mthBest(acc, seqs, seqs.length, m, heap);
  const out: ScoredSeq[] = [];
  for (let i = 0; i < seqs.length; i++) if (acc[seqs[i]] >= threshold) out.push({ seq: seqs[i], bm25: -acc[seqs[i]] });
  out.sort((a, b) => a.bm25 - b.bm25 || a.seq - b.seq);
  return out.slice(0, m);
}
