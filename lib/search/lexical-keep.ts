import type { LexicalHit } from "./lexical";
import type { Ranked } from "./hybrid";

/**
 * Issue 42: on long conversations names and rare words decide, and the fused list can push a strong
 * lexical hit out of the top 10 for turns that merely sound alike (hybrid lost to lexical on LoCoMo
 * conv-30). Here the vector list only ADDS: the first `keep` BM25 hits (scoring near the first)
 * each get a place no lower than their order among them plus `slack`; the other places follow the
 * fused order (hybrid mode only: in lexical mode the fused list is the lexical one). `minCoverage` can restrict it to sure lexical evidence (the best hit holding that share of
 * the question); the shipped setting keeps whatever scores near the first lexical hit.
 */
export interface LexicalKeep {
  /** The lexical ranking's first this many hits are kept (0 = off). */
  keep: number;
  /** A kept hit sits at most this many places below its lexical rank. */
  slack: number;
  /** A hit is kept only when it scores at least this share of the lexical first hit. */
  minShare: number;
  /** Nothing is kept when the best lexical hit holds less than this idf-weighted share of the question. */
  minCoverage: number;
}

/**
 * Chosen on LoCoMo conv-26 + conv-30 and REALTALK's tuning half only (bench/search/conversations.ts
 * --grid; leave-one-conversation-out CV chose keep 4 / share 0.8 in 6 of 7 folds, R@10 0.657 against
 * lexical 0.628 and hybrid 0.645). Slack 6 rather than the CV's 4 (same R@10): the fused first six
 * places never move, so hit@1 and hit@5 of every other set stay as they were, by construction.
 */
export const LEXICAL_KEEP: LexicalKeep = { keep: 4, slack: 6, minShare: 0.8, minCoverage: 0 };

export function keepLexicalHits(fused: Ranked[], lexical: readonly LexicalHit[], weights: LexicalKeep = LEXICAL_KEEP): Ranked[] {
  if (weights.keep <= 0 || lexical.length === 0 || bestShare(lexical) < weights.minCoverage) return fused;
  const fusedBySeq = new Map(fused.map((r) => [r.seq, r]));
  // bm25() is negative, lower is better: a share of the first hit's.
  const top = lexical[0].bm25;
  const kept = lexical
    .slice(0, weights.keep)
    .filter((h) => fusedBySeq.has(h.seq) && (top > -1e-9 || h.bm25 / top >= weights.minShare))
    .map((h) => fusedBySeq.get(h.seq)!);
  if (kept.length === 0) return fused;
  const placed = new Set<number>();
  const out: Ranked[] = [];
  let next = 0;
  // The kept hits' deadlines (their order + slack) rise with their order: the first unplaced one is the next due.
  let due = 0;
  while (out.length < fused.length) {
    while (due < kept.length && placed.has(kept[due].seq)) due++;
    // A kept hit whose deadline has come takes this place; otherwise the next fused hit does.
    let pick: Ranked | undefined = due < kept.length && due + weights.slack <= out.length ? kept[due] : undefined;
    while (!pick && next < fused.length) {
      if (!placed.has(fused[next].seq)) pick = fused[next];
      next++;
    }
    if (!pick) break;
    placed.add(pick.seq);
    out.push(pick);
  }
  return out;
}

/** The idf-weighted share of the question the best lexical hit holds (0 with no coverage measured). */
function bestShare(lexical: readonly LexicalHit[]): number {
  let best = 0;
  for (const h of lexical) {
    const c = h.coverage;
    if (!c) continue;
    const total = c.present + c.absent;
    if (total > 0) best = Math.max(best, c.matched / total);
  }
  return best;
}
