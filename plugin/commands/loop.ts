import type { SlashCommand } from "./types";

/** `/loop <task>`: runs the task (or the approved plan) as a code-and-audit loop. */
export const loop: SlashCommand = {
  name: "loop",
  // On the architect: the loop tools are its own (plugin/hooks/config.ts).
  agent: "architect",
  description: "Run a task as an autonomous code-and-audit loop in its own worktree",
  template: [
    "Start a code-and-audit loop for the task below by calling the memory_loop tool once, with the task text exactly as given",
    "(options written after the task such as maxIterations=5, inPlace, sandbox=docker become its arguments). Then report the loop's id and branch.",
    "",
    "$ARGUMENTS",
  ].join("\n"),
};
