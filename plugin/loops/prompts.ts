import { findingLine, type OpenFinding } from "../findings";

/** The prompts of a loop's phases: the task, the promise, the open findings, nothing else. */

export const promiseTag = (promise: string) => `<promise>${promise}</promise>`;

export function coderPrompt(o: { task: string; iteration: number; promise: string; findings: OpenFinding[]; directory: string }): string {
  return [
    `You are iteration ${o.iteration} of an autonomous coding loop, working in ${o.directory}. Nobody answers questions: decide and act. Do not run git push; the loop commits your changes.`,
    "",
    "## Task",
    o.task,
    ...(o.findings.length ? ["", "## Open audit findings (fix these first)", ...o.findings.map(findingLine)] : []),
    "",
    `When the whole task is done and no finding above is left, end your final message with ${promiseTag(o.promise)} on its own line. Never output it before that.`,
  ].join("\n");
}

export function auditorPrompt(o: { task: string; iteration: number; findings: OpenFinding[]; diff: string }): string {
  return [
    `You audit iteration ${o.iteration} of a coding loop: review the diff below against the task and the project's conventions. Do not edit files.`,
    "For each problem call memory_finding with file, line, severity (critical, major, minor, info) and description.",
    "For each open finding below that the diff fixes, call memory_finding with its file and line and resolved: true.",
    "",
    "## Task",
    o.task,
    ...(o.findings.length ? ["", "## Open findings", ...o.findings.map(findingLine)] : []),
    "",
    "## Diff of this iteration",
    o.diff.trim() ? "```diff\n" + o.diff + "\n```" : "(no change)",
  ].join("\n");
}

export function nudgePrompt(promise: string): string {
  return `The previous session of this phase stopped making progress and was replaced: continue the task from the files as they are; when it is done, end with ${promiseTag(promise)}.`;
}
