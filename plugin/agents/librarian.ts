import { agentPrompt, type BundledAgent } from "./types";

export const librarian: BundledAgent = {
  name: "librarian",
  config: () => ({
    description: "Curates long-term memory: reviews a checkpoint's suggestions, merges duplicates, resolves contradictions",
    mode: "subagent",
    prompt: agentPrompt("librarian"),
    permission: { edit: "deny", bash: { "*": "deny" } },
  }),
};
