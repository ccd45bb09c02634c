import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { uninstallPlugin } from "../../scripts/install-plugin";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { AGENTS, agentStatus, installAgent } from "../lib/install-agent";
import { currentMcpEntry, installMcp, isRecollectMcpEntry, MCP_CLIENTS } from "../lib/install-mcp";
import { bytes } from "../lib/output";
import { stopBackgroundServer } from "../lib/server-process";

/** Bytes under a directory (0 when it is missing). */
function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * `recollect uninstall`: what to run before `npm uninstall -g recollect` (npm runs no uninstall
 * scripts since v7): stops the server and removes the plugin and TUI entries from OpenCode's
 * config and the MCP entries `install-mcp` wrote, so no client is left pointing at deleted files.
 * The data dir stays.
 */
export function registerUninstall(program: Command) {
  program
    .command("uninstall")
    .description(
      "before `npm uninstall -g recollect`: stop the server, remove the plugin, TUI, MCP and agent-hook entries from the clients' configs; the data dir stays",
    )
    .option("--project <dir...>", "also remove the entries from these projects' opencode.json")
    .action(async (_o, cmd: Command) => {
      const { opts, target, out } = commandContext<{ project?: string[] }>(cmd);
      const server = await stopBackgroundServer(target.dataDir, target.url);
      const targets = [{ global: true as const }, ...(opts.project ?? []).map((project) => ({ project }))];
      let configs: ReturnType<typeof uninstallPlugin>[];
      let mcp: { client: string; file: string; action: string }[];
      let agents: { agent: string; file: string }[];
      try {
        configs = targets.map((t) => uninstallPlugin(t));
        // `recollect install-agent` hooks (Claude Code, Codex): only Recollect's hooks go.
        agents = AGENTS.filter((agent) => agentStatus(agent, target.url, target.dataDir).installed).map((agent) => {
          const r = installAgent({ agent, url: target.url, dataDir: target.dataDir, tokenPath: target.tokenPath, uninstall: true });
          return { agent, file: r.hooks.file };
        });
        // `recollect install-mcp` entries: removed when they are Recollect's, kept (and named) when another "memory" server.
        mcp = MCP_CLIENTS.flatMap((client) => {
          const current = currentMcpEntry(client);
          if (!current) return [];
          if (!isRecollectMcpEntry(current.text, target.tokenPath)) return [{ client, file: current.file, action: "kept" }];
          return [installMcp({ client, url: target.url, tokenPath: target.tokenPath, uninstall: true })];
        });
      } catch (error) {
        throw new CliError((error as Error).message, EXIT.invalid);
      }
      const dataDirBytes = fs.existsSync(target.dataDir) ? dirBytes(target.dataDir) : null;
      out.result({ server, configs, mcp, agents, dataDir: target.dataDir, dataDirBytes }, () => [
        server.wasRunning ? `Stopped the server (pid ${server.pid}).` : "The server was not running.",
        ...configs.flatMap((c) => [
          `${c.action === "removed" ? "Removed the plugin from" : "No plugin entry in"} ${c.file}`,
          ...(c.tui ? [`${c.tui.action === "removed" ? "Removed the TUI plugin from" : "No TUI plugin entry in"} ${c.tui.file}`] : []),
          ...(c.removedOther ?? []).map((where) => `Removed the OpenCode 2 plugin from ${where}`),
        ]),
        ...agents.map((a) => `Removed Recollect's ${a.agent} hooks from ${a.file}`),
        ...mcp.map((m) =>
          m.action === "kept" ? `Kept the "memory" MCP server in ${m.file}: it is not Recollect's` : `Removed the "memory" MCP server from ${m.file}`,
        ),
        dataDirBytes === null
          ? `No data dir at ${target.dataDir}.`
          : `Your memories stay in ${target.dataDir} (${bytes(dataDirBytes)}); to delete them too: rm -rf '${target.dataDir}'`,
        "Now remove the package: npm uninstall -g recollect",
      ]);
    });
}
