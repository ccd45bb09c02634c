import type { Config } from "@opencode-ai/plugin";
import { AGENTS } from "../agents";
import { COMMANDS } from "../commands";
import type { Runtime } from "../runtime";

/** The tools of the bundled agents, hidden from every other agent. */
const TOOLS_OF_AGENT: Record<string, string[]> = {
  // The architect executes approved plans: in a new session or as a loop (`/loop` runs on it too).
  architect: ["memory_plan_execute", "memory_loop", "memory_loop_status", "memory_loop_cancel"],
  auditor: ["memory_review_findings", "memory_finding"],
  // The librarian resolves duplicates and contradictions with the consolidation verb.
  librarian: ["memory_consolidate"],
  // The coder watches loops, and runs a sandboxed loop's searches (offered only in such sessions).
  code: ["memory_loop_status", "memory_loop_cancel", "sandbox_glob", "sandbox_grep"],
};
const AGENT_ONLY_TOOLS = [...new Set(Object.values(TOOLS_OF_AGENT).flat())];

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
      // Tools only some agents use stay out of every other agent's requests (each definition is
      // sent with every request): denied for all, allowed for the agents that need them.
      const permission = (config.permission ??= {}) as Record<string, unknown>;
      for (const name of AGENT_ONLY_TOOLS) permission[name] ??= "deny";
      for (const [agent, tools] of Object.entries(TOOLS_OF_AGENT)) {
        const entry = agents[agent];
        if (!entry) continue;
        const own = (entry.permission ??= {}) as Record<string, unknown>;
        for (const t of tools) own[t] ??= "allow";
      }
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
