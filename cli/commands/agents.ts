import type { Command } from "commander";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { AGENTS, type Agent, installAgent, type InstallAgentResult } from "../lib/install-agent";

/** `recollect install-agent claude-code|codex [--uninstall]`: hooks + MCP entry (docs/agents.md). */
export function registerAgents(program: Command) {
  program
    .command("install-agent")
    .description(`add Recollect's lifecycle hooks and MCP server to another coding agent: ${AGENTS.join(", ")} (docs/agents.md)`)
    .argument("<agent>", AGENTS.join(" | "))
    .option("--uninstall", "remove Recollect's hooks and MCP entry instead")
    .action(async (agent: string, _o, cmd: Command) => {
      const { opts, target, out } = commandContext<{ uninstall?: boolean }>(cmd);
      if (!(AGENTS as readonly string[]).includes(agent)) throw new CliError(`<agent>: one of ${AGENTS.join(", ")}`, EXIT.usage);
      let result: InstallAgentResult;
      try {
        result = installAgent({ agent: agent as Agent, url: target.url, dataDir: target.dataDir, tokenPath: target.tokenPath, uninstall: opts.uninstall });
      } catch (error) {
        throw new CliError((error as Error).message, EXIT.invalid);
      }
      out.result(result, describe);
    });
}

function describe(r: InstallAgentResult): string {
  const lines = [`hooks ${r.hooks.action}: ${r.hooks.file}`, `MCP server ${r.mcp.action}: ${r.mcp.file}`];
  const changed = r.hooks.action === "added" || r.hooks.action === "updated";
  if (changed && r.agent === "codex")
    lines.push("Codex runs a new or changed hook only once you trust it: start `codex`, open /hooks and trust Recollect's four hooks.");
  if (changed || r.mcp.action === "added" || r.mcp.action === "updated") lines.push(`Restart ${r.agent === "codex" ? "Codex" : "Claude Code"} to load them.`);
  return lines.join("\n");
}
