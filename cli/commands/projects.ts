import type { Command } from "commander";
import type { MergeProjectsResult, ProjectListDto, SplitProjectResult } from "../../lib/contracts/projects";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { oneLine, table } from "../lib/output";

/** `recollect projects [list|merge|split]`: the projects and their identities (docs/projects.md). */
export function registerProjects(program: Command) {
  const projects = program.command("projects").description("list, merge and split projects (docs/projects.md)");

  projects
    .command("list", { isDefault: true })
    .description("every project with its memories, sessions and aliases")
    .action(async (_o, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const list = await client.json<ProjectListDto>("/api/projects");
      out.result(list, (x: ProjectListDto) => [
        table(
          x.items.map((p) => [p.name, p.id, String(p.counts.memories), String(p.counts.sessions), p.remote ?? "", p.aliases.join(", ")]),
          ["project", "id", "memories", "sessions", "remote", "aliases"],
        ),
      ]);
    });

  projects
    .command("merge")
    .description("move everything of one project into another; the merged project's checkouts resolve to the one kept")
    .argument("<from>", "the id of the project that goes away")
    .requiredOption("--into <id>", "the id of the project that stays")
    .action(async (from: string, _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ into: string }>(cmd);
      const r = await client.json<MergeProjectsResult>("/api/projects/merge", { json: { into: opts.into, from } });
      out.result(r, (x: MergeProjectsResult) => [
        `Merged ${x.merged} into ${x.project.name} (${x.project.id}).`,
        `  moved: ${Object.entries(x.moved)
          .map(([k, v]) => `${v} ${k}`)
          .join(", ")}`,
        ...(x.dropped.kv || x.dropped.claims ? [`  kept the newer of ${x.dropped.kv} KV keys both had; dropped ${x.dropped.claims} duplicate claims`] : []),
      ]);
    });

  projects
    .command("split")
    .description("move memories out of a project into a new one (by id or by a query)")
    .argument("<from>", "the id of the project the memories leave")
    .option("--ids <ids>", "comma-separated memory ids")
    .option("-q, --query <text>", "every memory whose title, content or tags contain this text")
    .option("--name <name>", "the new project's name")
    .option("--remote <url>", "checkouts with this remote resolve to the new project")
    .option("-n, --dry-run", "only list what would move")
    .action(async (from: string, _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ ids?: string; query?: string; name?: string; remote?: string; dryRun?: boolean }>(cmd);
      if ((opts.ids === undefined) === (opts.query === undefined)) throw new CliError("give either --ids or --query", EXIT.usage);
      const selection =
        opts.ids !== undefined
          ? {
              memoryIds: opts.ids
                .split(",")
                .map((s) => s.trim())
                .filter(Boolean),
            }
          : { query: opts.query };
      const r = await client.json<SplitProjectResult>("/api/projects/split", {
        json: { from, ...selection, ...(opts.name ? { name: opts.name } : {}), ...(opts.remote ? { remote: opts.remote } : {}), dryRun: Boolean(opts.dryRun) },
      });
      out.result(r, (x: SplitProjectResult) => [
        x.dryRun
          ? `Would move ${x.moved} memories to ${x.project ? `${x.project.name} (${x.project.id})` : "a new project"}:`
          : `Moved ${x.moved} memories to ${x.project?.name} (${x.project?.id})${x.created ? ", a new project" : ""}:`,
        ...x.memories.map((m) => `  ${m.id}  ${oneLine(m.title ?? m.content, 80)}`),
        ...(x.memories.length < x.moved ? [`  ... and ${x.moved - x.memories.length} more`] : []),
      ]);
    });
}
