import { tool } from "../tool";
import type { LoopDto } from "../../lib/contracts/loops";
import { FINDING_SEVERITIES } from "../../lib/vocabulary";
import { reportFinding, resolveFinding } from "../findings";
import { unavailable } from "../tools/format";
import type { LoopManager } from "./manager";
import { loopRegistry } from "./registry";
import { checkDocker, shQuote } from "./sandbox";

const z = tool.schema;

const summary = (l: LoopDto) =>
  `${l.id} ${l.status}${l.phase ? ` (${l.phase})` : ""}: iteration ${l.iteration}${l.maxIterations ? `/${l.maxIterations}` : ""}, audits ${l.auditsDone}, findings ${l.findingsOpen} open, ${l.mode === "worktree" ? (l.branch ?? `recollect/loop-${l.slug}`) : "in place"} — ${l.task.replace(/\s+/g, " ").slice(0, 80)}`;

/** memory_loop, memory_loop_status, memory_loop_cancel, memory_finding and the sandbox's glob/grep. */
export function loopTools(m: LoopManager) {
  const rt = m.rt;
  const timeoutMs = rt.settings.toolTimeoutMs;
  const loopPath = (id: string) => `/api/loops/${encodeURIComponent(id)}`;
  const projectDir = (sessionID: string, directory: string) => loopRegistry().sessions.get(sessionID)?.repoDir ?? directory ?? rt.directory;

  return {
    memory_loop: tool({
      description: "Run a task as an autonomous code-and-audit loop in its own git worktree (or in place) until done.",
      args: {
        task: z.string().describe("the task or the approved plan"),
        maxIterations: z.number().int().min(0).max(1000).optional().describe("default 15, 0 = unlimited"),
        minAudits: z.number().int().min(0).max(100).optional(),
        audit: z.boolean().optional(),
        inPlace: z.boolean().optional().describe("work in this directory, no worktree"),
        model: z.string().optional().describe("provider/model"),
        sandbox: z.enum(["none", "docker"]).optional(),
      },
      async execute(args, ctx) {
        if (!m.opencode) return "Loops need the OpenCode client, which this plugin instance did not get.";
        const sandbox = args.sandbox ?? m.settings.sandbox.mode;
        if (sandbox === "docker") {
          const refusal = await checkDocker(m.settings.sandbox.docker);
          if (refusal) return `Loop not started: ${refusal}`;
        }
        const res = await rt.client.post<LoopDto>(
          "/api/loops",
          {
            directory: ctx.directory || rt.directory,
            task: args.task,
            ...(args.maxIterations !== undefined ? { maxIterations: args.maxIterations } : {}),
            ...(args.minAudits !== undefined ? { minAudits: args.minAudits } : {}),
            ...(args.audit !== undefined ? { audit: args.audit } : {}),
            mode: args.inPlace ? "in_place" : "worktree",
            sandbox,
            ...(args.model ? { model: args.model } : {}),
          },
          { timeoutMs },
        );
        if (!res.ok) return res.status && res.status < 500 ? `Loop not started: ${res.error}` : unavailable(res.error);
        await m.drive(res.data);
        return `Started ${summary(res.data)}. It runs in the background; memory_loop_status shows it, memory_loop_cancel stops it.`;
      },
    }),

    memory_loop_status: tool({
      description: "List this project's loops, or restart an ended one (restart: its id; maxIterations: a new limit, e.g. for one that hit it).",
      args: {
        restart: z.string().optional().describe("the id of an ended loop to run again"),
        maxIterations: z.number().int().min(0).max(1000).optional().describe("with restart: the loop's new iteration limit (0 = unlimited)"),
      },
      async execute(args, ctx) {
        if (args.restart) {
          const body = args.maxIterations !== undefined ? { maxIterations: args.maxIterations } : {};
          const res = await rt.client.post<LoopDto>(`${loopPath(args.restart)}/restart`, body, { timeoutMs });
          if (!res.ok) return res.status && res.status < 500 ? `Not restarted: ${res.error}` : unavailable(res.error);
          await m.drive(res.data);
          return `Restarted ${summary(res.data)}.`;
        }
        const res = await rt.client.get<{ items: LoopDto[] }>("/api/loops", { query: { directory: ctx.directory || rt.directory, limit: 20 }, timeoutMs });
        if (!res.ok) return unavailable(res.error);
        return res.data.items.length ? res.data.items.map(summary).join("\n") : "No loops in this project.";
      },
    }),

    memory_loop_cancel: tool({
      description: "Cancel a running loop (by id; without one, every running loop of this project).",
      args: { id: z.string().optional() },
      async execute(args, ctx) {
        let ids = args.id ? [args.id] : [];
        if (!args.id) {
          const res = await rt.client.get<{ items: LoopDto[] }>("/api/loops", {
            query: { directory: ctx.directory || rt.directory, active: "true" },
            timeoutMs,
          });
          if (!res.ok) return unavailable(res.error);
          ids = res.data.items.map((l) => l.id);
          if (!ids.length) return "No running loop in this project.";
        }
        const lines: string[] = [];
        for (const id of ids) {
          const res = await rt.client.post<LoopDto>(`${loopPath(id)}/cancel`, {}, { timeoutMs });
          if (!res.ok) {
            lines.push(`${id}: ${res.error}`);
            continue;
          }
          await loopRegistry().drivers.get(id)?.cancel();
          lines.push(res.data.status === "cancelled" ? `Cancelled ${id}.` : `${id} had already ended (${res.data.status}).`);
        }
        return lines.join("\n");
      },
    }),

    memory_finding: tool({
      description: "Record a review finding at file:line (or resolve one with resolved=true).",
      args: {
        file: z.string().min(1).max(500),
        line: z.number().int().min(0).max(10_000_000),
        severity: z.enum(FINDING_SEVERITIES).optional(),
        description: z.string().max(4000).optional(),
        resolved: z.boolean().optional(),
      },
      async execute(args, ctx) {
        const store = { client: rt.client, directory: projectDir(ctx.sessionID, ctx.directory), timeoutMs };
        const file = args.file.replace(/^\.\//, "");
        if (args.resolved) {
          const res = await resolveFinding(store, file, args.line);
          if (!res.ok) return unavailable(res.error);
          return res.data.deleted ? `Resolved ${file}:${args.line}.` : `No open finding at ${file}:${args.line}.`;
        }
        if (!args.description) return "A finding needs a description.";
        const loopId = loopRegistry().sessions.get(ctx.sessionID)?.loopId;
        const res = await reportFinding(store, { file, line: args.line, severity: args.severity ?? "minor", description: args.description }, loopId);
        if (!res.ok) return res.status && res.status < 500 ? `Not recorded: ${res.error}` : unavailable(res.error);
        return `${res.data.carried ? "Carried forward" : "Recorded"} ${file}:${args.line}.`;
      },
    }),

    sandbox_glob: tool({
      description: "Find files by name pattern inside the loop's sandbox (sandboxed loop sessions only).",
      args: { pattern: z.string().describe("a find -name pattern, e.g. *.ts"), path: z.string().optional() },
      async execute(args, ctx) {
        return sandboxExec(m, ctx.sessionID, `find ${shQuote(operandPath(args.path))} -name ${shQuote(args.pattern)} -not -path '*/.git/*' | head -200`);
      },
    }),

    sandbox_grep: tool({
      description: "Search file contents inside the loop's sandbox (sandboxed loop sessions only).",
      args: { pattern: z.string().describe("a regular expression"), path: z.string().optional() },
      async execute(args, ctx) {
        return sandboxExec(m, ctx.sessionID, `grep -rnE --exclude-dir=.git -e ${shQuote(args.pattern)} -- ${shQuote(operandPath(args.path))} | head -200`);
      },
    }),
  };
}

async function sandboxExec(m: LoopManager, sessionID: string, command: string): Promise<string> {
  const info = loopRegistry().sessions.get(sessionID);
  if (!info?.container) return "Only sandboxed loop sessions have a sandbox: use glob and grep.";
  const { execFile } = await import("node:child_process");
  return new Promise((resolve) => {
    execFile(
      m.settings.sandbox.docker,
      ["exec", "-w", "/workspace", info.container!, "sh", "-c", command],
      { maxBuffer: 8 * 1024 * 1024, timeout: 60_000 },
      (error, stdout, stderr) => {
        const out = `${stdout}${stderr}`.trim();
        resolve(out || (error ? `failed: ${error.message}` : "No matches."));
      },
    );
  });
}

/**
 * A path given to find or grep as an operand, never an option: quoting keeps it one word for the
 * shell, but `-delete` (or `-exec ...`) as the first operand of find is an action, so a path that
 * starts with `-` is read relative to the working directory.
 */
export const operandPath = (p: string | undefined) => (!p ? "." : p.startsWith("-") ? `./${p}` : p);
