import path from "node:path";
import { InvalidArgumentError, Option, type Command } from "commander";
import type { CreateMemoryResult, DedupOutcome, MemoryDto, MemoryListDto } from "../../lib/contracts/memories";
import { CATEGORIES, SCOPES, STATUSES } from "../../lib/vocabulary";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { memoryBlock, memoryDetail } from "../lib/format";
import { readStdin } from "../lib/output";
import { gitRoot, list } from "../lib/project";

export const intArg = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n)) throw new InvalidArgumentError(`${name} must be an integer`);
  return n;
};

/** Content from the arguments, or stdin when it is `-` or absent and piped. */
async function contentFrom(words: string[]): Promise<string> {
  if (words.length === 1 && words[0] === "-") return readStdin();
  if (words.length) return words.join(" ");
  if (!process.stdin.isTTY) return readStdin();
  throw new CliError("no content: give it as arguments, or pipe it on stdin", EXIT.usage);
}

export function registerMemories(program: Command) {
  program
    .command("add")
    .description("store a memory (in the current project when run inside a git repository, else global)")
    .argument("[content...]", "the memory's text; `-` or a pipe reads stdin")
    .option("-t, --title <title>", "a short title")
    .addOption(new Option("-c, --category <category>", "what kind of memory").choices(CATEGORIES).default("note"))
    .addOption(new Option("-s, --scope <scope>", "global, project or session (default: project inside a git repository, else global)").choices(SCOPES))
    .option("-g, --global", "store in the global scope (same as --scope global)")
    .option("-d, --directory <dir>", "a directory of the project (default: the current one)")
    .option("-p, --project <id>", "a project id instead of a directory")
    .option("--session <id>", "the session of a session-scoped memory")
    .option("--tags <tags>", "comma-separated tags")
    .option("--pin", "always inject it (constraints, directives)")
    .option("--priority <n>", "-100..100", intArg("priority"))
    .option("--suggest", "store as a suggestion (status suggested) instead of active")
    .action(async (words: string[], _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{
        title?: string;
        category: string;
        scope?: string;
        global?: boolean;
        directory?: string;
        project?: string;
        session?: string;
        tags?: string;
        pin?: boolean;
        priority?: number;
        suggest?: boolean;
      }>(cmd);
      const content = (await contentFrom(words)).trim();
      if (!content) throw new CliError("the content is empty", EXIT.usage);
      const scope = opts.global ? "global" : opts.scope;
      const directory = opts.directory ? path.resolve(opts.directory) : undefined;
      const body: Record<string, unknown> = { content, category: opts.category, source: "cli" };
      if (opts.title) body.title = opts.title;
      if (opts.tags) body.tags = list(opts.tags);
      if (opts.pin) body.pinned = true;
      if (opts.priority !== undefined) body.priority = opts.priority;
      if (opts.suggest) body.status = "suggested";
      if (opts.session) body.sessionId = opts.session;
      if (scope !== "global") {
        if (opts.project) body.project = opts.project;
        else if (directory) body.directory = directory;
        else if (scope === "project" || scope === "session" || gitRoot()) body.directory = process.cwd();
      }
      body.scope = scope ?? (body.project || body.directory ? "project" : "global");
      const created = await client.json<MemoryDto & Pick<CreateMemoryResult, "deduplicated"> & { duplicateOf: string | null; dedup?: DedupOutcome | null }>(
        "/api/memories",
        { json: body },
      );
      out.result(created, (m) => {
        const remembered = `Remembered ${m.id} (${m.category}, ${m.scope}${m.pinned ? ", pinned" : ""}).`;
        if (m.dedup?.kind === "near")
          return `Folded into ${m.id} (${m.category}, ${m.scope}), a near duplicate (${similarity(m.dedup)}); your text is kept as its version ${m.dedup.version}.`;
        if (m.dedup?.kind === "similar")
          return `${remembered} It looks like ${m.dedup.memoryId} (${similarity(m.dedup)}): linked and proposed as a merge for review.`;
        return m.deduplicated ? `Already remembered as ${m.id} (${m.category}, ${m.scope}); nothing added.` : remembered;
      });
    });

  program
    .command("show")
    .description("print one memory in full")
    .argument("<id>", "memory id")
    .action(async (id: string, _o, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const m = await client.json<MemoryDto>(`/api/memories/${encodeURIComponent(id)}`);
      out.result(m, memoryDetail);
    });

  program
    .command("list")
    .description("list memories, newest first")
    .option("--scope <scopes>", `comma-separated: ${SCOPES.join(", ")}`)
    .option("--category <categories>", "comma-separated categories")
    .option("--status <statuses>", `comma-separated (${STATUSES.join(", ")}) or all (default: active)`)
    .option("--tag <tags>", "comma-separated tags (all must match)")
    .option("-p, --project <id>", "only this project")
    .option("--pinned", "only pinned memories")
    .option("-n, --limit <n>", "how many (1-500)", intArg("limit"), 20)
    .action(async (_o, cmd: Command) => {
      const { opts, client, out } = commandContext<{
        scope?: string;
        category?: string;
        status?: string;
        tag?: string;
        project?: string;
        pinned?: boolean;
        limit: number;
      }>(cmd);
      const page = await client.json<MemoryListDto>("/api/memories", {
        query: {
          scope: opts.scope,
          category: opts.category,
          status: opts.status,
          tag: opts.tag,
          project: opts.project,
          pinned: opts.pinned ? "true" : undefined,
          limit: opts.limit,
        },
      });
      out.result(page, (p: MemoryListDto) => (p.items.length ? p.items.map((m) => memoryBlock(m)).join("\n") : "No memories match."));
    });

  program
    .command("edit")
    .description("change a memory (the previous text is kept in its history)")
    .argument("<id>", "memory id")
    .option("--content <text>", "new text (`-` reads stdin)")
    .option("-t, --title <title>", "new title (empty string removes it)")
    .addOption(new Option("-c, --category <category>", "new category").choices(CATEGORIES))
    .option("--tags <tags>", "replace the tags (comma-separated; empty string removes all)")
    .option("--pin", "pin it")
    .option("--unpin", "unpin it")
    .option("--priority <n>", "-100..100", intArg("priority"))
    .addOption(new Option("--status <status>", "new status").choices(STATUSES))
    .option("--reason <text>", "why (kept in the history)")
    .action(async (id: string, _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{
        content?: string;
        title?: string;
        category?: string;
        tags?: string;
        pin?: boolean;
        unpin?: boolean;
        priority?: number;
        status?: string;
        reason?: string;
      }>(cmd);
      if (opts.pin && opts.unpin) throw new CliError("--pin and --unpin contradict each other", EXIT.usage);
      const body: Record<string, unknown> = { source: "cli" };
      if (opts.content !== undefined) body.content = opts.content === "-" ? (await readStdin()).trim() : opts.content;
      if (opts.title !== undefined) body.title = opts.title === "" ? null : opts.title;
      if (opts.category) body.category = opts.category;
      if (opts.tags !== undefined) body.tags = list(opts.tags) ?? [];
      if (opts.pin) body.pinned = true;
      if (opts.unpin) body.pinned = false;
      if (opts.priority !== undefined) body.priority = opts.priority;
      if (opts.status) body.status = opts.status;
      if (Object.keys(body).length === 1)
        throw new CliError("nothing to change: give --content, --title, --category, --tags, --pin/--unpin, --priority or --status", EXIT.usage);
      if (opts.reason) body.reason = opts.reason;
      const m = await client.json<MemoryDto>(`/api/memories/${encodeURIComponent(id)}`, { method: "PATCH", json: body });
      out.result(m, (x: MemoryDto) => [`Updated ${x.id}.`, ...memoryDetail(x).slice(1)]);
    });

  program
    .command("forget")
    .description("archive memories (restorable), or delete them for good with --permanent")
    .argument("<ids...>", "memory ids")
    .option("--permanent", "delete for good instead of archiving")
    .action(async (ids: string[], _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ permanent?: boolean }>(cmd);
      const results: { id: string; ok: boolean; error?: string; exitCode?: number }[] = [];
      for (const id of ids) {
        try {
          await client.request(`/api/memories/${encodeURIComponent(id)}`, { method: "DELETE", query: { permanent: opts.permanent ? "true" : undefined } });
          results.push({ id, ok: true });
        } catch (error) {
          if (!(error instanceof CliError) || error.exitCode === EXIT.unreachable || error.exitCode === EXIT.unauthorized) throw error;
          results.push({ id, ok: false, error: error.message, exitCode: error.exitCode });
        }
      }
      const verb = opts.permanent ? "Deleted" : "Archived";
      out.result({ action: opts.permanent ? "deleted" : "archived", results }, () =>
        results.map((r) => (r.ok ? `${verb} ${r.id}.` : `Could not forget ${r.id}: ${r.error}`)),
      );
      const failed = results.find((r) => !r.ok);
      if (failed) process.exitCode = failed.exitCode ?? EXIT.failure;
    });
}

const similarity = (d: DedupOutcome) => (d.cosine === null ? `words ${d.lexical}` : `cosine ${d.cosine}, words ${d.lexical}`);
