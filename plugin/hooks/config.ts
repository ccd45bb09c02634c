import type { Config } from "@opencode-ai/plugin";
import { AGENTS } from "../agents";
import { COMMANDS } from "../commands";
import type { Runtime } from "../runtime";

/**
 * `config`: adds the slash commands and the bundled agents to OpenCode's merged config, so the
 * user writes nothing. The user's own definitions win: a command of the same name is left alone
 * (and not handled by the plugin), an agent's fields set by the user override the bundled ones.
 * Returns the names of the commands the plugin owns.
 */
export function configHook(rt: Runtime, owned: Set<string>) {
  return async (config: Config) => {
    if (rt.settings.agents) {
      const agents = (config.agent ??= {});
      for (const a of AGENTS) agents[a.name] = { ...a.config(rt.settings), ...agents[a.name] };
    }
    if (rt.settings.commands) {
      const commands = (config.command ??= {});
      for (const c of COMMANDS) {
        if (commands[c.name]) continue;
        // A command meant for a bundled agent runs on the default agent when agents are off.
        const agent = c.agent && config.agent?.[c.agent] ? c.agent : undefined;
        commands[c.name] = { template: c.template, description: c.description, ...(agent ? { agent } : {}), ...(c.subtask && agent ? { subtask: true } : {}) };
        owned.add(c.name);
      }
    }
  };
}
