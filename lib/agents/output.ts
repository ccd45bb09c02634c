import type { AgentHookResult, HookEvent } from "../contracts/agents";

/** The hook output that adds `text` to the model's context, or none when there is nothing to add. */
export function contextOutput(event: HookEvent, text: string): AgentHookResult["output"] {
  return text.trim() ? { hookSpecificOutput: { hookEventName: event, additionalContext: text } } : null;
}
