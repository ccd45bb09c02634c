import { execFile } from "node:child_process";
import { listSessionsQuery } from "../contracts/sessions";
import { listMemoriesQuery } from "../contracts/memories";
import { promisify } from "node:util";
import { listCheckpoints, getCheckpoint } from "../checkpoints/read";
import type { Ctx } from "../ctx";
import { listMemories } from "../memories";
import type { ProjectRef } from "../projects/resolve";
import { resolveProject } from "../projects/resolve";
import { listSessions } from "../sessions";
import { countTokens } from "../token-count";
import { constraintsView } from "../views/constraints";
import { formatMemory, formatSession } from "./format";

const run = promisify(execFile);

export interface BootContext {
  text: string;
  tokens: number;
  /** The parts included, in order (a part is left out when off in the config, empty, or over the budget). */
  parts: string[];
}

/**
 * What an agent should know at the start of a session, in one text: identity, pinned constraints
 * and directives, unresolved blockers, active sessions and their claims, the most recalled
 * memories, recent decisions, the latest checkpoint. Each part is switchable
 * (`mcp.boot*` in the config) and the whole stays within `mcp.bootBudgetTokens`: parts are
 * added in that order of importance, a part that does not fit is trimmed line by line.
 */
export async function bootContext(ctx: Ctx, ref: ProjectRef): Promise<BootContext> {
  const c = ctx.config.mcp;
  const projectId = resolveProject(ctx, ref);
  const project = projectId ? { project: projectId } : {};
  const sections: [string, () => Promise<string[]> | string[]][] = [];
  if (c.bootIdentity) sections.push(["Identity", () => identity(ref.directory)]);
  if (c.bootPinned)
    sections.push([
      "Pinned constraints and directives",
      () =>
        constraintsView(ctx, projectId ?? undefined)
          .items.filter((m) => m.injected)
          .map((m) => formatMemory(m, true)),
    ]);
  if (c.bootBlockers)
    sections.push([
      "Unresolved blockers",
      () => listMemories(ctx, listMemoriesQuery.parse({ ...project, category: "blocker", limit: 20 })).items.map((m) => formatMemory(m, true)),
    ]);
  if (c.bootSessions && projectId)
    sections.push(["Active sessions", () => listSessions(ctx, listSessionsQuery.parse({ project: projectId })).items.map(formatSession)]);
  if (c.bootHot)
    sections.push([
      "Most recalled",
      () =>
        listMemories(ctx, listMemoriesQuery.parse({ ...project, sort: "accessed", limit: 10 }))
          .items.filter((m) => m.accessCount > 0)
          .map((m) => formatMemory(m, true)),
    ]);
  if (c.bootDecisions)
    sections.push([
      "Recent decisions",
      () => listMemories(ctx, listMemoriesQuery.parse({ ...project, category: "decision", limit: 10 })).items.map((m) => formatMemory(m, true)),
    ]);
  if (c.bootCheckpoint) sections.push(["Latest checkpoint", () => latestCheckpoint(ctx, project)]);

  let used = 0;
  const out: string[] = [];
  const parts: string[] = [];
  for (const [title, read] of sections) {
    const lines = await read();
    if (!lines.length) continue;
    const kept: string[] = [];
    let cost = countTokens(`## ${title}\n`);
    for (const line of lines) {
      const t = countTokens(line) + 1;
      if (used + cost + t > c.bootBudgetTokens) break;
      kept.push(line);
      cost += t;
    }
    if (!kept.length) continue;
    used += cost;
    parts.push(title);
    out.push(`## ${title}\n${kept.join("\n")}`);
  }
  const text = out.length ? out.join("\n\n") : "Nothing stored yet for this project.";
  return { text, tokens: countTokens(text), parts };
}

/** The git user of the project (or of this machine): who the agent works for. */
async function identity(directory: string | undefined): Promise<string[]> {
  const git = async (key: string) => {
    try {
      const { stdout } = await run("git", ["config", "--get", key], { cwd: directory, timeout: 2000 });
      return stdout.trim();
    } catch {
      return "";
    }
  };
  const [name, email] = await Promise.all([git("user.name"), git("user.email")]);
  return name || email ? [`- git user: ${[name, email && `<${email}>`].filter(Boolean).join(" ")}`] : [];
}

function latestCheckpoint(ctx: Ctx, project: { project?: string }): string[] {
  const [latest] = listCheckpoints(ctx, { ...project, limit: 1 }).items;
  if (!latest) return [];
  const x = getCheckpoint(ctx, latest.id).extracted;
  const lines = [`- ${latest.createdAt} (session ${latest.sessionId})${x.task ? `: ${x.task}` : ""}`];
  for (const p of x.progress.slice(0, 5)) lines.push(`  - done: ${p}`);
  for (const n of x.nextSteps.slice(0, 5)) lines.push(`  - next: ${n}`);
  return lines;
}
