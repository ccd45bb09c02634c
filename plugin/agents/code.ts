import { agentPrompt, type BundledAgent } from "./types";

export const code: BundledAgent = {
  name: "code",
  config: () => ({
    description: "Coding agent with long-term memory: checks memory before unfamiliar code, stores decisions and conventions as it works",
    mode: "primary",
    prompt: agentPrompt("code"),
  }),
};
