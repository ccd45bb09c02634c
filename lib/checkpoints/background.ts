import type { ParsedCaptureCheckpointInput } from "../contracts/checkpoints";
import type { Ctx } from "../ctx";
import { clearPending, markSeen, pendingTexts, unseenTexts } from "../extraction/cursor";
import { llmEnabled, runLlmExtraction } from "../extraction/llm";
import { storeSuggestions } from "../extraction/store";
import { messageTexts } from "../extraction/texts";
import { logger } from "../logging/logger";
import { resolveProject } from "../projects/resolve";
import { redactKeysDeep } from "../security/redact-fields";

/**
 * After a compaction checkpoint, the optional LLM extractor reads the messages it has not seen
 * yet. Off the request path: the compaction hook gets its answer first. Never throws.
 */
export async function extractAfterCapture(ctx: Ctx, input: ParsedCaptureCheckpointInput): Promise<void> {
  if (!llmEnabled(ctx) || input.trigger === "ingest" || input.trigger === "idle") return;
  try {
    const projectId = resolveProject(ctx, input);
    if (!projectId) return;
    const fresh = unseenTexts(ctx, input.sessionID, [...pendingTexts(ctx, input.sessionID), ...messageTexts(redactKeysDeep(input.messages))]);
    const run = await runLlmExtraction(ctx, fresh);
    if (run.ran && !run.reason) {
      markSeen(ctx, input.sessionID, fresh);
      clearPending(ctx, input.sessionID);
    }
    storeSuggestions(ctx, projectId, input.sessionID, run.suggestions);
  } catch (error) {
    logger.warn(`LLM extraction after checkpoint failed: ${(error as Error).message}`);
  }
}
