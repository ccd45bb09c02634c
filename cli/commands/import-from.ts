import fs from "node:fs";
import path from "node:path";
import { IMPORT_TOOLS, type ImportTool, type ToolImportReport } from "../../lib/contracts/import-tools";
import { defaultImportPath } from "../../lib/importers/default-paths";
import type { CommandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";

/** Memories a call imports: big enough to be quick, small enough for a live progress bar. */
const BATCH = 10_000;

/** `recollect import --from <tool> [path]`: batches over `/api/import/tool` with a progress bar. */
export async function importFromToolCommand(
  ctx: CommandContext<{ from: string; dryRun?: boolean; project?: string }>,
  target: string | undefined,
): Promise<void> {
  const { opts, client, out } = ctx;
  if (!(IMPORT_TOOLS as readonly string[]).includes(opts.from)) throw new CliError(`--from: one of ${IMPORT_TOOLS.join(", ")}`, EXIT.usage);
  const from = opts.from as ImportTool;
  const source = path.resolve(target ?? defaultImportPath(from, process.cwd()));
  if (!fs.existsSync(source)) throw new CliError(`no ${from} data at ${source}`, EXIT.notFound, "pass its path: recollect import --from <tool> <path>");
  const ref = opts.project ? (fs.existsSync(opts.project) ? { directory: path.resolve(opts.project) } : { project: opts.project }) : {};
  const base = { from, path: source, ...ref, dryRun: Boolean(opts.dryRun) };

  const reports: ToolImportReport[] = [];
  let bar: ReturnType<typeof out.progress> | undefined;
  try {
    for (let offset = 0; ; ) {
      const r = await client.json<ToolImportReport>("/api/import/tool", { json: { ...base, offset, limit: BATCH }, timeoutMs: 10 * 60_000 });
      reports.push(r);
      if (!bar && r.total > BATCH) bar = out.progress(r.total, opts.dryRun ? "Checking" : "Importing");
      offset += r.handled;
      bar?.update(offset);
      if (r.remaining === 0 || r.handled === 0) break;
    }
  } finally {
    bar?.stop();
  }
  const sum = (k: "new" | "imported" | "duplicate") => reports.reduce((a, r) => a + r.counts[k], 0);
  const last = reports[reports.length - 1];
  const result = {
    from,
    path: source,
    dryRun: base.dryRun,
    total: reports[0].total,
    counts: { new: sum("new"), imported: sum("imported"), duplicate: sum("duplicate") },
    skipped: reports[0].skipped,
    kv: last.kv,
    links: last.links,
    checkpoints: last.checkpoints,
    items: reports.flatMap((r) => r.items).slice(0, 500),
  };
  out.result(result, (x: typeof result) => [
    `${x.dryRun ? "Would import" : "Imported"} ${x.counts.new} of ${x.total} memories from ${from} (${x.path}); ${x.counts.imported} imported before, ${x.counts.duplicate} duplicate(s), ${x.skipped.length} skipped.`,
    ...(x.kv.imported || x.kv.existing ? [`KV entries: ${x.kv.imported} ${x.dryRun ? "to import" : "imported"}, ${x.kv.existing} already there.`] : []),
    ...(x.checkpoints.imported || x.checkpoints.existing
      ? [`Checkpoints: ${x.checkpoints.imported} ${x.dryRun ? "to import" : "imported"}, ${x.checkpoints.existing} already there.`]
      : []),
    ...(x.links ? [`Links: ${x.links}.`] : []),
    ...(x.dryRun
      ? x.items
          .filter((i) => i.outcome === "new")
          .slice(0, 30)
          .map((i) => `  new  ${i.category.padEnd(10)} ${i.title}`)
      : []),
    ...x.skipped.slice(0, 50).map((s) => `  skipped ${s.ref}: ${s.reason}`),
    ...(x.skipped.length > 50 ? [`  ... and ${x.skipped.length - 50} more skipped (--json lists them)`] : []),
  ]);
}
