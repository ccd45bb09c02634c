import { skillMarkdown } from "./skill-file";
import { trimEnd } from "../trim-end";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { recurringSequences, sequenceSkill, sessionCommands } from "./command-sequences";
import { recordRun, storeProposals } from "./consolidate";
import { groupBy, jaccardOf, similarPairs, textOf, withTokens, type Featured } from "./features";
import { loadMemories } from "./load";
import { Slicer } from "./slicer";
import type { Candidate } from "./types";

/** Procedures at least this similar (token Jaccard) are one recurring procedure. */
const SAME_PROCEDURE = 0.4;
const COMMAND_LINE =
  /^\s*(?:\$\s+)?((?:npm|npx|pnpm|yarn|bun|bunx|node|git|make|cargo|go|docker|docker-compose|kubectl|python3?|pip|uv|deno|gh|curl|psql|sqlite3|recollect|opencode)\b[^\n]*)$/;
const INLINE_CODE = /`([^`\n]{2,200})`/g;

export interface DistillResult {
  found: number;
  created: number;
  proposals?: Candidate[];
}

/**
 * Finds procedures that recur across at least `consolidation.skillMinSessions` sessions of a
 * project (procedure memories alike in words, or the same run of shell commands in the
 * sessions' checkpoints) and proposes each as an OpenCode skill
 * (`.opencode/skills/<name>/SKILL.md`: frontmatter name and description, the steps, the
 * commands, links to the memories). Nothing is written until the proposal is approved.
 */
export async function distill(ctx: Ctx, options: { project?: string; dryRun?: boolean; now?: number } = {}): Promise<DistillResult> {
  const slicer = new Slicer();
  const minSessions = ctx.config.consolidation.skillMinSessions;
  const procedures = (await loadMemories(ctx, options.project ?? null, slicer)).filter(
    (m) => m.status === "active" && m.category === "procedure" && m.projectId,
  );
  const featured = await withTokens(procedures, slicer);
  const candidates: Candidate[] = [];
  for (const group of (await groupBy(featured, (f) => f.memory.projectId!, slicer)).values()) {
    const parent = new Map<Featured, Featured>(group.map((f) => [f, f]));
    const find = (x: Featured): Featured => (parent.get(x) === x ? x : find(parent.get(x)!));
    await similarPairs(group, SAME_PROCEDURE, slicer, (a, b) => {
      if (jaccardOf(a.tokens, b.tokens) >= SAME_PROCEDURE) parent.set(find(a), find(b));
    });
    for (const cluster of (await groupBy(group, (f) => find(f).memory.id, slicer)).values()) {
      const sessions = new Set(cluster.map((f) => f.memory.originSession).filter(Boolean));
      if (sessions.size < minSessions) continue;
      candidates.push(skillCandidate(cluster, sessions.size));
    }
    if (slicer.due()) await slicer.pause();
  }
  const projects = options.project
    ? [options.project]
    : (prepared(ctx.sqlite, "SELECT DISTINCT project_id FROM checkpoints WHERE project_id IS NOT NULL").all() as { project_id: string }[]).map(
        (r) => r.project_id,
      );
  for (const projectId of projects) {
    const names = new Set(candidates.filter((c) => c.projectId === projectId).map((c) => c.variant));
    for (const seq of recurringSequences(await sessionCommands(ctx, projectId, slicer), minSessions)) {
      let name = skillName(seq.keys.join(" "));
      if (names.has(name)) name = `${name}-commands`.slice(0, 64);
      names.add(name);
      candidates.push(sequenceSkill(projectId, seq, name));
    }
  }
  if (options.dryRun) return { found: candidates.length, created: 0, proposals: candidates };
  const stored = await storeProposals(ctx, candidates, slicer);
  recordRun(ctx, options.project ?? null, "distill", options.now ?? Date.now());
  return { found: candidates.length, created: stored.length };
}

function skillCandidate(cluster: Featured[], sessions: number): Candidate {
  const sorted = [...cluster].sort((a, b) => b.memory.createdAt - a.memory.createdAt || (a.memory.id < b.memory.id ? -1 : 1));
  const newest = sorted[0]!.memory;
  // Named after the first time it was written: later repetitions do not make it another skill.
  const oldest = sorted[sorted.length - 1]!.memory;
  const name = skillName(oldest.title ?? oldest.content);
  const steps: string[] = [];
  const commands: string[] = [];
  for (const f of sorted) {
    for (const line of f.memory.content.split(/\n+|(?<=[.;。；])\s+/)) {
      const step = line.replace(/^\s*(?:\d+[.)]|[-*])\s*/, "").trim();
      if (!step) continue;
      const cmd = COMMAND_LINE.exec(step)?.[1];
      if (cmd && !commands.includes(cmd.trim())) commands.push(cmd.trim());
      for (const m of step.matchAll(INLINE_CODE)) if (COMMAND_LINE.test(m[1]!) && !commands.includes(m[1]!)) commands.push(m[1]!);
      if (f === sorted[0] && !steps.includes(step)) steps.push(step);
    }
  }
  const summary = (newest.title ?? firstSentence(newest.content)).replace(/\s+/g, " ").slice(0, 200);
  const text = skillMarkdown({
    name,
    summary,
    description: `${summary} (a procedure that recurred in ${sessions} sessions; distilled by Recollect).`,
    intro: `This procedure recurred in ${sessions} sessions of this project. Follow the steps; check each command against the repository before running it.`,
    steps,
    commands,
    sources: sorted.map(
      (f) =>
        `recollect memory \`${f.memory.id}\` (session ${f.memory.originSession ?? "none"}, ${new Date(f.memory.createdAt).toISOString().slice(0, 10)}): ${firstSentence(textOf(f.memory)).slice(0, 120)}`,
    ),
  });
  return {
    kind: "skill",
    variant: name,
    projectId: newest.projectId,
    memoryIds: sorted.map((f) => f.memory.id),
    reason: `The same procedure recurred in ${sessions} sessions (${sorted.length} memories): proposed as the skill "${name}".`,
    evidence: { name, sessions, path: `.opencode/skills/${name}/SKILL.md`, memories: sorted.map((f) => f.memory.id) },
    suggestion: text,
  };
}

/** An OpenCode skill name: lowercase words joined by hyphens, at most 64 characters. */
export function skillName(text: string): string {
  const words = text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, " ")
    .split(/[\s-]+/)
    .filter((w) => w && !STOP.has(w))
    .slice(0, 5);
  const name = trimEnd(words.join("-").slice(0, 64), "-");
  return name || `procedure-${Math.abs(hash(text)).toString(36)}`;
}

const STOP = new Set(["the", "a", "an", "to", "of", "and", "or", "for", "in", "on", "with", "how", "we", "our", "then", "first", "always"]);
const firstSentence = (s: string) => s.split(/(?<=[.!?。！？])\s|\n/)[0]!.trim();
const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

/** When the last distillation ran for a project (for the monthly run). */
export function lastRun(ctx: Ctx, projectId: string, kind: "consolidate" | "distill"): { ranAt: number; seqMark: number } | undefined {
  const row = prepared(ctx.sqlite, "SELECT ran_at, seq_mark FROM consolidation_runs WHERE project_id = ? AND kind = ?").get(projectId, kind) as
    | { ran_at: number; seq_mark: number }
    | undefined;
  return row && { ranAt: row.ran_at, seqMark: row.seq_mark };
}
