import type { Command } from "commander";
import type { StatsDto } from "../../lib/contracts/stats";
import { commandContext } from "../lib/command-context";
import { bytes, table } from "../lib/output";

const pairs = (o: Record<string, number>) =>
  Object.entries(o)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(", ") || "-";

export function registerStats(program: Command) {
  program
    .command("stats")
    .description("counts by status, scope, category and project; database size; queue; tokens saved")
    .action(async (_o, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const s = await client.json<StatsDto>("/api/stats");
      out.result(s, (x: StatsDto) => [
        `Memories     ${x.memories.total} (${pairs(x.memories.byStatus)}); pinned ${x.memories.pinned}`,
        `  by scope   ${pairs(x.memories.byScope)}`,
        `  by kind    ${pairs(x.memories.byCategory)}`,
        `  by source  ${pairs(x.memories.bySource)}`,
        `Checkpoints  ${x.checkpoints.total} (${pairs(x.checkpoints.byTrigger)})`,
        `Sessions     ${x.sessions.total} seen, ${x.sessions.active} active, ${x.sessions.ingested} ingested from OpenCode`,
        `Embeddings   queue ${x.embeddings.queueDepth}${x.embeddings.failing ? ` (${x.embeddings.failing} failing)` : ""}, vectors ${x.embeddings.vectors ?? "none yet"}`,
        `Compression  ${x.compression.runs} runs, ${x.compression.tokensSaved} tokens saved`,
        `Database     ${bytes(x.database.sizeBytes)} + WAL ${bytes(x.database.walBytes)}; free ${bytes(x.database.freeBytes)} (auto_vacuum ${x.database.autoVacuum})`,
        ...(x.projects.length
          ? [
              "",
              table(
                x.projects.map((p) => [p.name, String(p.memories), p.id, p.rootPath ?? ""]),
                ["project", "memories", "id", "root"],
              ),
            ]
          : []),
      ]);
    });
}
