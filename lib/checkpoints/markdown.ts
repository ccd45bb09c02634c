import type { CheckpointExtract } from "../contracts/checkpoints";

/** The eight sections, in the order the compaction prompt asks for them. */
export const SECTIONS = ["Task overview", "Progress", "Key decisions", "Constraints", "Files modified", "Errors", "Next steps", "Critical context"] as const;

const list = (items: readonly string[]) => (items.length ? items.map((i) => `- ${i}`).join("\n") : "_None recorded._");

export function fileLine(f: CheckpointExtract["filesModified"][number]): string {
  return `\`${f.path}\` (${f.ops.join(", ")}${f.count > 1 ? `, ${f.count} changes` : ""})`;
}

export function errorLine(e: CheckpointExtract["errors"][number]): string {
  return `[${e.fixed ? "fixed" : "open"}] ${e.tool}: ${e.message}`;
}

/** Section bodies as Markdown, keyed by section title. */
export function sectionBodies(x: CheckpointExtract): Record<(typeof SECTIONS)[number], string> {
  const task = [x.task ?? "_Unknown: no user message in the history._", x.latestRequest ? `\nLatest request: ${x.latestRequest}` : ""].join("");
  return {
    "Task overview": task,
    Progress: list(x.progress),
    "Key decisions": list(x.decisions),
    Constraints: list(x.constraints),
    "Files modified": list(x.filesModified.map(fileLine)),
    Errors: list(x.errors.map(errorLine)),
    "Next steps": list(x.nextSteps),
    "Critical context": list(x.criticalContext),
  };
}

export function renderMarkdown(
  x: CheckpointExtract,
  meta: { id: string; sessionId: string; trigger: string; createdAt: number; messageCount: number },
): string {
  const bodies = sectionBodies(x);
  return [
    `# Checkpoint ${meta.id}`,
    ``,
    `Session \`${meta.sessionId}\` · ${meta.trigger} · ${new Date(meta.createdAt).toISOString()} · ${meta.messageCount} messages`,
    ``,
    ...SECTIONS.flatMap((s) => [`## ${s}`, ``, bodies[s], ``]),
  ].join("\n");
}
