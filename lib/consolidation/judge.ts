import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { askMemoryModel } from "../extraction/memory-model";
import { countTokens } from "../token-count";
import type { Slicer } from "./slicer";
import { clip, ordered, round, supersedeCandidate, type Pair } from "./supersede";
import { textOf } from "./features";
import { fingerprintOf, type Candidate } from "./types";

export const JUDGE_PROMPT = `You review a proposal to merge notes that a coding assistant keeps about a project.
Answer with JSON only: {"same": true or false, "why": "one short sentence"}.
"same" is true only when the notes state the same fact or facts, so that one merged note loses nothing and contradicts nothing.
Different subjects, different values, a change of decision, or opposite statements are not the same.`;

export const CONTRADICTION_PROMPT = `You review two notes that a coding assistant keeps about a project: an older one and a newer one.
Answer with JSON only: {"replaces": true or false, "why": "one short sentence"}.
"replaces" is true only when the newer note changes, reverses or contradicts what the older note says about the same subject, so the older note is no longer true.
Notes about different subjects, notes that add to each other, and notes that say the same thing do not replace.`;

const PROMPT_PAD = 1.15;
const ANSWER_TOKENS = 80;
/** Borderline pairs asked about in one run at most (the most similar first). */
export const MAX_JUDGED_PAIRS = 20;

const modelConfigured = (ctx: Ctx) => Boolean(ctx.config.extraction.llm.baseUrl) && Boolean(ctx.config.extraction.llm.model);

/** Whether merges are judged: `consolidation.judgeMerges` on and a memory model configured (`extraction.llm`). */
export function judgeEnabled(ctx: Ctx): boolean {
  return ctx.config.consolidation.judgeMerges && modelConfigured(ctx);
}

/** Whether borderline pairs are judged: `consolidation.judgeContradictions` on and a memory model configured. */
export function contradictionJudgeEnabled(ctx: Ctx): boolean {
  return ctx.config.consolidation.judgeContradictions && modelConfigured(ctx);
}

export interface JudgeTally {
  asked: number;
  confirmed: number;
  refused: number;
  /** Not judged (cap reached, the call failed, an unreadable answer): proposed as found, said so in the evidence. */
  notJudged: number;
}

type Answer<K extends string> = { verdict: { [key in K]: boolean } & { why: string } } | { failure: string };

/** One yes/no question to the memory model (askMemoryModel): the answer under `key` and a short reason, or why there is none. */
async function ask<K extends string>(ctx: Ctx, system: string, question: string, key: K, now: number): Promise<Answer<K>> {
  const promptTokens = Math.ceil((countTokens(system) + countTokens(question) + 24) * PROMPT_PAD);
  const answer = await askMemoryModel(ctx, { system, user: question, promptTokens, maxTokens: ANSWER_TOKENS }, now);
  if (!("content" in answer)) return { failure: answer.reason };
  const verdict = parseAnswer(answer.content, key);
  return verdict ? { verdict } : { failure: "unreadable answer" };
}

/**
 * Asks the memory model to confirm each new merge (not an exact duplicate, not already stored)
 * before it is proposed. A merge the model refuses is not proposed (this run; it is asked again at
 * the next); a confirmed one carries the model's answer in its evidence. Without an answer the
 * merge is proposed as the rules found it.
 */
export async function judgeMerges(ctx: Ctx, candidates: Candidate[], slicer: Slicer, now = Date.now()): Promise<{ kept: Candidate[]; tally: JudgeTally }> {
  const tally: JudgeTally = { asked: 0, confirmed: 0, refused: 0, notJudged: 0 };
  const known = prepared(ctx.sqlite, "SELECT 1 FROM proposals WHERE fingerprint = ?");
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    if (candidate.kind !== "merge" || candidate.safe || known.get(fingerprintOf(candidate))) {
      kept.push(candidate);
      continue;
    }
    const texts = (candidate.evidence.texts as { id: string; text: string }[] | undefined) ?? [];
    const answer = await ask(ctx, JUDGE_PROMPT, texts.map((t, i) => `Note ${i + 1}: ${t.text}`).join("\n"), "same", now);
    if ("failure" in answer) {
      if (answer.failure !== "daily token cap reached") tally.asked++;
      tally.notJudged++;
      kept.push({ ...candidate, evidence: { ...candidate.evidence, judge: { ran: false, reason: answer.failure } } });
    } else {
      tally.asked++;
      if (answer.verdict.same) {
        tally.confirmed++;
        kept.push({
          ...candidate,
          evidence: { ...candidate.evidence, judge: { model: ctx.config.extraction.llm.model, same: true, why: answer.verdict.why } },
        });
      } else tally.refused++;
    }
    if (slicer.due()) await slicer.pause();
  }
  return { kept, tally };
}

