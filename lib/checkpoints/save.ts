import type { CaptureCheckpointResult, ParsedCaptureCheckpointInput } from "../contracts/checkpoints";
import type { Ctx } from "../ctx";
import { extractAfterCapture } from "./background";
import { captureCheckpointAsync } from "./capture";

/**
 * `POST /api/checkpoints` (compaction, manual and ingest captures): stores the checkpoint, then the
 * optional LLM extractor reads the history off the request, so the compaction hook gets its answer
 * first. Not awaited on purpose: `extractAfterCapture` never throws.
 */
export async function saveCheckpoint(ctx: Ctx, input: ParsedCaptureCheckpointInput): Promise<CaptureCheckpointResult> {
  const result = await captureCheckpointAsync(ctx, input);
  void extractAfterCapture(ctx, input);
  return result;
}
