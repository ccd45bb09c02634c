import type { Ctx } from "../ctx";
import { countTokens } from "../token-count";
import { reserveTokens, settleTokens } from "./usage";
import { trimEnd } from "../trim-end";

/** What one call to the memory model gave: no call (the cap), a failed call, or the answer's text. */
export type ModelAnswer = { ran: false; reason: string } | { ran: true; reason: string; tokens: number } | { ran: true; content: string; tokens: number };

/**
 * One JSON question to the memory model (`extraction.llm`: an OpenAI-compatible chat endpoint,
 * temperature 0). Its worst case (`promptTokens` + `maxTokens`) is reserved against the daily cap
 * before the call and settled to what the provider reports after it, so the cap is never exceeded
 * (extraction and the consolidation judges share it). Never throws.
 */
export async function askMemoryModel(
  ctx: Ctx,
  question: { system: string; user: string; promptTokens: number; maxTokens: number },
  now = Date.now(),
): Promise<ModelAnswer> {
  const c = ctx.config.extraction.llm;
  const reserved = question.promptTokens + question.maxTokens;
  if (!reserveTokens(ctx, reserved, c.dailyTokenCap, now)) return { ran: false, reason: "daily token cap reached" };
  let actual = question.promptTokens; // a failed call may still have consumed its prompt
  try {
    const res = await fetch(`${trimEnd(c.baseUrl, "/")}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(c.apiKey ? { authorization: `Bearer ${c.apiKey}` } : {}) },
      body: JSON.stringify({
        model: c.model,
        temperature: 0,
        max_tokens: question.maxTokens,
        response_format: { type: "json_object" },
        messages: [
          { role: "system", content: question.system },
          { role: "user", content: question.user },
        ],
      }),
      signal: AbortSignal.timeout(c.timeoutMs),
    });
    if (!res.ok) return { ran: true, reason: `memory model answered HTTP ${res.status}`, tokens: actual };
    const body = (await res.json()) as {
      choices?: { message?: { content?: string } }[];
      usage?: { total_tokens?: number; prompt_tokens?: number; completion_tokens?: number };
    };
    const content = body.choices?.[0]?.message?.content ?? "";
    const reported = body.usage?.total_tokens ?? (body.usage?.prompt_tokens ?? 0) + (body.usage?.completion_tokens ?? 0);
    actual = reported > 0 ? reported : question.promptTokens + countTokens(content);
    return { ran: true, content, tokens: actual };
  } catch (error) {
    return { ran: true, reason: `memory model call failed: ${(error as Error).message}`, tokens: actual };
  } finally {
    settleTokens(ctx, reserved, actual, now);
  }
}
