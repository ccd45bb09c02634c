import { recordInjected } from "../metrics/injected";
import type { CheckpointExtract, ParsedResumeQuery, ResumeResult } from "../contracts/checkpoints";
import type { Ctx } from "../ctx";
import { badRequest } from "../errors";
import { errorLine } from "../checkpoints/markdown";
import { resolveProject } from "../projects/resolve";
import { registerSession, sessionRow } from "../sessions/sessions";
import { countTokens } from "../token-count";
import { dayAge } from "./format";
import { normalizeLine, supersededTexts } from "../memories/superseded";
import { prepared } from "../db/prepared";
import { containment, jaccard, RESTATES_CONTAINMENT } from "../search/jaccard";
import { tokenize } from "../search/tokenizer";
import { toSentences } from "../extraction/sentences";

/**
 * The resume block a new session gets once: built from the project's latest checkpoint taken by
 * another session, within `injection.resumeBudgetTokens`. Sections go in by priority (next steps and
 * decisions, then the task, constraints, open errors, what was done) and each item only if it still fits, so the block never exceeds
 * its budget. Delivery is recorded atomically: two concurrent asks get one block.
 */
interface Section {
  title: string;
  items: string[];
}

/**
 * Critical-context items restate something under a label (extract.ts: the first open error, the
 * last test command): such an item is left out when a line shown above holds what follows its
 * label, as written ("`npm test`" is in "Last test run failed: `npm test`", not in
 * "`npm test -- --run`"). Any other item is left out only when it equals a line shown ("use pnpm"
 * is not "use pnpm workspaces").
 */
const RESTATED = /^(?:Unresolved|Test command): /;
/** A line as words: case, punctuation and symbols (the backticks around a command) aside. */
const plain = (s: string) => normalizeLine(s.replace(/\p{S}+/gu, " "));

export function buildResumeBlock(
  x: CheckpointExtract,
  meta: { createdAt: number; trigger: string },
  budget: number,
  now = Date.now(),
): { block: string; tokens: number } | null {
  // One line (sent on every request of the session): the checkpoint's and session's ids are of no
  // use to the model (the resume answer carries the checkpoint id).
  const header = `## Resuming from an earlier session (${meta.trigger}, ${dayAge(meta.createdAt, now)}; verify before acting)`;
  if (countTokens(header) > budget) return null;
  // A latest request that restates the task with a word or two changed ("fix the parser" then "fix
  // the worker", the same sentence) is the task now: the older one is left out.
  const restatesTask = !!x.task && !!x.latestRequest && jaccard(new Set(tokenize(x.task)), new Set(tokenize(x.latestRequest))) >= TASK_RESTATED;
  const taskItems = restatesTask ? [x.latestRequest!] : [x.task ?? "", x.latestRequest ? `Latest request: ${x.latestRequest}` : ""].filter(Boolean);
  // The user's own words go under Task, even when they also read as a decision; unless the budget
  // leaves Task out, then they stay among the decisions.
  const userWords = new Set([x.task, x.latestRequest].filter((t): t is string => !!t).map(normalizeLine));
  const decisionsApart = x.decisions.filter((d) => !userWords.has(normalizeLine(d)));
  let text = render(header, sections(x, decisionsApart, taskItems), budget);
  if (decisionsApart.length < x.decisions.length && !taskItems.every((t) => text.includes(`\n- ${t}`))) {
    text = render(header, sections(x, x.decisions, taskItems), budget);
  }
  return text === header ? null : { block: text, tokens: countTokens(text) };
}

/** Word overlap at which the latest request is the task said again. */
const TASK_RESTATED = 0.6;
/** Files named on the one "Files modified" line; the rest are counted. */
const FILES_SHOWN = 5;

/** The files on one line (a list of paths was a line, and ~10 tokens, each): the most changed first. */
function filesLine(files: CheckpointExtract["filesModified"]): string[] {
  if (files.length === 0) return [];
  const named = files.slice(0, FILES_SHOWN).map((f) => {
    const ops = f.ops.filter((o) => o !== "edit");
    const notes = [...ops, f.count > 1 ? `×${f.count}` : ""].filter(Boolean).join(" ");
    return notes ? `${f.path} (${notes})` : f.path;
  });
  const more = files.length - named.length;
  return [`${named.join(", ")}${more > 0 ? `, +${more} more` : ""}`];
}

const sections = (x: CheckpointExtract, decisions: string[], task: string[]): Section[] => [
  // What to do next and what was decided first: the two things a new session most needs and cannot re-derive.
  { title: "Next steps", items: x.nextSteps },
  { title: "Decisions", items: decisions },
  { title: "Task", items: task },
  { title: "Constraints", items: x.constraints },
  { title: "Open errors", items: x.errors.filter((e) => !e.fixed).map(errorLine) },
  { title: "Progress", items: x.progress },
  { title: "Files modified", items: filesLine(x.filesModified) },
  { title: "Critical context", items: x.criticalContext },
];

/**
 * The sections in order, each item only while it fits the budget. The block goes out on every
 * request of the session: an item that says nothing a line above did not say already (the open
 * error again as "Unresolved: ...") is left out.
 */
