import type { Part } from "@opencode-ai/sdk";
import type { Runtime } from "../runtime";

/** What a slash command's handler gets. */
export interface CommandContext {
  rt: Runtime;
  sessionID: string;
  /** Everything the user typed after the command's name. */
  arguments: string;
}

/** What a command handled by the plugin shows. */
export interface CommandOutcome {
  text: string;
  /**
   * Whether the text goes to the model as context from the next turn on (`/recall`, `/resume`);
   * otherwise it is shown in the session and kept out of the model's view.
   */
  context?: boolean;
  toast?: { message: string; variant: "info" | "success" | "warning" | "error" };
}

/**
 * One slash command: one file under plugin/commands/, listed in `./index.ts`. A command with `run`
 * is handled by the plugin (the model only acknowledges it in a word: plugin/hooks/command.ts); one without runs its `template` on its `agent`,
 * `prepare` adding to the prompt first.
 */
export interface SlashCommand {
  name: string;
  description: string;
  /** The prompt OpenCode runs (`$ARGUMENTS` is what the user typed); unused when `run` is set. */
  template: string;
  agent?: string;
  subtask?: boolean;
  run?: (ctx: CommandContext) => Promise<CommandOutcome>;
  prepare?: (ctx: CommandContext, parts: Part[]) => Promise<void>;
}

/**
 * The template of a command the plugin handles itself (OpenCode requires one): the hook replaces it
 * with the acknowledgement; should the hook fail, this still asks for no more than a word.
 */
export const handledTemplate = (name: string) => `Recollect handles /${name} itself. Reply with one word: Done.`;
