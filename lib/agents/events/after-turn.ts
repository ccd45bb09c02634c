import type { AgentHookResult, ParsedAgentHookInput } from "../../contracts/agents";
import { extractInput } from "../../contracts/extraction";
import type { Ctx } from "../../ctx";
import { extractMemories } from "../../extraction";
import { transcriptMessagesSliced } from "../transcript";

/**
 * Stop (a turn ended): suggestions from the turn's words — the last user prompt and what followed —
 * stored for review like the plugin's idle extraction (near-duplicates of earlier turns are merged
 * by the store's deduplication, so a turn read twice adds nothing).
 */
export async function afterTurn(ctx: Ctx, input: ParsedAgentHookInput): Promise<AgentHookResult> {
  const messages = await transcriptMessagesSliced(input.agent, input.transcript ?? "");
  let start = messages.length;
  while (start > 0 && !(messages[start - 1].info.role === "user" && messages[start - 1].parts.some((p) => p.type === "text"))) start--;
  const turn = messages.slice(Math.max(0, start - 1));
  if (!turn.length) return { output: null, did: [] };
  const result = await extractMemories(
    ctx,
    extractInput.parse({ directory: input.event.cwd, sessionID: input.event.session_id, messages: turn, trigger: "idle" }),
  );
  return { output: null, did: result.suggestions.length ? ["suggestions"] : [] };
}
