import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { reserveTokens, settleTokens } from "../extraction/usage";
import { countTokens } from "../token-count";
import type { Slicer } from "./slicer";
import { fingerprintOf, type Candidate } from "./types";

export const JUDGE_PROMPT = `You review a proposal to merge notes that a coding assistant keeps about a project.
Answer with JSON only: {"same": true or false, "why": "one short sentence"}.
"same" is true only when the notes state the same fact or facts, so that one merged note loses nothing and contradicts nothing.
Different subjects, different values, a change of decision, or opposite statements are not the same.`;

const PROMPT_PAD = 1.15;
const ANSWER_TOKENS = 80;

/** Whether merges are judged: `consolidation.judgeMerges` on and a memory model configured (`extraction.llm`). */
export function judgeEnabled(ctx: Ctx): boolean {
  const c = ctx.config.extraction.llm;
  return ctx.config.consolidation.judgeMerges && Boolean(c.baseUrl) && Boolean(c.model);
}

export interface JudgeTally {
  asked: number;
  confirmed: number;
  refused: number;
  /** Not judged (cap reached, the call failed, an unreadable answer): proposed as found, said so in the evidence. */
  notJudged: number;
}

/**
 * Asks the memory model to confirm each new merge (not an exact duplicate, not already stored)
 * before it is proposed, within the daily token cap it shares with extraction. A merge the model
 * refuses is not proposed (this run; it is asked again at the next); a confirmed one carries the
 * model's answer in its evidence. Without an answer the merge is proposed as the rules found it.
 */
export async function judgeMerges(ctx: Ctx, candidates: Candidate[], slicer: Slicer, now = Date.now()): Promise<{ kept: Candidate[]; tally: JudgeTally }> {
  const tally: JudgeTally = { asked: 0, confirmed: 0, refused: 0, notJudged: 0 };
  const c = ctx.config.extraction.llm;
  const known = prepared(ctx.sqlite, "SELECT 1 FROM proposals WHERE fingerprint = ?");
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    if (candidate.kind !== "merge" || candidate.safe || known.get(fingerprintOf(candidate))) {
      kept.push(candidate);
      continue;
    }
    const texts = (candidate.evidence.texts as { id: string; text: string }[] | undefined) ?? [];
    const question = texts.map((t, i) => `Note ${i + 1}: ${t.text}`).join("\n");
    const promptTokens = Math.ceil((countTokens(JUDGE_PROMPT) + countTokens(question) + 24) * PROMPT_PAD);
    const reserved = promptTokens + ANSWER_TOKENS;
    if (!reserveTokens(ctx, reserved, c.dailyTokenCap, now)) {
      tally.notJudged++;
      kept.push({ ...candidate, evidence: { ...candidate.evidence, judge: { ran: false, reason: "daily token cap reached" } } });
      continue;
    }
    tally.asked++;
    let actual = promptTokens;
    let verdict: { same: boolean; why: string } | undefined;
    let failure = "";
    try {
      const res = await fetch(`${c.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(c.apiKey ? { authorization: `Bearer ${c.apiKey}` } : {}) },
        body: JSON.stringify({
          model: c.model,
          temperature: 0,
          max_tokens: ANSWER_TOKENS,
          response_format: { type: "json_object" },
          messages: [
            { role: "system", content: JUDGE_PROMPT },
            { role: "user", content: question },
          ],
        }),
        signal: AbortSignal.timeout(c.timeoutMs),
      });
      if (!res.ok) failure = `memory model answered HTTP ${res.status}`;
      else {
        const body = (await res.json()) as { choices?: { message?: { content?: string } }[]; usage?: { total_tokens?: number } };
        const content = body.choices?.[0]?.message?.content ?? "";
        actual = body.usage?.total_tokens ?? promptTokens + countTokens(content);
        verdict = parseVerdict(content);
        if (!verdict) failure = "unreadable answer";
      }
    } catch (error) {
      failure = `memory model call failed: ${(error as Error).message}`;
    } finally {
      settleTokens(ctx, reserved, actual, now);
    }
    if (!verdict) {
      tally.notJudged++;
      kept.push({ ...candidate, evidence: { ...candidate.evidence, judge: { ran: false, reason: failure } } });
    } else if (verdict.same) {
      tally.confirmed++;
      kept.push({ ...candidate, evidence: { ...candidate.evidence, judge: { model: c.model, same: true, why: verdict.why } } });
    } else tally.refused++;
    if (slicer.due()) await slicer.pause();
  }
  return { kept, tally };
}

/** `{"same": bool, "why": string}`, fenced or bare; undefined when malformed. */
export function parseVerdict(content: string): { same: boolean; why: string } | undefined {
  const json = /\{[\s\S]*\}/.exec(content)?.[0];
  if (!json) return undefined;
  try {
    const v = JSON.parse(json) as { same?: unknown; why?: unknown };
    if (typeof v.same !== "boolean") return undefined;
    return { same: v.same, why: typeof v.why === "string" ? v.why.slice(0, 300) : "" };
  } catch {
    return undefined;
  }
}
