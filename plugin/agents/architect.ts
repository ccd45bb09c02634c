import { agentPrompt, READ_ONLY_BASH, type BundledAgent } from "./types";

export const architect: BundledAgent = {
  name: "architect",
  readOnly: true,
  config: () => ({
    description: "Read-only planning with memory and the code; writes a plan, then offers to execute it in a new code session",
    mode: "primary",
    prompt: agentPrompt("architect"),
    permission: { edit: "deny", bash: READ_ONLY_BASH },
  }),
};
