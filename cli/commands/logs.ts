import fs from "node:fs";
import type { Command } from "commander";
import { logFile } from "../../lib/logging/logger";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { serverLog } from "../lib/server-process";
import { intArg } from "./memories";

/** The last lines of the structured log (or the server's output with --server), pretty or raw. */
export function registerLogs(program: Command) {
  program
    .command("logs")
    .description("show the end of the structured log in the data dir (--server: the server's own output)")
    .option("-n, --lines <n>", "how many lines", intArg("lines"), 50)
    .option("--server", "the output of the server started by `recollect start`")
    .option("--errors", "only warnings and errors")
    .action(async (_o, cmd: Command) => {
      const { opts, target, out } = commandContext<{ lines: number; server?: boolean; errors?: boolean }>(cmd);
      const file = opts.server ? serverLog(target.dataDir) : logFile(target.dataDir);
      let text: string;
      try {
        text = fs.readFileSync(file, "utf8");
      } catch {
        throw new CliError(`no log at ${file} yet`, EXIT.notFound, "the server writes it once it has served a request");
      }
      let lines = text.split("\n").filter(Boolean);
      if (!opts.server) {
        const records = lines.flatMap((l) => {
          try {
            return [JSON.parse(l) as Record<string, unknown>];
          } catch {
            return [];
          }
        });
        const kept = records.filter((r) => !opts.errors || r.level === "warn" || r.level === "error").slice(-opts.lines);
        out.result(kept, (rs: Record<string, unknown>[]) =>
          rs.map((r) => {
            const { ts, level, msg, ...rest } = r;
            const detail =
              msg === "request" ? `${rest.method} ${rest.path} -> ${rest.status} (${rest.ms} ms)${rest.error ? ` ${rest.error}` : ""}` : JSON.stringify(rest);
            return `${ts} ${String(level).padEnd(5)} ${msg} ${detail}`;
          }),
        );
        return;
      }
      lines = lines.slice(-opts.lines);
      out.result(lines, (ls: string[]) => ls.join("\n"));
    });
}