function render(header: string, all: Section[], budget: number): string {
  let text = header;
  const shown: { raw: string; plain: string }[] = [];
  for (const s of all) {
    let body = "";
    for (const item of s.items) {
      const restated = RESTATED.test(item);
      const core = item.replace(RESTATED, "");
      const words = plain(core);
      if (shown.some((line) => line.plain === words || (restated && line.raw.includes(core)))) continue;
      const next = `${body}\n- ${item}`;
      if (countTokens(`${text}\n\n**${s.title}**${next}`) > budget) break;
      body = next;
      shown.push({ raw: item, plain: plain(item) });
    }
    if (body) text = `${text}\n\n**${s.title}**${body}`;
  }
  return text;
}

export function resumeContext(ctx: Ctx, q: ParsedResumeQuery, now = Date.now()): ResumeResult {
  const projectId = resolveProject(ctx, q);
  if (!projectId) throw badRequest("give a directory or a project", { field: "directory" });
  if (!sessionRow(ctx, q.sessionID)) registerSession(ctx, { sessionID: q.sessionID, project: projectId }, now);
  const deliveredAt = sessionRow(ctx, q.sessionID)?.resume_delivered_at ?? null;
  if (deliveredAt !== null && !q.again) return { block: null, tokens: 0, checkpointId: null, reason: "delivered" };

  // Asked again: the block as delivered then (the latest checkpoint at that time).
  const cp = ctx.sqlite
    .prepare(
      `SELECT id, session_id, trigger, extracted, created_at FROM checkpoints WHERE project_id = ? AND session_id <> ? AND created_at <= ?
       ORDER BY created_at DESC, id DESC LIMIT 1`,
    )
    .get(projectId, q.sessionID, deliveredAt ?? Number.MAX_SAFE_INTEGER) as
    | { id: string; session_id: string; trigger: string; extracted: string; created_at: number }
    | undefined;
  if (!cp) return { block: null, tokens: 0, checkpointId: null, reason: "none" };

  const built = buildResumeBlock(
    withoutPinned(ctx, projectId, withoutSuperseded(ctx, projectId, JSON.parse(cp.extracted) as CheckpointExtract)),
    { createdAt: cp.created_at, trigger: cp.trigger },
    q.budget ?? ctx.config.injection.resumeBudgetTokens,
    now,
  );
  if (!built) return { block: null, tokens: 0, checkpointId: cp.id, reason: "none" };
  if (deliveredAt !== null) return { block: built.block, tokens: built.tokens, checkpointId: cp.id };
  const won = ctx.sqlite.prepare("UPDATE sessions SET resume_delivered_at = ? WHERE id = ? AND resume_delivered_at IS NULL").run(now, q.sessionID).changes;
  if (!won) return { block: null, tokens: 0, checkpointId: null, reason: "delivered" };
  recordInjected("resume", built.tokens);
  return { block: built.block, tokens: built.tokens, checkpointId: cp.id };
}

/** A checkpoint's decisions and constraints, less those that repeat a memory superseded since. */
function withoutSuperseded(ctx: Ctx, projectId: string, x: CheckpointExtract): CheckpointExtract {
  const gone = supersededTexts(ctx.sqlite, projectId);
  if (gone.size === 0) return x;
  const keep = (items: string[]) => items.filter((i) => !gone.has(normalizeLine(i)));
  return { ...x, decisions: keep(x.decisions), constraints: keep(x.constraints), criticalContext: keep(x.criticalContext) };
}

/**
 * A checkpoint's items less those that restate a pinned memory: the stable block already shows
 * those on every request of the session. Restating: the words' Jaccard at the store's near-duplicate
 * threshold, or one's words (three or more) nearly all within the other's.
 */
function withoutPinned(ctx: Ctx, projectId: string, x: CheckpointExtract): CheckpointExtract {
  const rows = prepared(
    ctx.sqlite,
    `SELECT content FROM memories WHERE status = 'active' AND pinned = 1
       AND ((scope = 'project' AND project_id = ?) OR (scope = 'global' AND project_id IS NULL)) LIMIT 500`,
  ).all(projectId) as { content: string }[];
  if (rows.length === 0) return x;
  const pinned = rows.map((r) => new Set(tokenize(r.content)));
  const threshold = ctx.config.search.lexicalDedupThreshold;
  const restates = (item: string) => {
    const words = new Set(tokenize(item));
    return pinned.some((p) => jaccard(words, p) >= threshold || containment(words, p) >= RESTATES_CONTAINMENT);
  };
  const keep = (items: string[]) => items.filter((i) => !restates(i));
  // The user's words (task, latest request) often state the rules the model then pinned: those
  // sentences go, the rest of the request stays.
  const unpinned = (text: string | null) => {
    if (!text) return text;
    const left = sentencesOf(text).filter((sentence) => !restates(sentence));
    return left.length ? left.join(" ") : null;
  };
  return {
    ...x,
    task: unpinned(x.task),
    latestRequest: unpinned(x.latestRequest),
    decisions: keep(x.decisions),
    constraints: keep(x.constraints),
    criticalContext: keep(x.criticalContext),
    nextSteps: keep(x.nextSteps),
  };
}

/** A text's sentences (the extraction's own splitter: abbreviations, paths and code spans kept whole). */
const sentencesOf = (text: string) => toSentences(text).map((s) => s.text.trim());
