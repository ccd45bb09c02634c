import { agentPrompt, modelOption, READ_ONLY_BASH, type BundledAgent } from "./types";

export const auditor: BundledAgent = {
  name: "auditor",
  readOnly: true,
  config: (settings) => ({
    description: "Read-only review of a diff, commit, branch or PR against the project's stored conventions and decisions; findings kept in memory",
    mode: "subagent",
    temperature: 0,
    prompt: agentPrompt("auditor"),
    permission: { edit: "deny", bash: READ_ONLY_BASH },
    ...modelOption(settings.auditorModel),
  }),
};
