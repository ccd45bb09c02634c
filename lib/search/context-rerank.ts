import type { Database } from "better-sqlite3";
import { prepared } from "../db/prepared";
import type { SearchFilters } from "./filters";
import type { Ranked } from "./hybrid";
import type { SearchExplain } from "../contracts/search";
import { dateIntent, memoryDate, overlaps, statedTimes } from "./date-signal";
import { neighboursOf } from "./neighbours";

/**
 * Issue 42: two signals from where and when a memory was written, applied to the fused list
 * (hybrid.ts rank(), either mode): a strong hit's neighbours in its source come up beside it
 * (neighbours.ts), and a question asking "when" or naming a date favours memories that state a
 * time or fall in that date (date-signal.ts). Weights chosen on LoCoMo conv-26 and the tuning
 * halves only (bench/search/locomo-context.ts; docs/semantic-search.md).
 */
export interface ContextWeights {
  /** The first this many hits lend their neighbours a score (0 = off). */
  neighbourHits: number;
  /** A neighbour scores at least this share of its hit's score. */
  neighbourShare: number;
  /** A hit lends only when it scores at least this share of the first hit. */
  neighbourMinShare: number;
  /** A "when" question: a memory stating a time scores × (1 + this) (0 = off). */
  whenBoost: number;
  /** A question naming a date: a memory stating, or written in, it scores × (1 + this) (0 = off). */
  rangeBoost: number;
  /** The date signal reads the first this many hits (chrono-node parses each). */
  dateDepth: number;
}

/**
 * Chosen on conv-26 alone (bench/search/locomo-context.ts --grid, hybrid R@10 0.729 -> 0.776): the
 * middle of a plateau (a neighbour share of 0.6, 0.7 or 0.85 and a date boost of 0.2 or 0.4 all
 * score within 0.007 of it).
 */
export const CONTEXT_WEIGHTS: ContextWeights = {
  neighbourHits: 3,
  neighbourShare: 0.7,
  neighbourMinShare: 0.9,
  whenBoost: 0.4,
  rangeBoost: 0.4,
  dateDepth: 30,
};

export function rerankByContext(
  sqlite: Database,
  query: string,
  ranked: Ranked[],
  filters: SearchFilters,
  now: number,
  weights: ContextWeights = CONTEXT_WEIGHTS,
): Ranked[] {
  if (ranked.length === 0) return ranked;
  // rank() may have put the vector list's sure first hit first regardless of score: it stays first.
  const leadKept = ranked.length > 1 && ranked[0].score < ranked[1].score;
  const out: Ranked[] = ranked.map((r) => ({ ...r }));
  const bySeq = new Map(out.map((r) => [r.seq, r]));

  if (weights.neighbourHits > 0) {
    const top = out[0].score;
    const strong = out.slice(0, weights.neighbourHits).filter((r) => r.score >= weights.neighbourMinShare * top);
    const scoreOf = new Map(strong.map((r) => [r.seq, r.score]));
    for (const n of neighboursOf(
      sqlite,
      strong.map((r) => r.seq),
      filters,
    )) {
      const lent = weights.neighbourShare * (scoreOf.get(n.of) ?? 0);
      const found = bySeq.get(n.seq);
      if (found && found.score >= lent) continue;
      if (found) {
        found.score = lent;
        noteContext(found, { neighbour: true });
      } else {
        const added: Ranked = {
          seq: n.seq,
          score: lent,
          explain: {
            lexicalRank: null,
            bm25: null,
            vectorRank: null,
            vectorDistance: null,
            base: 0,
            boosts: { pinned: 1, recency: 1, access: 1, project: 1 },
            context: { neighbour: true },
          },
        };
        out.push(added);
        bySeq.set(n.seq, added);
      }
    }
  }

  if (weights.whenBoost > 0 || weights.rangeBoost > 0) {
    const intent = dateIntent(query, new Date(now));
    if (intent.asksWhen || intent.range) {
      const depth = sortedByScore(out, leadKept).slice(0, weights.dateDepth);
      const rows = prepared(sqlite, "SELECT seq, content, metadata, created_at AS createdAt FROM memories WHERE seq IN (SELECT value FROM json_each(?))").all(
        JSON.stringify(depth.map((r) => r.seq)),
      ) as { seq: number; content: string; metadata: string; createdAt: number }[];
      for (const row of rows) {
        const reference = memoryDate(parseMetadata(row.metadata), row.createdAt);
        const stated = statedTimes(row.content, reference);
        let factor = 1;
        if (intent.asksWhen && stated.states) factor += weights.whenBoost;
        if (intent.range) {
          const own = { start: reference.getTime(), end: reference.getTime() + 1 };
          if (overlaps(own, intent.range) || stated.spans.some((s) => intent.range && overlaps(s, intent.range))) factor += weights.rangeBoost;
        }
        if (factor > 1) {
          const r = bySeq.get(row.seq)!;
          r.score *= factor;
          noteContext(r, { date: Math.round(factor * 10_000) / 10_000 });
        }
      }
    }
  }
  return sortedByScore(out, leadKept);
}

function noteContext(r: Ranked, part: NonNullable<SearchExplain["context"]>) {
  r.explain = { ...r.explain, context: { ...r.explain.context, ...part } };
}

function sortedByScore<T extends Ranked>(list: T[], leadKept: boolean): T[] {
  // A stable sort: ties keep rank()'s order (lexical rank, then the newest).
  const rest = (leadKept ? list.slice(1) : [...list]).sort((a, b) => b.score - a.score);
  return leadKept ? [list[0], ...rest] : rest;
}

function parseMetadata(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
