import { InvalidArgumentError, Option, type Command } from "commander";
import type { CleanupResult } from "../../lib/contracts/maintenance";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { bytes, oneLine } from "../lib/output";
import { list } from "../lib/project";

const BATCH = 2000;

const days = (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError("days must be a positive number");
  return n;
};

export function registerCleanup(program: Command) {
  program
    .command("cleanup")
    .description("delete (or archive) memories by age, scope, category, status, project or id; asks first unless --force")
    .option("--older-than <days>", "created more than this many days ago", days)
    .option("--scope <scopes>", "comma-separated: global, project, session")
    .option("--category <categories>", "comma-separated categories")
    .option("--status <statuses>", "comma-separated statuses (e.g. suggested,archived)")
    .option("-p, --project <id>", "only this project")
    .option("--ids <ids>", "these memories (comma-separated)")
    .option("--include-pinned", "pinned memories too (kept by default)")
    .addOption(new Option("--archive", "archive (restorable) instead of deleting"))
    .option("--dry-run", "show what would go, change nothing")
    .option("-f, --force", "do not ask for confirmation")
    .action(async (_o, cmd: Command) => {
      const { opts, client, out } = commandContext<{
        olderThan?: number;
        scope?: string;
        category?: string;
        status?: string;
        project?: string;
        ids?: string;
        includePinned?: boolean;
        archive?: boolean;
        dryRun?: boolean;
        force?: boolean;
      }>(cmd);
      const filters: Record<string, unknown> = {
        olderThanDays: opts.olderThan,
        scope: list(opts.scope),
        category: list(opts.category),
        status: list(opts.status),
        project: opts.project,
        ids: list(opts.ids),
        includePinned: !!opts.includePinned,
        action: opts.archive ? "archive" : "delete",
      };
      if (!opts.olderThan && !opts.scope && !opts.category && !opts.status && !opts.project && !opts.ids) {
        throw new CliError(
          "give at least one filter (--older-than, --scope, --category, --status, --project, --ids)",
          EXIT.usage,
          "cleanup never matches everything by default",
        );
      }
      const verb = opts.archive ? "archive" : "delete";
      const preview = await client.json<CleanupResult>("/api/maintenance/cleanup", { json: { ...filters, dryRun: true } });
      if (preview.unknownIds.length) out.warn(`unknown id(s): ${preview.unknownIds.join(", ")}`);
      if (opts.dryRun || preview.matched === 0) {
        out.result(preview, (r: CleanupResult) => [
          r.matched === 0 ? "No memories match; nothing to do." : `Would ${verb} ${r.matched} memories:`,
          ...r.sample.map((m) => `  ${m.id}  ${m.category}/${m.scope}  ${m.createdAt.slice(0, 10)}  ${oneLine(m.content, 70)}`),
          ...(r.matched > r.sample.length ? [`  ... and ${r.matched - r.sample.length} more`] : []),
        ]);
        if (preview.unknownIds.length && preview.matched === 0) process.exitCode = EXIT.notFound;
        return;
      }
      if (!opts.force) {
        for (const m of preview.sample.slice(0, 5)) out.info(`  ${m.id}  ${m.category}/${m.scope}  ${oneLine(m.content, 70)}`);
        const ok = await out.confirm(
          `${verb[0].toUpperCase()}${verb.slice(1)} ${preview.matched} memories${opts.archive ? "" : " for good"}?`,
          `${verb} ${preview.matched} memories`,
        );
        if (!ok) throw new CliError("cancelled; nothing changed", EXIT.cancelled);
      }
      const bar = out.progress(preview.matched, verb === "delete" ? "Deleting" : "Archiving");
      let affected = 0;
      let last: CleanupResult | undefined;
      const first = preview.sizeBeforeBytes;
      try {
        for (;;) {
          last = await client.json<CleanupResult>("/api/maintenance/cleanup", { json: { ...filters, limit: BATCH }, timeoutMs: 10 * 60_000 });
          affected += last.affected;
          bar.update(affected);
          if (last.remaining === 0 || last.affected === 0) break;
        }
      } finally {
        bar.stop();
      }
      const result = {
        action: filters.action,
        matched: preview.matched,
        affected,
        unknownIds: preview.unknownIds,
        sizeBeforeBytes: first,
        sizeAfterBytes: last!.sizeAfterBytes,
      };
      out.result(
        result,
        () => `${verb === "delete" ? "Deleted" : "Archived"} ${affected} memories; database ${bytes(first)} -> ${bytes(last!.sizeAfterBytes)}.`,
      );
    });
}
