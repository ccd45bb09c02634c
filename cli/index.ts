import { Command, CommanderError, Option } from "commander";
import { VERSION } from "../lib/version";
import { registerAgents } from "./commands/agents";
import { registerBlockers } from "./commands/blockers";
import { registerBootstrap } from "./commands/bootstrap";
import { registerBrowser } from "./commands/browser";
import { registerCleanup } from "./commands/cleanup";
import { registerConsolidate } from "./commands/consolidate";
import { registerDoctor } from "./commands/doctor";
import { registerIngest } from "./commands/ingest";
import { registerIngestNotes } from "./commands/ingest-notes";
import { registerLogs } from "./commands/logs";
import { registerLoop } from "./commands/loop";
import { registerMaintenance } from "./commands/maintenance";
import { registerMcp } from "./commands/mcp";
import { registerMemories } from "./commands/memories";
import { registerPlugin } from "./commands/plugin";
import { registerProjects } from "./commands/projects";
import { registerTeam } from "./commands/team";
import { registerReindex } from "./commands/reindex";
import { registerSearch } from "./commands/search";
import { registerServer } from "./commands/server";
import { registerStats } from "./commands/stats";
import { registerTransfer } from "./commands/transfer";
import { registerUninstall } from "./commands/uninstall";
import { CliError, EXIT } from "./lib/exit";

/** `recollect`: the command line of the Recollect server (start it, search, edit, ingest, maintain). */
export function buildProgram(): Command {
  const program = new Command("recollect")
    .description("Local memory for the OpenCode coding agent: run the server, search and edit memories, ingest past sessions, maintain the database.")
    .version(VERSION, "-V, --version")
    .option("--json", "print machine-readable JSON on stdout")
    .option("--url <url>", "server URL (default: RECOLLECT_URL, else http://RECOLLECT_HOST:RECOLLECT_PORT)")
    .addOption(new Option("--data-dir <dir>", "data dir holding the token, database and logs (default: RECOLLECT_DATA_DIR)"))
    .option("--no-progress", "never draw progress bars")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride()
    .addHelpText(
      "after",
      `
Exit codes: 0 ok, 1 failure, 2 bad usage, 3 server not reachable, 4 not found,
            5 token refused, 6 input refused, 7 conflict, 8 cancelled.`,
    );
  registerServer(program);
  registerBrowser(program);
  registerSearch(program);
  registerMemories(program);
  registerTransfer(program);
  registerStats(program);
  registerCleanup(program);
  registerReindex(program);
  registerIngest(program);
  registerDoctor(program);
  registerMaintenance(program);
  registerLogs(program);
  registerPlugin(program);
  registerUninstall(program);
  registerMcp(program);
  registerAgents(program);
  registerConsolidate(program);
  registerBlockers(program);
  registerBootstrap(program);
  registerIngestNotes(program);
  registerLoop(program);
  registerProjects(program);
  registerTeam(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  const json = argv.includes("--json");
  // AbortSignal.timeout() timers do not hold the event loop: keep it alive until the command ends,
  // so a request that hangs times out instead of ending the process mid-await (exit 13).
  const keepAlive = setInterval(() => {}, 1 << 30);
  try {
    await program.parseAsync(argv, { from: "user" });
    return Number(process.exitCode ?? 0);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version "fail" with exit code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof CliError) {
      report(json, error.message, error.hint, error.code ?? "error", error.exitCode);
      return error.exitCode;
    }
    report(json, (error as Error)?.message ?? String(error), undefined, "internal", EXIT.failure);
    if (process.env.RECOLLECT_DEBUG) console.error(error);
    return EXIT.failure;
  } finally {
    clearInterval(keepAlive);
  }
}

function report(json: boolean, message: string, hint: string | undefined, code: string, exitCode: number) {
  if (json) process.stderr.write(JSON.stringify({ error: { code, message, hint: hint ?? null, exitCode } }) + "\n");
  else process.stderr.write(`recollect: ${message}\n${hint ? `  hint: ${hint}\n` : ""}`);
}

const code = await main(process.argv.slice(2));
process.exit(code);
