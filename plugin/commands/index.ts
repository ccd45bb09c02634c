import { cancelLoopCommand } from "./cancel-loop";
import { loopCommand } from "./loop";

/** Slash commands the plugin adds through the `config` hook (a user's own entry of the same name wins). */
export const LOOP_COMMANDS: Record<string, { description: string; template: string }> = {
  loop: loopCommand,
  "cancel-loop": cancelLoopCommand,
};

export function addCommands(config: { command?: Record<string, unknown> }, commands: Record<string, { description: string; template: string }>) {
  config.command ??= {};
  for (const [name, command] of Object.entries(commands)) config.command[name] ??= command;
}
