import type { AgentHookResult, HookEvent, ParsedAgentHookInput } from "../contracts/agents";
import type { Ctx } from "../ctx";
import { afterTurn } from "./events/after-turn";
import { beforeCompaction } from "./events/before-compaction";
import { promptRecall } from "./events/prompt-recall";
import { sessionStart } from "./events/session-start";

/**
 * `POST /api/agents/hook`: one lifecycle hook of Claude Code or Codex, answered the way the
 * OpenCode plugin's hooks answer (same verbs, same project identity from the working directory):
 * pinned memories and a resume at session start, recall for each prompt, a checkpoint before
 * compaction, suggestions from what was said at the end of each turn.
 */
const HANDLERS: Record<HookEvent, (ctx: Ctx, input: ParsedAgentHookInput) => Promise<AgentHookResult> | AgentHookResult> = {
  SessionStart: sessionStart,
  UserPromptSubmit: promptRecall,
  PreCompact: beforeCompaction,
  Stop: afterTurn,
};

export function answerAgentHook(ctx: Ctx, input: ParsedAgentHookInput): Promise<AgentHookResult> | AgentHookResult {
  return HANDLERS[input.event.hook_event_name](ctx, input);
}
