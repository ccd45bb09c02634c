import { resumeQuery } from "../../contracts/checkpoints";
import type { AgentHookResult, ParsedAgentHookInput } from "../../contracts/agents";
import { registerSessionInput } from "../../contracts/sessions";
import type { Ctx } from "../../ctx";
import { resumeContext } from "../../injection/resume";
import { recordStableInjection } from "../../injection/record";
import { buildStableBlock } from "../../injection/stable";
import { batchedAccess } from "../../search/access-buffer";
import { registerSession } from "../../sessions";
import { contextOutput } from "../output";

/**
 * SessionStart (startup, resume, clear, compact): the pinned block, and once per session the
 * resume of the project's latest checkpoint from another session. After a compaction the pinned
 * block is given again: the summary that replaced the history may have dropped it.
 */
export function sessionStart(ctx: Ctx, input: ParsedAgentHookInput): AgentHookResult {
  const { session_id: sessionID, cwd: directory } = input.event;
  // Through the contracts, so ids and names are redacted as on every other write path.
  registerSession(ctx, registerSessionInput.parse({ sessionID, directory, agent: input.agent }));
  const did = ["session"];
  const stable = buildStableBlock(ctx, { directory });
  if (stable.memoryIds.length) {
    recordStableInjection(ctx, sessionID, stable, batchedAccess(ctx));
    did.push("pinned");
  }
  const resume = resumeContext(ctx, resumeQuery.parse({ directory, sessionID }));
  if (resume.block) did.push("resume");
  const text = [stable.memoryIds.length ? stable.text : "", resume.block ?? ""].filter(Boolean).join("\n\n");
  return { output: contextOutput("SessionStart", text), did };
}
