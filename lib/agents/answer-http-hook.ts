import type { z } from "zod";
import type { Agent, agentHookEvent, HookEvent } from "../contracts/agents";
import type { Ctx } from "../ctx";
import { answerAgentHook } from "./answer-hook";
import { readTranscriptTail } from "./read-transcript";

/** How much of the transcript an event reads: all of it for a checkpoint (bounded), the end for a turn's suggestions. */
const TRANSCRIPT_BYTES: Partial<Record<HookEvent, number>> = { PreCompact: 64 * 1024 * 1024, Stop: 2 * 1024 * 1024 };

/**
 * An agent's HTTP hook: the same answer as `POST /api/agents/hook`, but the server reads the
 * transcript itself (no hook process does), from `transcript_path` only when it lies under
 * `transcriptRoot`; the output is the agent's hook output, `{}` when there is nothing to add.
 */
export async function answerAgentHttpHook(ctx: Ctx, agent: Agent, event: z.output<typeof agentHookEvent>, transcriptRoot: string) {
  const bytes = TRANSCRIPT_BYTES[event.hook_event_name] ?? 0;
  const transcript = bytes ? await readTranscriptTail(event.transcript_path, transcriptRoot, bytes) : "";
  const answer = await answerAgentHook(ctx, { agent, event, ...(transcript ? { transcript } : {}) });
  return answer.output ?? {};
}
