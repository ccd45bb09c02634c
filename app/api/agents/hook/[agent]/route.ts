import { json, parseBody, route } from "../../../_lib/handler";
import { AGENT_HTTP_HOOK_BODY_BYTES, agentHookEvent } from "@/lib/contracts/agents";
import { answerAgentHttpHook } from "@/lib/agents/answer-http-hook";
import { AGENT_HOOK_AGENTS, type AgentHookAgent } from "@/lib/security/agent-hook-key";
import { AppError } from "@/lib/errors";

/**
 * An agent's hook posted without Recollect's hook script: Claude Code's HTTP hooks, or a `curl`
 * command (docs/agents.md). The body is the event as the agent wrote it; the key of
 * lib/security/agent-hook-key.ts covers `?root=`, the folder of the agent's transcripts. The answer
 * is the agent's hook output itself (`{}` for nothing to add).
 */
export const POST = route<{ agent: string }>(async ({ req, ctx, params }) => {
  const agent = AGENT_HOOK_AGENTS.find((a) => a === params.agent) as AgentHookAgent | undefined;
  if (!agent) throw new AppError("not_found", `no hook for agent "${String(params.agent).slice(0, 40)}"`);
  const event = await parseBody(req, agentHookEvent, AGENT_HTTP_HOOK_BODY_BYTES);
  const root = req.nextUrl.searchParams.get("root") ?? "";
  return json(await answerAgentHttpHook(ctx, agent, event, root));
});
