import path from "node:path";
import { Option, type Command } from "commander";
import type { LoopDto } from "../../lib/contracts/loops";
import { LOOP_SANDBOXES } from "../../lib/vocabulary";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { table } from "../lib/output";
import { gitRoot } from "../lib/project";
import { intArg } from "./memories";

/** `recollect loop start|status|cancel|restart`: code-and-audit loops (docs/loops.md). */
export function registerLoop(program: Command) {
  const loop = program.command("loop").description("code-and-audit loops run by the OpenCode plugin (docs/loops.md)");

  loop
    .command("start")
    .description("register a loop for the project; the Recollect plugin of an OpenCode open on it picks it up and drives it")
    .argument("<task...>", "what to build")
    .option("-d, --directory <dir>", "a directory of the project (default: the current one)")
    .option("--max-iterations <n>", "stop after this many iterations (0 = unlimited)", intArg("max-iterations"), 15)
    .option("--min-audits <n>", "audits needed before the loop may complete", intArg("min-audits"), 1)
    .option("--no-audit", "no auditor phase")
    .option("--in-place", "work in the project's directory instead of a git worktree")
    .option("--model <provider/model>", "the model of the loop's sessions")
    .addOption(new Option("--sandbox <mode>", "run bash/glob/grep in a container").choices(LOOP_SANDBOXES).default("none"))
    .action(async (words: string[], _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{
        directory?: string;
        maxIterations: number;
        minAudits: number;
        audit: boolean;
        inPlace?: boolean;
        model?: string;
        sandbox: string;
      }>(cmd);
      const directory = path.resolve(opts.directory ?? gitRoot() ?? process.cwd());
      const created = await client.json<LoopDto>("/api/loops", {
        json: {
          directory,
          task: words.join(" "),
          maxIterations: opts.maxIterations,
          minAudits: opts.minAudits,
          audit: opts.audit,
          mode: opts.inPlace ? "in_place" : "worktree",
          sandbox: opts.sandbox,
          ...(opts.model ? { model: opts.model } : {}),
        },
      });
      out.result(created, (l: LoopDto) => [
        `Loop ${l.id} registered (${l.mode === "worktree" ? `branch recollect/loop-${l.slug}` : "in place"}).`,
        "The Recollect plugin of an OpenCode open on this project starts it within seconds (`opencode serve` or the TUI).",
      ]);
    });

  loop
    .command("status")
    .description("the project's loops, or one loop with its phases")
    .argument("[id]", "a loop id")
    .option("-d, --directory <dir>", "a directory of the project (default: the current one)")
    .option("-a, --all", "loops of every project")
    .action(async (id: string | undefined, _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ directory?: string; all?: boolean }>(cmd);
      if (id) {
        const l = await client.json<LoopDto>(`/api/loops/${encodeURIComponent(id)}`);
        out.result(l, (x: LoopDto) => [
          summary(x),
          `  task: ${x.task.replace(/\s+/g, " ").slice(0, 200)}`,
          "",
          table(
            (x.phases ?? []).map((p) => [
              String(p.iteration),
              p.kind,
              p.status,
              p.sessionId ?? "",
              p.findings ? String(p.findings) : "",
              p.commit?.slice(0, 8) ?? "",
            ]),
            ["iter", "phase", "status", "session", "findings", "commit"],
          ),
        ]);
        return;
      }
      const directory = opts.all ? undefined : path.resolve(opts.directory ?? gitRoot() ?? process.cwd());
      const { items } = await client.json<{ items: LoopDto[] }>("/api/loops", { query: { directory } });
      out.result({ items }, () => (items.length ? items.map(summary) : ["No loops."]));
    });

  loop
    .command("cancel")
    .description("cancel a running loop (its session is aborted at the driver's next check)")
    .argument("<id>", "a loop id")
    .action(async (id: string, _o, cmd: Command) => {
      const { client, out } = commandContext(cmd);
      const l = await client.json<LoopDto>(`/api/loops/${encodeURIComponent(id)}/cancel`, { method: "POST" });
      out.result(l, (x: LoopDto) => (x.status === "cancelled" ? `Cancelled ${x.id}.` : `${x.id} had already ended (${x.status}).`));
    });

  loop
    .command("restart")
    .description("run an ended loop again from its next iteration")
    .argument("<id>", "a loop id")
    .option("--max-iterations <n>", "a new iteration limit (0 = unlimited); needed to go on after max_iterations", intArg("max-iterations"))
    .action(async (id: string, _o, cmd: Command) => {
      const { opts, client, out } = commandContext<{ maxIterations?: number }>(cmd);
      const l = await client.json<LoopDto>(`/api/loops/${encodeURIComponent(id)}/restart`, {
        method: "POST",
        json: opts.maxIterations !== undefined ? { maxIterations: opts.maxIterations } : {},
      });
      if (l.status !== "running") throw new CliError(`${id} did not restart`, EXIT.failure);
      out.result(l, (x: LoopDto) => `Restarted ${x.id}; the plugin picks it up within seconds.`);
    });
}

function summary(l: LoopDto): string {
  const limit = l.maxIterations ? `/${l.maxIterations}` : "";
  const where = l.mode === "worktree" ? (l.branch ?? `recollect/loop-${l.slug}`) : "in place";
  const phase = l.phase ? ` ${l.phase}` : "";
  return `${l.id}  ${l.status}${phase}  iteration ${l.iteration}${limit}  findings ${l.findingsOpen} open/${l.findingsResolved} resolved  tokens ${l.tokensInput + l.tokensOutput}  $${l.cost.toFixed(4)}  ${where}`;
}
