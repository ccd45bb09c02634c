import type { CheckpointExtract } from "../contracts/checkpoints";
import { countTokens } from "../token-count";
import { errorLine, fileLine } from "./markdown";

/**
 * What the plugin hands to OpenCode's `experimental.session.compacting`: `prompt` replaces the
 * default compaction instructions, `context` lines are appended to the summary request.
 */
export const COMPACTION_PROMPT = `You are compacting a long coding session so that the work can continue without the full history.
Write the summary in Markdown with exactly these eight sections, in this order:

## 1. Task overview
What the user asked for and why, in two to four sentences.
## 2. Progress
What has been done, concretely: files, functions, commands that now pass.
## 3. Key decisions
Decisions taken and the reason for each.
## 4. Constraints
Rules the user set or the environment imposes, in the user's own words.
## 5. Files modified
Each path with a few words on what changed.
## 6. Errors
Errors met: how each was fixed, and which are still open.
## 7. Next steps
The exact next actions, in order; start with the user's latest unanswered request, if any.
## 8. Critical context
Anything else needed to continue: commands, identifiers, paths, gotchas, the user's preferences.

Recollect extracted the facts that follow from the full history. They are reliable: keep them unless the conversation clearly contradicts them.
Be specific, keep identifiers, paths and commands verbatim, leave out pleasantries, and never describe work that was not done.`;

/** Budget of the context lines (tokens): enough for the facts, small next to the summary itself. */
export const CONTEXT_BUDGET_TOKENS = 2000;

/** One line (string) per section that has something, trimmed to the budget, most important sections first. */
export function contextLines(x: CheckpointExtract, checkpointId: string, budget = CONTEXT_BUDGET_TOKENS): string[] {
  const sections: [string, string[]][] = [
    ["Task overview", [x.task ?? "", x.latestRequest ? `Latest request: ${x.latestRequest}` : ""].filter(Boolean)],
    ["Next steps", x.nextSteps],
    ["Constraints", x.constraints],
    ["Key decisions", x.decisions],
    ["Errors", x.errors.map(errorLine)],
    ["Files modified", x.filesModified.map(fileLine)],
    ["Progress", x.progress],
    ["Critical context", x.criticalContext],
  ];
  const header = `[Recollect checkpoint ${checkpointId}] Facts extracted from the full history:`;
  const out: string[] = [header];
  let used = countTokens(header);
  for (const [title, items] of sections) {
    const kept: string[] = [];
    for (const item of items) {
      const line = `- ${item}`;
      const cost = countTokens(line) + 1;
      if (used + cost > budget) break;
      kept.push(line);
      used += cost;
    }
    if (kept.length) {
      used += countTokens(title) + 2;
      out.push(`${title}:\n${kept.join("\n")}`);
    }
  }
  return out;
}
