import fs from "node:fs";
import path from "node:path";
import { Option, type Command } from "commander";
import type { ImportReport } from "../../lib/contracts/export";
import { IMPORT_TOOLS } from "../../lib/contracts/import-tools";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { importFromToolCommand } from "./import-from";

export function registerTransfer(program: Command) {
  program
    .command("export")
    .description("export memories as Markdown or JSON (to a file, or stdout)")
    .addOption(new Option("-f, --format <format>", "file format").choices(["markdown", "json"]).default("json"))
    .option("-o, --output <file>", "write to this file instead of stdout")
    .option("--scope <scopes>", "comma-separated: global, project, session")
    .option("--category <categories>", "comma-separated categories")
    .option("--status <statuses>", "comma-separated statuses, or all (the default)")
    .option("--tag <tags>", "comma-separated tags")
    .option("-p, --project <id>", "only this project")
    .option("--pinned", "only pinned memories")
    .option("--ids <ids>", "exactly these memories (comma-separated)")
    .option("--force", "overwrite the output file if it exists")
    .action(async (_o, cmd: Command) => {
      const { opts, client, out } = commandContext<{
        format: string;
        output?: string;
        scope?: string;
        category?: string;
        status?: string;
        tag?: string;
        project?: string;
        pinned?: boolean;
        ids?: string;
        force?: boolean;
      }>(cmd);
      if (opts.output && fs.existsSync(opts.output) && !opts.force) throw new CliError(`${opts.output} exists`, EXIT.conflict, "pass --force to overwrite it");
      const res = await client.request("/api/export", {
        query: {
          format: opts.format,
          scope: opts.scope,
          category: opts.category,
          status: opts.status,
          tag: opts.tag,
          project: opts.project,
          pinned: opts.pinned ? "true" : undefined,
          ids: opts.ids,
        },
        timeoutMs: 10 * 60_000,
      });
      const text = await res.text();
      const count = Number(res.headers.get("x-recollect-count") ?? NaN);
      if (!opts.output) {
        process.stdout.write(text.endsWith("\n") ? text : text + "\n");
        return;
      }
      const file = path.resolve(opts.output);
      fs.writeFileSync(file, text);
      out.result(
        { file, format: opts.format, count: Number.isFinite(count) ? count : null, bytes: Buffer.byteLength(text) },
        (r) => `Exported ${r.count ?? "the"} memories to ${file} (${opts.format}).`,
      );
    });

  program
    .command("import")
    .description("import memories from a Recollect export (Markdown or JSON), or with --from from another memory tool; duplicates are skipped")
    .argument("[file]", "the export file (`-` reads stdin); with --from: the tool's database, export or folder (default: where the tool keeps it)")
    .addOption(new Option("-f, --format <format>", "file format (default: from the extension)").choices(["markdown", "json"]))
    .addOption(new Option("--from <tool>", "import from another memory tool").choices([...IMPORT_TOOLS]))
    .option("--project <dir|id>", "with --from: put every memory into this project")
    .option("--dry-run", "report what would be imported, change nothing")
    .action(async (file: string | undefined, _o, cmd: Command) => {
      const context = commandContext<{ format?: string; dryRun?: boolean; from?: string; project?: string }>(cmd);
      if (context.opts.from) return importFromToolCommand(context as Parameters<typeof importFromToolCommand>[0], file);
      if (!file) throw new CliError("give the export file to import (or --from <tool>)", EXIT.usage);
      const { opts, client, out } = context;
      let text: string;
      try {
        text = file === "-" ? fs.readFileSync(0, "utf8") : fs.readFileSync(file, "utf8");
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new CliError(
          `cannot read ${file}: ${code === "ENOENT" ? "no such file" : (error as Error).message}`,
          code === "ENOENT" ? EXIT.notFound : EXIT.failure,
        );
      }
      const format = opts.format ?? guessFormat(file, text);
      const report = await client.json<ImportReport>("/api/import", {
        body: text,
        query: { format, dryRun: opts.dryRun ? "true" : undefined },
        timeoutMs: 10 * 60_000,
      });
      out.result(report, (r: ImportReport) => {
        const lines = [
          `${r.dryRun ? "Would import" : "Imported"} ${r.created} of ${r.total} memories from ${file} (${r.duplicates} duplicate(s) skipped, ${r.invalid} invalid).`,
        ];
        for (const item of r.items.filter((i) => i.outcome === "invalid").slice(0, 20)) lines.push(`  #${item.index} invalid: ${item.error}`);
        return lines;
      });
      if (report.invalid > 0 && report.created === 0 && report.duplicates === 0) process.exitCode = EXIT.invalid;
    });
}

function guessFormat(file: string, text: string): "markdown" | "json" {
  const ext = path.extname(file).toLowerCase();
  if (ext === ".json") return "json";
  if (ext === ".md" || ext === ".markdown") return "markdown";
  return text.trimStart().startsWith("{") ? "json" : "markdown";
}
