import type { Part } from "@opencode-ai/sdk";
import { findingLine, listFindings } from "../findings";
import type { SlashCommand } from "./types";

/** `/review [diff|commit|branch|PR]`: the auditor, as a sub-task, on the current changes by default. */
export const review: SlashCommand = {
  name: "review",
  description: "Audit the current changes (or a commit, branch, PR) against this project's conventions and decisions",
  agent: "auditor",
  subtask: true,
  template: [
    "Review $ARGUMENTS against this project's stored conventions and decisions.",
    "With nothing named, review the uncommitted changes (`git diff HEAD`).",
    "Record all findings with memory_review_findings, then summarize them.",
  ].join("\n"),
  // The open findings of the last audit go with the prompt: the auditor carries forward or resolves them.
  async prepare({ rt }, parts) {
    const open = await listFindings({ client: rt.client, directory: rt.directory, timeoutMs: rt.settings.toolTimeoutMs });
    if (!open.ok || !open.data.length) return;
    const note = `\n\nOpen findings from earlier audits (report again those still present; the rest are resolved):\n${open.data.map(findingLine).join("\n")}`;
    appendToPrompt(parts, note);
  },
};

/** Adds text to a command's prompt, whether it runs as a sub-task or in the session. */
function appendToPrompt(parts: Part[], text: string) {
  const sub = parts.find((p) => p.type === "subtask") as { prompt: string } | undefined;
  if (sub) sub.prompt += text;
  else {
    const t = parts.find((p): p is Extract<Part, { type: "text" }> => p.type === "text");
    if (t) t.text += text;
  }
}
