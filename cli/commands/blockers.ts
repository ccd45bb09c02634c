import type { Command } from "commander";
import type { MemoryDto } from "../../lib/contracts/memories";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";

/** `recollect blockers resolve|unresolve <id>`: the MCP tools' resolve_blocker / unresolve_blocker. */
export function registerBlockers(program: Command) {
  const blockers = program.command("blockers").description("resolve or reopen blocker memories");
  for (const [name, status] of [
    ["resolve", "resolved"],
    ["unresolve", "active"],
  ] as const) {
    blockers
      .command(name)
      .description(status === "resolved" ? "mark a blocker resolved (it leaves the boot context)" : "reopen a resolved blocker")
      .argument("<id>")
      .option("--note <text>", "why")
      .action(async (id: string, opts: { note?: string }, cmd: Command) => {
        const { client, out } = commandContext(cmd);
        const current = await client.json<MemoryDto>(`/api/memories/${encodeURIComponent(id)}`);
        if (current.category !== "blocker") throw new CliError(`memory ${id} is a ${current.category}, not a blocker`, EXIT.usage);
        const m = await client.json<MemoryDto>(`/api/memories/${encodeURIComponent(id)}`, {
          method: "PATCH",
          json: { status, source: "cli", reason: opts.note ?? (status === "resolved" ? "resolved" : "reopened") },
        });
        out.result(m, (x: MemoryDto) => `${x.status === "resolved" ? "Resolved" : "Reopened"} ${x.id}: ${x.content.slice(0, 120)}`);
      });
  }
}
