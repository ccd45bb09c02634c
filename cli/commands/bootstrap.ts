import path from "node:path";
import type { Command } from "commander";
import type { BootstrapResult } from "../../lib/contracts/bootstrap";
import { commandContext } from "../lib/command-context";
import { oneLine } from "../lib/output";

export function registerBootstrap(program: Command) {
  program
    .command("bootstrap [directory]")
    .description(
      "propose memories from a project's own files (agent instruction files, build/test commands, stack and settings, README): stored as suggested, for review; a second run proposes only what changed",
    )
    .option("--dry-run", "show what would be proposed without storing anything")
    .option("--all", "also list the proposals that are unchanged or already known")
    .action(async (directory: string | undefined, _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ dryRun?: boolean; all?: boolean }>(cmd);
      const dir = path.resolve(directory ?? process.cwd());
      const r = await client.json<BootstrapResult>("/api/bootstrap", { json: { directory: dir, dryRun: Boolean(opts.dryRun) }, timeoutMs: 5 * 60_000 });
      out.result(r, (x: BootstrapResult) => {
        const shown = opts.all ? x.proposals : x.proposals.filter((p) => p.outcome === "new" || p.outcome === "updated");
        return [
          `${x.dryRun ? "Would propose" : "Proposed"} ${x.counts.new} new and ${x.counts.updated} updated memories from ${x.files} files of ${x.directory}; ${x.counts.unchanged} unchanged, ${x.counts.known} already known.`,
          ...shown.map((p) => `  ${p.outcome.padEnd(9)} ${p.category.padEnd(10)} ${oneLine(p.content, 90)}  (${p.source})`),
          ...(x.dryRun || !(x.counts.new + x.counts.updated)
            ? []
            : ["Review them in the browser (status suggested) or with `recollect list --status suggested`."]),
        ];
      });
    });
}