/** The seq of a pair's later-stored memory. */
export const newerSeq = (p: Pair) => Math.max(p.a.memory.seq, p.b.memory.seq);

/** The judge's order: the pairs of the oldest memories first (so its mark can move), the most similar first among them. */
export const byJudgeOrder = (x: Pair, y: Pair) => newerSeq(x) - newerSeq(y) || y.jaccard - x.jaccard;

/**
 * Borderline pairs (BorderlinePairs in consolidate.ts: the same subject in similar words, one
 * category, no rule decided) in the judge's order: the memory model is asked, for at most
 * MAX_JUDGED_PAIRS of them, whether the newer replaces the older; a yes becomes a supersession
 * proposal with its answer as evidence. `unjudgedFrom`: the smallest newer seq of a pair left
 * without an answer (not reached, the cap, a failed call), from which the next run asks again.
 */
export async function judgeContradictions(
  ctx: Ctx,
  pairs: readonly Pair[],
  slicer: Slicer,
  now = Date.now(),
): Promise<{ found: Candidate[]; tally: JudgeTally; unjudgedFrom: number }> {
  const tally: JudgeTally = { asked: 0, confirmed: 0, refused: 0, notJudged: 0 };
  const found: Candidate[] = [];
  const known = prepared(ctx.sqlite, "SELECT 1 FROM proposals WHERE fingerprint = ?");
  let unjudgedFrom = Number.POSITIVE_INFINITY;
  let asked = 0;
  for (const pair of pairs) {
    const { older, newer } = ordered(pair);
    // Already proposed (a yes in a run that left other pairs of this memory for later).
    if (known.get(fingerprintOf({ kind: "supersede", projectId: null, memoryIds: [newer.memory.id, older.memory.id] }))) continue;
    if (asked >= MAX_JUDGED_PAIRS) {
      unjudgedFrom = Math.min(unjudgedFrom, newerSeq(pair));
      continue;
    }
    asked++;
    const question = `Older note: ${clip(textOf(older.memory), 1000)}\nNewer note: ${clip(textOf(newer.memory), 1000)}`;
    const answer = await ask(ctx, CONTRADICTION_PROMPT, question, "replaces", now);
    if ("failure" in answer) {
      if (answer.failure !== "daily token cap reached") tally.asked++;
      tally.notJudged++;
      unjudgedFrom = Math.min(unjudgedFrom, newerSeq(pair));
    } else {
      tally.asked++;
      if (answer.verdict.replaces) {
        tally.confirmed++;
        found.push(
          supersedeCandidate(newer, older, `replaces it, as the memory model judged: ${answer.verdict.why || "no reason given"}`, {
            rule: "judge",
            jaccard: round(pair.jaccard),
            judge: { model: ctx.config.extraction.llm.model, replaces: true, why: answer.verdict.why },
          }),
        );
      } else tally.refused++;
    }
    if (slicer.due()) await slicer.pause();
  }
  return { found, tally, unjudgedFrom };
}

/** `{"<key>": bool, "why": string}`, fenced or bare; undefined when malformed. */
export function parseAnswer<K extends string>(content: string, key: K): ({ [k in K]: boolean } & { why: string }) | undefined {
  // From the first `{` to the last `}` (what /\{[\s\S]*\}/ matched, without its rescan from each `{`).
  const from = content.indexOf("{");
  const to = content.lastIndexOf("}");
  if (from < 0 || to < from) return undefined;
  const json = content.slice(from, to + 1);
  try {
    const v = JSON.parse(json) as Record<string, unknown>;
    if (typeof v[key] !== "boolean") return undefined;
    return { [key]: v[key], why: typeof v.why === "string" ? v.why.slice(0, 300) : "" } as { [k in K]: boolean } & { why: string };
  } catch {
    return undefined;
  }
}

/** The merge judge's answer: `{"same": bool, "why": string}`. */
export const parseVerdict = (content: string) => parseAnswer(content, "same");
