import { z } from "zod";
import { EXTRACTED_CATEGORIES } from "../contracts/extraction";
import type { Ctx } from "../ctx";
import { redact } from "../security/redaction";
import { countTokens } from "../token-count";
import { rejectReason } from "./rules";
import { languageOf } from "./sentences";
import type { Suggestion } from "./store";
import type { RoleText } from "./texts";
import { askMemoryModel } from "./memory-model";
import { usageToday } from "./usage";

/**
 * The optional "memory model": an OpenAI-compatible chat endpoint that reads new conversation
 * text and proposes memories. Off by default. Every call reserves its worst case (prompt tokens,
 * padded, plus `maxTokensPerCall`) against a daily cap in `llm_usage` before it is made, so the
 * cap is never exceeded; the text sent is redacted; what comes back is validated like any input.
 */
export const LLM_SYSTEM_PROMPT = `You extract durable project knowledge from a coding-assistant conversation.
Return JSON: {"memories": [{"category": "decision"|"constraint"|"preference"|"convention"|"gotcha", "content": "<one self-contained sentence>"}]}.
Only include things stated as settled: decisions taken, hard constraints, the user's preferences, project conventions, and bugs/fixes/pitfalls worth remembering.
Never include questions, hypotheticals, options still being discussed, quotes of others, or secrets. Return {"memories": []} when there is nothing.`;

/** Each proposed memory is validated on its own: one bad item does not cost the others. */
const llmItem = z.object({
  category: z.enum(EXTRACTED_CATEGORIES),
  content: z.string().trim().min(8).max(500),
});
const llmOutput = z.object({ memories: z.array(z.unknown()).max(50) });

export interface LlmRun {
  ran: boolean;
  reason?: string;
  tokens?: number;
  suggestions: Suggestion[];
}

/** Pads our token count of the prompt: the provider's tokenizer may count a little more. */
const PROMPT_PAD = 1.15;
const FRAMING_TOKENS = 24;

export function llmEnabled(ctx: Ctx): boolean {
  const c = ctx.config.extraction.llm;
  return ctx.config.extraction.enabled && c.enabled && Boolean(c.baseUrl) && Boolean(c.model);
}

/** Newest texts first until the budget is spent, then back in conversation order. */
function transcriptWithin(texts: readonly RoleText[], budgetTokens: number): { transcript: string; tokens: number; used: number } {
  const picked: string[] = [];
  let tokens = 0;
  for (let i = texts.length - 1; i >= 0; i--) {
    const line = `${texts[i].role.toUpperCase()}: ${redact(texts[i].text)}`;
    const t = countTokens(line) + 2;
    if (tokens + t > budgetTokens) break;
    picked.unshift(line);
    tokens += t;
  }
  return { transcript: picked.join("\n\n"), tokens, used: picked.length };
}

export async function runLlmExtraction(ctx: Ctx, texts: readonly RoleText[], now = Date.now()): Promise<LlmRun> {
  const c = ctx.config.extraction.llm;
  if (!llmEnabled(ctx)) return { ran: false, reason: "disabled", suggestions: [] };
  if (texts.length === 0) return { ran: false, reason: "no new messages", suggestions: [] };

  const systemTokens = countTokens(LLM_SYSTEM_PROMPT) + FRAMING_TOKENS;
  const left = c.dailyTokenCap - usageToday(ctx, now).tokens;
  const transcriptBudget = Math.floor((left - c.maxTokensPerCall) / PROMPT_PAD) - systemTokens;
  if (transcriptBudget < 64) return { ran: false, reason: "daily token cap reached", suggestions: [] };
  const { transcript, tokens } = transcriptWithin(texts, transcriptBudget);
  if (!transcript) return { ran: false, reason: "daily token cap reached", suggestions: [] };

  const promptTokens = Math.ceil((systemTokens + tokens) * PROMPT_PAD);
  const answer = await askMemoryModel(
    ctx,
    { system: LLM_SYSTEM_PROMPT, user: `Conversation:\n\n${transcript}`, promptTokens, maxTokens: c.maxTokensPerCall },
    now,
  );
  if (!answer.ran) return { ran: false, reason: answer.reason, suggestions: [] };
  if (!("content" in answer)) return { ran: true, reason: answer.reason, tokens: answer.tokens, suggestions: [] };
  return { ran: true, tokens: answer.tokens, suggestions: parseSuggestions(answer.content) };
}

/** Validates the model's JSON (fenced or bare); anything malformed yields nothing, not an error. */
export function parseSuggestions(content: string): Suggestion[] {
  // The fences by hand: `\s*```$` unanchored rescans a long run of spaces from each of them.
  let raw = content.trim();
  if (raw.startsWith("```")) raw = raw.replace(/^```(?:json)?/, "");
  if (raw.endsWith("```")) raw = raw.slice(0, -3);
  raw = raw.trim();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = llmOutput.safeParse(json);
  if (!parsed.success) return [];
  return parsed.data.memories
    .flatMap((item) => {
      const m = llmItem.safeParse(item);
      return m.success ? [m.data] : [];
    })
    .slice(0, 20)
    .filter((m) => {
      const lang = languageOf(m.content);
      const reason = rejectReason({ text: m.content, lang, code: false });
      return reason !== "question" && reason !== "code";
    })
    .map((m) => ({ category: m.category, content: m.content, via: "llm" as const, lang: languageOf(m.content) }));
}
