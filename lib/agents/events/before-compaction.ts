import type { AgentHookResult, ParsedAgentHookInput } from "../../contracts/agents";
import { captureCheckpointInput } from "../../contracts/checkpoints";
import type { Ctx } from "../../ctx";
import { saveCheckpoint } from "../../checkpoints";
import { contractSteps } from "../../http/contract-sliced";
import { runSliced } from "../../slices";
import { transcriptMessagesSliced } from "../transcript";

/** PreCompact: the whole transcript kept as a checkpoint (raw history + what matters), as at OpenCode's compaction. */
export async function beforeCompaction(ctx: Ctx, input: ParsedAgentHookInput): Promise<AgentHookResult> {
  // Read and checked in slices, as POST /api/checkpoints checks its body: a 50 MB transcript is 100,000 messages.
  const messages = await transcriptMessagesSliced(input.agent, input.transcript ?? "");
  if (!messages.length) return { output: null, did: [] };
  const capture = { directory: input.event.cwd, sessionID: input.event.session_id, trigger: "compaction", messages };
  await saveCheckpoint(ctx, await runSliced(contractSteps(captureCheckpointInput, "messages", capture)));
  return { output: null, did: ["checkpoint"] };
}
