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

/**
 * Shell commands a read-only agent may run (the last matching rule wins: deny all, allow these,
 * then deny what writes through them). The plugin's guard checks the same with `isReadOnlyCommand`,
 * whatever a user's permission config says.
 */
export const READ_ONLY_BASH: Record<string, "allow" | "deny"> = {
  "*": "deny",
  "git diff*": "allow",
  "git log*": "allow",
  "git show*": "allow",
  "git status*": "allow",
  "git branch": "allow",
  "git branch --list*": "allow",
  "git branch --show-current": "allow",
  "git blame*": "allow",
  "ls*": "allow",
  // `git log --output=FILE` writes a file.
  "*--output*": "deny",
};

const READ_ONLY_PREFIXES = ["git diff", "git log", "git show", "git status", "git blame", "ls"];
const READ_ONLY_EXACT = new Set(["git branch", "git branch --show-current"]);
/** Shell syntax that chains, redirects or substitutes: a read-only command is one plain command. */
const SHELL_SYNTAX = /[;&|<>`$\n\r(){}]/;

/**
 * Whether a bash command is one a read-only agent may run: one of the allowed commands, as a plain
 * command line (no `;` `&&` `|`, no redirection, no substitution), without git's `--output`
 * (which writes a file) nor `--ext-diff`.
 */
export function isReadOnlyCommand(command: string): boolean {
  const c = command.trim().replace(/\s+/g, " ");
  if (SHELL_SYNTAX.test(c) || /--output|--ext-diff/.test(c)) return false;
  if (READ_ONLY_EXACT.has(c) || c.startsWith("git branch --list")) return true;
  return READ_ONLY_PREFIXES.some((p) => c === p || c.startsWith(`${p} `));
}

/** `provider/model` from an option, when set. */
export const modelOption = (value: string | undefined) => (value ? { model: value } : {});
