import type { SlashCommand } from "./types";

/** `/cancel-loop [id]`: cancels a running loop (all of the project's when no id is given). */
export const cancelLoop: SlashCommand = {
  name: "cancel-loop",
  // On the architect: the loop tools are its own (plugin/hooks/config.ts).
  agent: "architect",
  description: "Cancel a running code-and-audit loop",
  template: "Call the memory_loop_cancel tool once (id: $ARGUMENTS when an id is given, else no id) and report what it answered.",
};
