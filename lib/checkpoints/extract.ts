import path from "node:path";
import type { CheckpointExtract, ErrorItem, FileChange } from "../contracts/checkpoints";
import { detectCandidates } from "../extraction/detect";
import { toSentences } from "../extraction/sentences";
import type { ToolCall, Turn } from "./timeline";

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
const TEST_COMMAND =
  /\b(?:npm (?:run )?test|npx (?:vitest|jest|playwright)|vitest|jest|pytest|python -m pytest|go test|cargo test|mvn test|gradle test|make test|tox|rspec|phpunit|dotnet test|bun test|pnpm (?:run )?test|yarn test)\b/;
const ERROR_LINE =
  /\b(?:error|Error|ERROR)(?:\[|:|\s+\d|!|\s+[A-Z]{1,4}\d+)|^error\b|\b[A-Z]\w*(?:Error|Exception)\b|\bTraceback\b|\bFAILED\b|\b\d+ failed\b|\bfailed:|\bfatal:|\bpanic:|No such file or directory|command not found|Segmentation fault|exit (?:code|status) [1-9]|exited with code [1-9]|npm ERR!/;
const PASS_LINE = /\b(?:\d+ passed|all tests pass|tests? passed|0 failed|ok \(|✓|PASS\b|Tests:\s+\d+ passed)/i;

export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("。"));
  return (end > max * 0.5 ? cut.slice(0, end + 1) : cut.slice(0, max - 1) + "…").trim();
}

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

function targetOf(call: ToolCall): string {
  const v = call.input.filePath ?? call.input.file_path ?? call.input.path ?? call.input.command ?? call.input.pattern ?? "";
  return typeof v === "string" ? v.trim().replace(/\s+/g, " ") : "";
}

export function filesModified(turns: readonly Turn[], root: string | null): FileChange[] {
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
    for (const f of turn.patchedFiles) if (![...byPath.keys()].includes(relative(f, root))) add(f, "patch");
  }
  return [...byPath.values()];
}

function errorLine(text: string): string | undefined {
  for (const line of text.split("\n")) {
    const l = line.trim();
    if (l && ERROR_LINE.test(l) && !PASS_LINE.test(l)) return clip(l, 200);
  }
  return undefined;
}

function failed(call: ToolCall): string | undefined {
  if (call.status === "error") return clip(call.error.split("\n").find((l) => l.trim()) ?? "error", 200);
  if (call.tool === "bash") {
    const exit = /exit (?:code|status)[: ]+([1-9]\d*)/i.exec(call.output);
    const line = errorLine(call.output);
    if (exit || line) return line ?? `exit code ${exit?.[1]}`;
  }
  return undefined;
}

/** Errors met, each marked fixed when a later call on the same target (or a later passing test run) succeeded. */
export function errorsOf(turns: readonly Turn[]): ErrorItem[] {
  const calls = turns.flatMap((t) => t.tools.filter((c) => c.tool !== "todowrite" && c.tool !== "read"));
  // Each call is looked at once: linear in the history, whatever its length.
  const info = calls.map((call) => {
    const target = targetOf(call);
    return { call, key: `${call.tool}\u0000${target}`, message: failed(call), isTest: call.tool === "bash" && TEST_COMMAND.test(target) };
  });
  // The index of the last successful call per key, and of the last passing test run.
  const lastOk = new Map<string, number>();
  let lastPassingTest = -1;
  info.forEach((c, i) => {
    if (c.message) return;
    lastOk.set(c.key, i);
    if (c.isTest) lastPassingTest = i;
  });
  const items: (ErrorItem & { at: number })[] = [];
  info.forEach((c, at) => {
    if (!c.message) return;
    const fixed = (lastOk.get(c.key) ?? -1) > at || (c.isTest && lastPassingTest > at);
    const existing = items.find((i) => i.message === c.message);
    if (existing) {
      existing.fixed = fixed;
      existing.at = at;
    } else items.push({ at, tool: c.call.tool, message: c.message, fixed });
  });
  // Open errors first (they matter most), then the most recent.
  return items
    .sort((a, b) => Number(a.fixed) - Number(b.fixed) || b.at - a.at)
    .slice(0, MAX_ITEMS)
    .map(({ tool, message, fixed }) => ({ tool, message, fixed }));
}

