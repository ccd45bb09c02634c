import type { AgentHookResult, ParsedAgentHookInput } from "../../contracts/agents";
import { captureCheckpointInput } from "../../contracts/checkpoints";
import type { Ctx } from "../../ctx";
import { saveCheckpoint } from "../../checkpoints";
import { transcriptMessages } from "../transcript";

/** PreCompact: the whole transcript kept as a checkpoint (raw history + what matters), as at OpenCode's compaction. */
export async function beforeCompaction(ctx: Ctx, input: ParsedAgentHookInput): Promise<AgentHookResult> {
  const messages = transcriptMessages(input.agent, input.transcript ?? "");
  if (!messages.length) return { output: null, did: [] };
  await saveCheckpoint(ctx, captureCheckpointInput.parse({ directory: input.event.cwd, sessionID: input.event.session_id, trigger: "compaction", messages }));
  return { output: null, did: ["checkpoint"] };
}
