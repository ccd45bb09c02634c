import path from "node:path";
import type { Command } from "commander";
import type { ConsolidateResult } from "../../lib/consolidation/consolidate";
import type { DistillResult } from "../../lib/consolidation/distill";
import type { InboxPage } from "../../lib/consolidation/inbox";
import { commandContext } from "../lib/command-context";
import { gitRoot } from "../lib/project";
import { intArg } from "./memories";

interface ProjectOpts {
  directory?: string;
  project?: string;
  all?: boolean;
}

/** The project of a command: --project, --directory, else the current git project unless --all. */
function projectBody(opts: ProjectOpts): Record<string, string> {
  if (opts.all) return {};
  if (opts.project) return { project: opts.project };
  if (opts.directory) return { directory: path.resolve(opts.directory) };
  return gitRoot() ? { directory: process.cwd() } : {};
}

/** `recollect consolidate`, `recollect distill`, `recollect inbox`: consolidation on demand and its review queue. */
export function registerConsolidate(program: Command) {
  program
    .command("consolidate")
    .description("propose merges, supersessions, stale and expired memories for review (changes nothing until approved)")
    .option("-d, --directory <dir>", "a directory of the project (default: the current git project)")
    .option("-p, --project <id>", "a project id instead of a directory")
    .option("--all", "every project and the global scope")
    .option("--days-stale <n>", "unused for this many days counts as stale", intArg("days-stale"))
    .option("--dry-run", "list what would be proposed without storing it")
    .action(async (opts: ProjectOpts & { daysStale?: number; dryRun?: boolean }, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const body = { ...projectBody(opts), ...(opts.daysStale !== undefined ? { daysStale: opts.daysStale } : {}), dryRun: !!opts.dryRun };
      const r = await client.json<ConsolidateResult>("/api/consolidate", { json: body });
      out.result(r, (x: ConsolidateResult) => [
        `Looked at ${x.memories} memories in ${x.tookMs} ms (longest block ${x.longestBlockMs} ms).`,
        `Found: ${Object.entries(x.found)
          .map(([k, n]) => `${k} ${n}`)
          .join(", ")}.`,
        opts.dryRun
          ? "Dry run: nothing stored."
          : `${x.created} new proposal(s)${x.autoApplied ? `, ${x.autoApplied} applied automatically` : ""}; review them with \`recollect inbox\` or in the browser (/inbox).`,
        ...(x.proposals ?? []).map((p) => `- ${p.kind}: ${p.reason} [${p.memoryIds.join(", ")}]`),
      ]);
    });

  program
    .command("distill")
    .description("propose skills (.opencode/skills/<name>/SKILL.md) from procedures recurring across sessions; written only when approved")
    .option("-d, --directory <dir>", "a directory of the project (default: the current git project)")
    .option("-p, --project <id>", "a project id instead of a directory")
    .option("--dry-run", "show the skills without storing proposals")
    .action(async (opts: ProjectOpts & { dryRun?: boolean }, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const r = await client.json<DistillResult>("/api/distill", { json: { ...projectBody(opts), dryRun: !!opts.dryRun } });
      out.result(r, (x: DistillResult) => [
        `${x.found} recurring procedure(s); ${opts.dryRun ? "dry run" : `${x.created} new skill proposal(s)`}.`,
        ...(x.proposals ?? []).map((p) => `\n## ${String(p.evidence.path)}\n${p.suggestion ?? ""}`),
      ]);
    });

  const inbox = program.command("inbox").description("the review queue: suggested memories and consolidation proposals");
  inbox
    .command("list", { isDefault: true })
    .description("list what waits for review")
    .option("-n, --limit <n>", "how many (1-200)", intArg("limit"), 50)
    .action(async (opts: { limit: number }, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const page = await client.json<InboxPage>(`/api/inbox?limit=${opts.limit}`);
      out.result(page, (p: InboxPage) => [
        `${p.counts.total} to review (${p.counts.suggested} suggested; ${Object.entries(p.counts.proposals)
          .map(([k, n]) => `${k} ${n}`)
          .join(", ")}).`,
        ...p.items.map((i) =>
          i.type === "memory" ? `${i.id}  suggested  [${i.memory.category}] ${i.memory.content.slice(0, 100)}` : `${i.id}  ${i.kind.padEnd(9)}  ${i.reason}`,
        ),
      ]);
    });
  for (const action of ["approve", "reject"] as const) {
    inbox
      .command(action)
      .description(`${action} items by id (a proposal id or a suggested memory id)`)
      .argument("<ids...>")
      .option("--memory", "the ids are suggested memories (default: proposals)")
      .option("--content <text>", "approve with this text instead (one id)")
      .action(async (ids: string[], opts: { memory?: boolean; content?: string }, cmd: Command) => {
        const { client, out } = commandContext(cmd);
        const items = ids.map((id) => ({ type: opts.memory ? "memory" : "proposal", id, action, ...(opts.content ? { content: opts.content } : {}) }));
        const r = await client.json<{ done: number; outdated: { id: string; reason: string }[] }>("/api/inbox/actions", { json: { items, source: "cli" } });
        out.result(r, (x: typeof r) =>
          [
            `${action === "approve" ? "Approved" : "Rejected"} ${x.done}.`,
            ...x.outdated.map((o) => `Not applied, closed as outdated: ${o.id} (${o.reason})`),
          ].join("\n"),
        );
      });
  }
  inbox
    .command("undo")
    .description("undo the last inbox action")
    .action(async (_o, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const r = await client.json<{ undone: { action: string; target: string } | null }>("/api/inbox/undo", { method: "POST" });
      out.result(r, (x: typeof r) => (x.undone ? `Undid ${x.undone.action} (${x.undone.target}).` : "Nothing to undo."));
    });
}
