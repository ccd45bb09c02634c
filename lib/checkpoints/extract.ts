import path from "node:path";
import type { CheckpointExtract, FileChange } from "../contracts/checkpoints";
import { detectCandidates } from "../extraction/detect";
import { toSentences } from "../extraction/sentences";
import { choicesSteps, decisionsIn } from "./decisions";
import { clip, errorsOf, errorsSteps, failed, targetOf, TEST_COMMAND } from "./errors";
import { nextStepsIn } from "./next-steps";
import type { ToolCall, Turn } from "./timeline";
import { runAll, type Steps } from "../slices";

export { clip, errorsOf };

/**
 * Deterministic extractors over a session history: the same history always gives the same
 * checkpoint. Each returns at most a handful of short lines; the Markdown and the resume block
 * are built from these.
 */
const MAX_ITEMS = 12;
const EDIT_TOOLS: Record<string, string> = {
  edit: "edit",
  write: "write",
  multiedit: "edit",
  patch: "patch",
  apply_patch: "patch",
  str_replace_editor: "edit",
};
const uniq = (items: string[]) => {
  const seen = new Set<string>();
  return items.filter((i) => {
    const k = i.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

function lastTodos(turns: readonly Turn[]): { content: string; status: string }[] | undefined {
  for (let i = turns.length - 1; i >= 0; i--) {
    for (let j = turns[i].tools.length - 1; j >= 0; j--) {
      const t = turns[i].tools[j];
      if (t.tool === "todowrite" && Array.isArray(t.input.todos)) {
        return (t.input.todos as Record<string, unknown>[])
          .filter((x) => typeof x?.content === "string")
          .map((x) => ({ content: String(x.content), status: String(x.status ?? "pending") }));
      }
    }
  }
  return undefined;
}

function relative(file: string, root: string | null): string {
  if (root && path.isAbsolute(file)) {
    const rel = path.relative(root, file);
    if (rel && !rel.startsWith("..") && !path.isAbsolute(rel)) return rel;
  }
  return file;
}

/** Files named by a `*** Update File: x` / `*** Add File: x` / `+++ b/x` patch text. */
function filesInPatch(text: string): { file: string; op: string }[] {
  const out: { file: string; op: string }[] = [];
  for (const m of text.matchAll(/^\*\*\* (Add|Update|Delete) File: (.+)$/gm))
    out.push({ file: m[2].trim(), op: m[1].toLowerCase() === "add" ? "write" : m[1].toLowerCase() === "delete" ? "delete" : "patch" });
  for (const m of text.matchAll(/^\+\+\+ (?:b\/)?(.+)$/gm)) if (m[1].trim() !== "/dev/null") out.push({ file: m[1].trim(), op: "patch" });
  return out;
}

export function filesModified(turns: readonly Turn[], root: string | null): FileChange[] {
  return runAll(filesModifiedSteps(turns, root));
}

/** `filesModified` as steps, one a turn (lib/slices.ts). */
function* filesModifiedSteps(turns: readonly Turn[], root: string | null): Steps<FileChange[]> {
  const byPath = new Map<string, FileChange>();
  const add = (file: string, op: string) => {
    const p = relative(file, root);
    const cur = byPath.get(p) ?? { path: p, ops: [], count: 0 };
    if (!cur.ops.includes(op)) cur.ops.push(op);
    cur.count++;
    byPath.set(p, cur);
  };
  for (const turn of turns) {
    for (const call of turn.tools) {
      const op = EDIT_TOOLS[call.tool];
      if (!op || call.status === "error") continue;
      const patchText = call.input.patchText ?? call.input.patch ?? call.input.diff;
      if (typeof patchText === "string" && patchText) for (const f of filesInPatch(patchText)) add(f.file, f.op);
      const target = call.input.filePath ?? call.input.file_path ?? call.input.path;
      if (typeof target === "string" && target) add(target, op);
    }
    for (const f of turn.patchedFiles) if (!byPath.has(relative(f, root))) add(f, "patch");
    yield;
  }
  return [...byPath.values()];
}

const DONE_SENTENCE =
  /^(?:(?:i|we)(?:'ve| have)?\s+)?(?:now\s+)?(?:successfully\s+)?(?:implemented|added|fixed|created|updated|refactored|removed|wrote|written|moved|renamed|completed|finished|resolved|replaced|changed|migrated|extracted|introduced)\b/i;
const DONE_ZH = /^(?:我|我们)?(?:已经|已)(?:经)?(?:实现|添加|修复|创建|更新|重构|删除|完成|解决|替换|修改)/;
/** Progress that names what now works ("Typo search works", "测试现在通过了"). */
const WORKS_SENTENCE =
  /\b(?:works?|working|passes|pass|is green|are green|is bounded|are bounded) now\b|\bnow (?:works?|passes|supports?|handles?|returns?|logs?|lasts?|builds?|runs?)\b|\b(?:pass(?:es)?|works?) reliably\b/i;
const WORKS_ZH = /(?:已经|现在|已)(?:能|可以|支持|跑通|通过|正常|加好|完成)|(?:通过|跑通|可以切换|能跑)了/;

function sentencesOf(text: string, re: RegExp, reZh: RegExp): string[] {
  return toSentences(text)
    .filter((s) => !s.code && (s.lang === "zh" ? reZh.test(s.text) : re.test(s.text)) && !/[?？]$/.test(s.text))
    .map((s) => clip(s.text, 240));
}

/** The last test command run (bash), one turn a step from the end. */
function* lastTestRun(turns: readonly Turn[]): Steps<ToolCall | undefined> {
  for (let i = turns.length - 1; i >= 0; i--, yield) {
    const tools = turns[i].tools;
    for (let j = tools.length - 1; j >= 0; j--) if (tools[j].tool === "bash" && TEST_COMMAND.test(targetOf(tools[j]))) return tools[j];
  }
  return undefined;
}

function userTurns(turns: readonly Turn[]) {
  return turns.filter((t) => t.role === "user" && t.text);
}

export function extractCheckpoint(turns: readonly Turn[], root: string | null = null): CheckpointExtract {
  return runAll(extractCheckpointSteps(turns, root));
}

/** `extractCheckpoint` as steps: one a turn of each pass over the whole history (lib/slices.ts). */
export function* extractCheckpointSteps(turns: readonly Turn[], root: string | null = null): Steps<CheckpointExtract> {
  const users = userTurns(turns);
  const task = users[0] ? clip(users[0].text, 600) : null;
  const latest = users.length > 1 ? clip(users[users.length - 1].text, 400) : null;
  const todos = lastTodos(turns);
  const assistants = turns.filter((t) => t.role === "assistant" && t.text);

  const progress: string[] = [];
  for (const t of todos ?? []) {
    if (t.status === "completed") progress.push(`Done: ${clip(t.content, 200)}`);
    else if (t.status === "in_progress") progress.push(`In progress: ${clip(t.content, 200)}`);
  }
  for (const a of assistants.slice(-12)) progress.push(...sentencesOf(a.text, DONE_SENTENCE, DONE_ZH), ...sentencesOf(a.text, WORKS_SENTENCE, WORKS_ZH));
  // The model's last words usually say where it stands.
  const lastWords = assistants[assistants.length - 1];
  if (lastWords) progress.push(`Last assistant message: ${clip(lastWords.text, 300)}`);
  const lastTest = yield* lastTestRun(turns);
  if (lastTest)
    progress.push(
      failed(lastTest) ? `Last test run failed: \`${clip(targetOf(lastTest), 120)}\`` : `Last test run passed: \`${clip(targetOf(lastTest), 120)}\``,
    );

  const decisions: string[] = [];
  const constraints: string[] = [];
  const gotchas: string[] = [];
  for (const t of turns) {
    if (!t.text || (t.role !== "user" && t.role !== "assistant")) continue;
    // Decisions in any of their phrasings (user or assistant), with the reason when the sentence gives one.
    decisions.push(...decisionsIn(t.text).map((d) => clip(d, 300)));
    for (const c of detectCandidates(t.text, t.role)) {
      if (c.category === "decision") decisions.push(clip(c.content, 300));
      else if (c.category === "gotcha") gotchas.push(clip(c.content, 300));
      else constraints.push(clip(c.content, 300));
    }
    yield;
  }

  // A choice the user made by answering an option list with its label ("b", "Option 3").
  decisions.push(...(yield* choicesSteps(turns)).map((d) => clip(d, 300)));

  const nextSteps: string[] = [];
  const lastTurn = [...turns].reverse().find((t) => t.role !== "system" && (t.text || t.tools.length));
  if (lastTurn?.role === "user") nextSteps.push(`Answer the user's latest message: ${clip(lastTurn.text, 300)}`);
  for (const t of todos ?? []) if (t.status === "pending" || t.status === "in_progress") nextSteps.push(clip(t.content, 200));
  const recent = assistants.slice(-3);
  recent.forEach((a, i) => nextSteps.push(...nextStepsIn(a.text, i === recent.length - 1).map((n) => clip(n, 240))));

  const errors = yield* errorsSteps(turns);
  const critical: string[] = [...gotchas];
  const open = errors.filter((e) => !e.fixed);
  if (open.length) critical.push(`Unresolved: ${open[0].tool}: ${open[0].message}`);
  if (lastTest) critical.push(`Test command: \`${clip(targetOf(lastTest), 120)}\``);

  return {
    task,
    latestRequest: latest && latest !== task ? latest : null,
    progress: uniq(progress).slice(-MAX_ITEMS),
    decisions: uniq(decisions).slice(-MAX_ITEMS),
    constraints: uniq(constraints).slice(-MAX_ITEMS),
    filesModified: (yield* filesModifiedSteps(turns, root)).slice(0, 40),
    errors,
    nextSteps: uniq(nextSteps).slice(0, MAX_ITEMS),
    criticalContext: uniq(critical).slice(0, MAX_ITEMS),
  };
}
