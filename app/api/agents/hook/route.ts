import { json, parseBody, route } from "../../_lib/handler";
import { agentHookInput } from "@/lib/contracts/agents";
import { answerAgentHook } from "@/lib/agents/answer-hook";
import { historyBodyLimit } from "@/lib/http/body-limits";

/** Claude Code's and Codex's lifecycle hooks, relayed by `agents/hook.mjs` (docs/agents.md). */
export const POST = route(async ({ req, ctx }) => {
  const input = await parseBody(req, agentHookInput, historyBodyLimit(ctx.config));
  return json(await answerAgentHook(ctx, input));
});
