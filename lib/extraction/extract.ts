import type { ExtractResult, ParsedExtractInput } from "../contracts/extraction";
import type { Ctx } from "../ctx";
import { badRequest } from "../errors";
import { resolveProject } from "../projects/resolve";
import { addPending, clearPending, markSeen, pendingTexts, unseenTexts } from "./cursor";
import { detectCandidates } from "./detect";
import { llmEnabled, runLlmExtraction } from "./llm";
import { nudgeText } from "./nudge";
import { prepareNearDuplicateCheck } from "../indexing/near-duplicate";
import { redact } from "../security/redaction";
import { storeSuggestions, type Suggestion } from "./store";
import { messageTextsSteps, type RoleText } from "./texts";
import { runAll, runSliced, type Steps } from "../slices";

/** Deterministic suggestions from user/assistant prose (what the detectors accept). */
export function ruleSuggestions(texts: readonly RoleText[]): Suggestion[] {
  return runAll(ruleSuggestionsSteps(texts));
}

/** `ruleSuggestions` as steps, one a text (lib/slices.ts). */
export function* ruleSuggestionsSteps(texts: readonly RoleText[]): Steps<Suggestion[]> {
  const out: Suggestion[] = [];
  for (const t of texts) {
    for (const s of suggestionsOf(t)) out.push(s);
    yield;
  }
  return out;
}

function suggestionsOf(t: RoleText): Suggestion[] {
  return detectCandidates(t.text, t.role).map((c) => ({
    category: c.category,
    content: c.content,
    via: "rules" as const,
    rule: c.rule,
    confidence: c.confidence,
    lang: c.lang,
    role: t.role,
    messageId: t.messageId,
  }));
}

/**
 * `POST /api/extract`: reads what was said, stores what is worth remembering as `suggested`
 * memories (source `extractor`, deduplicated), and returns a nudge when something new was found.
 * On `idle` and `compaction` the optional LLM extractor also reads the messages it has not seen.
 */
export async function extractMemories(ctx: Ctx, input: ParsedExtractInput): Promise<ExtractResult> {
  const projectId = resolveProject(ctx, input);
  if (!projectId) throw badRequest("give a directory or a project", { field: "directory" });
  if (!ctx.config.extraction.enabled) return { suggestions: [], nudge: null, llm: { ran: false, reason: "extraction disabled" } };

  // In slices (lib/slices.ts): the rule pass over 10,000 long messages held the event loop ~150 ms in one turn.
  const texts: RoleText[] = input.messages
    ? await runSliced(messageTextsSteps(input.messages))
    : [{ role: input.role, text: input.text ?? "", messageId: null }];
  const items = await runSliced(ruleSuggestionsSteps(texts));

  let llm: ExtractResult["llm"] = { ran: false, reason: llmEnabled(ctx) ? "runs on idle or compaction" : "disabled" };
  // The user's words arrive from chat.message; the model reads them with the next idle run.
  if (input.trigger === "message" && llmEnabled(ctx)) addPending(ctx, input.sessionID, unseenTexts(ctx, input.sessionID, texts));
  if (input.trigger !== "message" && llmEnabled(ctx)) {
    const fresh = unseenTexts(ctx, input.sessionID, [...pendingTexts(ctx, input.sessionID), ...texts]);
    const run = await runLlmExtraction(ctx, fresh);
    // Texts count as seen once the model answered; a failed or skipped call leaves them for the next run.
    if (run.ran && !run.reason) {
      markSeen(ctx, input.sessionID, fresh);
      clearPending(ctx, input.sessionID);
    }
    llm = { ran: run.ran, ...(run.reason ? { reason: run.reason } : {}), ...(run.tokens !== undefined ? { tokens: run.tokens } : {}) };
    items.push(...run.suggestions);
  }

  // Embedded first (when the model is ready): the paraphrase check then compares meanings, not only words.
  await Promise.all(items.slice(0, ctx.config.extraction.maxSuggestionsPerCall).map((i) => prepareNearDuplicateCheck(ctx, redact(i.content).trim())));
  const stored = storeSuggestions(ctx, projectId, input.sessionID, items);
  return {
    suggestions: stored.map(({ alreadyActive: _a, ...s }) => s),
    nudge: nudgeText(stored),
    llm,
  };
}