const DONE_SENTENCE =
  /^(?:(?:i|we)(?:'ve| have)?\s+)?(?:now\s+)?(?:successfully\s+)?(?:implemented|added|fixed|created|updated|refactored|removed|wrote|written|moved|renamed|completed|finished|resolved|replaced|changed|migrated|extracted|introduced)\b/i;
const DONE_ZH = /^(?:我|我们)?(?:已经|已)(?:经)?(?:实现|添加|修复|创建|更新|重构|删除|完成|解决|替换|修改)/;
const NEXT_SENTENCE =
  /\b(?:next,? (?:i|we)(?:'ll| will)|the next step|next steps?:|remaining:|still (?:need|needs|have) to|(?:i|we)(?:'ll| will) (?:then|next)|todo:|left to do)\b/i;
const NEXT_ZH = /接下来|下一步|还需要|待办|剩下/;

function sentencesOf(text: string, re: RegExp, reZh: RegExp): string[] {
  return toSentences(text)
    .filter((s) => !s.code && (s.lang === "zh" ? reZh.test(s.text) : re.test(s.text)) && !/[?？]$/.test(s.text))
    .map((s) => clip(s.text, 240));
}

function userTurns(turns: readonly Turn[]) {
  return turns.filter((t) => t.role === "user" && t.text);
}

export function extractCheckpoint(turns: readonly Turn[], root: string | null = null): CheckpointExtract {
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
  for (const a of assistants.slice(-12)) progress.push(...sentencesOf(a.text, DONE_SENTENCE, DONE_ZH));
  // The model's last words usually say where it stands.
  const lastWords = assistants[assistants.length - 1];
  if (lastWords) progress.push(`Last assistant message: ${clip(lastWords.text, 300)}`);
  const tests = turns.flatMap((t) => t.tools).filter((c) => c.tool === "bash" && TEST_COMMAND.test(targetOf(c)));
  const lastTest = tests[tests.length - 1];
  if (lastTest)
    progress.push(
      failed(lastTest) ? `Last test run failed: \`${clip(targetOf(lastTest), 120)}\`` : `Last test run passed: \`${clip(targetOf(lastTest), 120)}\``,
    );

  const decisions: string[] = [];
  const constraints: string[] = [];
  const gotchas: string[] = [];
  for (const t of turns) {
    if (!t.text || (t.role !== "user" && t.role !== "assistant")) continue;
    for (const c of detectCandidates(t.text, t.role)) {
      if (c.category === "decision") decisions.push(clip(c.content, 300));
      else if (c.category === "gotcha") gotchas.push(clip(c.content, 300));
      else constraints.push(clip(c.content, 300));
    }
  }

  const nextSteps: string[] = [];
  const lastTurn = [...turns].reverse().find((t) => t.role !== "system" && (t.text || t.tools.length));
  if (lastTurn?.role === "user") nextSteps.push(`Answer the user's latest message: ${clip(lastTurn.text, 300)}`);
  for (const t of todos ?? []) if (t.status === "pending" || t.status === "in_progress") nextSteps.push(clip(t.content, 200));
  for (const a of assistants.slice(-3)) nextSteps.push(...sentencesOf(a.text, NEXT_SENTENCE, NEXT_ZH));

  const errors = errorsOf(turns);
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
    filesModified: filesModified(turns, root).slice(0, 40),
    errors,
    nextSteps: uniq(nextSteps).slice(0, MAX_ITEMS),
    criticalContext: uniq(critical).slice(0, MAX_ITEMS),
  };
}
