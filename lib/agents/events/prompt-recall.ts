import type { AgentHookResult, ParsedAgentHookInput } from "../../contracts/agents";
import { recallContextInput } from "../../contracts/context";
import type { Ctx } from "../../ctx";
import { buildRecallBlock } from "../../injection/recall";
import { buildStableBlock } from "../../injection/stable";
import { batchedAccess } from "../../search/access-buffer";
import { contextOutput } from "../output";

/**
 * UserPromptSubmit: memories relevant to the prompt, within the recall budget, less the pinned ones
 * the session start already gave. Cached per (session, prompt id) like the plugin's recall, so a
 * retried hook gets the same bytes.
 */
export async function promptRecall(ctx: Ctx, input: ParsedAgentHookInput): Promise<AgentHookResult> {
  const { session_id: sessionID, cwd: directory, prompt } = input.event;
  if (!prompt?.trim()) return { output: null, did: [] };
  const promptId = typeof input.event.prompt_id === "string" ? input.event.prompt_id : undefined;
  const recall = await buildRecallBlock(
    ctx,
    recallContextInput.parse({
      directory,
      sessionID,
      query: prompt.slice(0, 4000),
      ...(promptId ? { messageID: promptId.slice(0, 200) } : {}),
      exclude: buildStableBlock(ctx, { directory }).memoryIds,
    }),
    { defer: batchedAccess(ctx) },
  );
  return { output: contextOutput("UserPromptSubmit", recall.block), did: recall.memoryIds.length ? ["recall"] : [] };
}
