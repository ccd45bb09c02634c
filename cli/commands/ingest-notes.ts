import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import type { IngestNotesResult } from "../../lib/contracts/notes";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";

/** A burst of saves (an editor writes a file in several steps) is one re-ingest. */
const WATCH_SETTLE_MS = 500;

export function registerIngestNotes(program: Command) {
  program
    .command("ingest-notes <path>")
    .description(
      "turn a Markdown file or a folder of them (memory-bank, .serena/memories, notes) into memories: one per item or section, headings as titles; a re-run updates them in place",
    )
    .option("--project <dir|id>", "store into this project (default: the project the path is in, else global)")
    .option("--global", "store as global memories")
    .option("--dry-run", "show what would change without storing anything")
    .option("--watch", "keep running and re-ingest when a file under the path changes (off by default)")
    .action(async (target: string, _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ project?: string; global?: boolean; dryRun?: boolean; watch?: boolean }>(cmd);
      const full = path.resolve(target);
      if (!fs.existsSync(full)) throw new CliError(`nothing at ${full}`, EXIT.notFound);
      const ref = opts.project ? (fs.existsSync(opts.project) ? { directory: path.resolve(opts.project) } : { project: opts.project }) : {};
      const body = { path: full, ...ref, ...(opts.global ? { scope: "global" } : {}), dryRun: Boolean(opts.dryRun) };
      const once = async () => {
        const r = await client.json<IngestNotesResult>("/api/notes/ingest", { json: body, timeoutMs: 5 * 60_000 });
        out.result(r, (x: IngestNotesResult) => [
          `${x.dryRun ? "Would ingest" : "Ingested"} ${x.files} file(s) from ${x.path} into ${x.scope === "global" ? "global" : `project ${x.projectId}`}: ${x.counts.new} new, ${x.counts.updated} updated, ${x.counts.unchanged} unchanged, ${x.counts.removed} archived.`,
          ...x.notes.filter((n) => n.outcome !== "unchanged").map((n) => `  ${n.outcome.padEnd(8)} ${n.category.padEnd(10)} ${n.title}  (${n.source})`),
        ]);
      };
      await once();
      if (!opts.watch) return;

      let timer: NodeJS.Timeout | undefined;
      let running = Promise.resolve();
      const watcher = fs.watch(full, { recursive: fs.statSync(full).isDirectory() }, (_e, file) => {
        if (file && !/\.(md|markdown)$/i.test(String(file))) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          running = running.then(once).catch((error: Error) => {
            process.stderr.write(`recollect: re-ingest failed: ${error.message}\n`);
          });
        }, WATCH_SETTLE_MS);
      });
      process.stderr.write(`Watching ${full} (Ctrl-C to stop).\n`);
      await new Promise<void>((resolve) => {
        const stop = () => {
          watcher.close();
          clearTimeout(timer);
          resolve();
        };
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
      await running;
    });
}
