import fs from "node:fs";
import type { AgentConfig } from "@opencode-ai/sdk";
import type { Settings } from "../options";

/** One bundled agent: one file under plugin/agents/, listed in `./index.ts`; its prompt in prompts/<name>.md. */
export interface BundledAgent {
  name: string;
  /** Tools are refused (edit, write, patch) for this agent, by permission and by the plugin's own guard. */
  readOnly?: boolean;
  config: (settings: Settings) => AgentConfig;
}

export function agentPrompt(name: string): string {
  return fs.readFileSync(new URL(`./prompts/${name}.md`, import.meta.url), "utf8").trim();
}

/** Shell commands a read-only agent may run (the last matching rule wins: deny all, then allow these). */
export const READ_ONLY_BASH: Record<string, "allow" | "deny"> = {
  "*": "deny",
  "git diff*": "allow",
  "git log*": "allow",
  "git show*": "allow",
  "git status*": "allow",
  "git branch*": "allow",
  "git blame*": "allow",
  "ls*": "allow",
};

/** `provider/model` from an option, when set. */
export const modelOption = (value: string | undefined) => (value ? { model: value } : {});
