import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { readToken } from "../../lib/security/token";
import { MCP_TOOL_LISTS } from "../../lib/vocabulary";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { installMcp, MCP_CLIENTS, type McpClient } from "../lib/install-mcp";
import { bridgeStdioToHttp } from "../lib/mcp-bridge";
import { proveServer } from "../lib/client";
import { probe } from "../lib/server-process";

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "recollect.mjs");

/**
 * `recollect mcp`: an MCP server on stdin/stdout for clients that only speak stdio. It forwards to
 * the running server's /mcp (starting the server first when it is not running, as the plugin
 * does), so every client shares one memory. Nothing but MCP messages is written to stdout.
 */
export function registerMcp(program: Command) {
  program
    .command("mcp")
    .description("MCP server on stdio, forwarding to the running Recollect server (started when needed); see docs/mcp.md")
    .option("--no-start", "fail instead of starting the server when it is not running (also RECOLLECT_AUTOSTART=0, as for the plugin)")
    .option("--directory <dir>", "the project directory the tools default to (default: the client's root, else the current directory)")
    .option("--tools <list>", "which tools the client sees: lean, full or osm (docs/mcp.md; default: the server's mcp.toolList)")
    .action(async (_o, cmd: Command) => {
      const { opts, target } = commandContext<{ start: boolean; directory?: string; tools?: string }>(cmd);
      if (!(await probe(target.url))) {
        // RECOLLECT_AUTOSTART=0 means the same for every client the user runs (the plugin reads it too).
        const autoStart = opts.start && !/^(0|false|no|off)$/i.test(process.env.RECOLLECT_AUTOSTART ?? "");
        if (!autoStart) throw new CliError(`Recollect is not running at ${target.url}`, EXIT.unreachable, "`recollect start`");
        await startServer(opts.dataDir);
        if (!(await probe(target.url))) throw new CliError(`Recollect did not start at ${target.url}`, EXIT.unreachable, "see `recollect logs`");
      }
      const token = target.token ?? readToken(target.dataDir);
      if (!token) throw new CliError(`no API token in ${target.tokenPath}`, EXIT.unauthorized, "set RECOLLECT_TOKEN or start the server once");
      // Asked once, before the bridge starts; the bridge then sends the token with every message.
      await proveServer({ ...target, token }, token);
      if (opts.tools && !(MCP_TOOL_LISTS as readonly string[]).includes(opts.tools)) {
        throw new CliError(`--tools: one of ${MCP_TOOL_LISTS.join(", ")}`, EXIT.usage);
      }
      await bridgeStdioToHttp({
        url: target.url,
        token,
        directory: path.resolve(opts.directory ?? process.cwd()),
        directoryPinned: opts.directory !== undefined,
        tools: opts.tools,
      });
    });

  program
    .command("install-mcp")
    .description(`add Recollect's MCP server ("memory") to a client's config: ${MCP_CLIENTS.join(", ")} (docs/mcp.md)`)
    .requiredOption("--client <name>", MCP_CLIENTS.join(" | "))
    .option("--config <file>", "this config file instead of the client's usual one")
    .option("--uninstall", "remove the entry instead")
    .action(async (_o, cmd: Command) => {
      const { opts, target, out } = commandContext<{ client: string; config?: string; uninstall?: boolean }>(cmd);
      if (!(MCP_CLIENTS as readonly string[]).includes(opts.client)) throw new CliError(`--client: one of ${MCP_CLIENTS.join(", ")}`, EXIT.usage);
      let result: ReturnType<typeof installMcp>;
      try {
        result = installMcp({ client: opts.client as McpClient, url: target.url, tokenPath: target.tokenPath, config: opts.config, uninstall: opts.uninstall });
      } catch (error) {
        throw new CliError((error as Error).message, EXIT.invalid);
      }
      out.result(
        result,
        (r: typeof result) => `${r.action}: ${r.file}${r.action === "added" || r.action === "updated" ? `\nRestart ${r.client} to load it.` : ""}`,
      );
    });
}

/** `recollect start` in a child whose output goes to stderr: stdout belongs to MCP. */
function startServer(dataDir: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = [CLI, "start", ...(dataDir ? ["--data-dir", dataDir] : [])];
    const child = spawn(process.execPath, args, { stdio: ["ignore", process.stderr, process.stderr], env: process.env });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new CliError(`\`recollect start\` failed (exit ${code})`, EXIT.unreachable))));
  });
}
