import crypto from "node:crypto";
import { redactOptional } from "../security/redact-fields";
import fs from "node:fs";
import path from "node:path";
import type { Ctx } from "../ctx";
import { withTransaction, type Tx } from "../db/transaction";
import { prepared } from "../db/prepared";
import { badRequest, conflict, notFound } from "../errors";
import { getMemoryRow } from "../memories/get";
import { contentHash } from "../memories/normalize";
import { applyChange } from "../memories/update";
import { redact } from "../security/redaction";
import type { LinkKind, Source, Status } from "../vocabulary";

/** What one step of an inbox action changed, so it can be put back. */
export interface UndoStep {
  proposal?: { id: string; status: string };
  memories: { id: string; status: Status; content: string; title: string | null }[];
  links: { from: string; to: string; kind: LinkKind }[];
  files: { path: string; sha256: string }[];
  mergeProposals: { memoryId: string; similarTo: string }[];
}

export interface DecideOptions {
  by?: Source | "auto";
  /** Edited wording (merge: the merged text; skill: the file; a suggested memory: its content). */
  content?: string;
  /** merge: which memory keeps the merged text (one of the proposal's). */
  keeperId?: string;
}

export interface ProposalRow {
  id: string;
  kind: string;
  fingerprint: string;
  project_id: string | null;
  status: string;
  memory_ids: string;
  reason: string;
  evidence: string;
  suggestion: string | null;
  created_at: number;
  decided_at: number | null;
  memory_state: string | null;
  closed_reason: string | null;
}

const emptyStep = (): UndoStep => ({ memories: [], links: [], files: [], mergeProposals: [] });

export function proposalRow(ctx: Ctx | { sqlite: Ctx["sqlite"] }, id: string): ProposalRow {
  const row = prepared(ctx.sqlite, "SELECT * FROM proposals WHERE id = ?").get(id) as ProposalRow | undefined;
  if (!row) throw notFound(`proposal "${id}" not found`);
  return row;
}

/** Applies an open proposal (in one transaction) and records it as the inbox's last action. */
export function applyProposal(ctx: Ctx, id: string, options: DecideOptions = {}): UndoStep {
  return withTransaction(
    ctx.db,
    (tx) => {
      const step = applyProposalIn(ctx, tx, id, options);
      recordAction(ctx, "approve", `proposal:${id}`, [step]);
      return step;
    },
    "immediate",
  );
}

/** Rejects an open proposal: it is kept as rejected, so the same proposal never comes back. */
export function rejectProposal(ctx: Ctx, id: string): UndoStep {
  return withTransaction(
    ctx.db,
    () => {
      const step = rejectProposalIn(ctx, id);
      recordAction(ctx, "reject", `proposal:${id}`, [step]);
      return step;
    },
    "immediate",
  );
}

export function rejectProposalIn(ctx: Ctx, id: string): UndoStep {
  const p = openProposal(ctx, id);
  const step = emptyStep();
  step.proposal = { id, status: p.status };
  prepared(ctx.sqlite, "UPDATE proposals SET status = 'rejected', decided_at = ? WHERE id = ?").run(Date.now(), id);
  if (p.kind === "merge") step.mergeProposals = closeMergeProposals(ctx, JSON.parse(p.memory_ids) as string[], "dismissed");
  return step;
}

export function applyProposalIn(ctx: Ctx, tx: Tx, id: string, options: DecideOptions): UndoStep {
  const p = openProposal(ctx, id);
  const ids = JSON.parse(p.memory_ids) as string[];
  const by: Source = options.by === "auto" || !options.by ? "api" : options.by;
  const why = `consolidation: ${p.kind}${options.by === "auto" ? " (applied automatically)" : ""}`;
  const step = emptyStep();
  step.proposal = { id, status: p.status };
  const change = (memoryId: string, next: { status?: Status; content?: string }) => {
    const row = getMemoryRow(tx, memoryId);
    step.memories.push({ id: row.id, status: row.status, content: row.content, title: row.title });
    const patch: Parameters<typeof applyChange>[2] = {};
    if (next.status) patch.status = next.status;
    if (next.content !== undefined) {
      const content = redact(next.content);
      patch.content = content;
      patch.contentHash = contentHash(content);
    }
    applyChange(tx, row, patch, by, why);
  };
  const link = (from: string, to: string, kind: LinkKind) => {
    const res = prepared(ctx.sqlite, "INSERT INTO memory_links (from_id, to_id, kind) VALUES (?, ?, ?) ON CONFLICT DO NOTHING").run(from, to, kind);
    if (res.changes) step.links.push({ from, to, kind });
  };
  const live = (memoryId: string) => {
    const row = getMemoryRow(tx, memoryId);
    if (row.status !== "active" && row.status !== "resolved")
      throw conflict(`memory "${memoryId}" is ${row.status} now; the proposal no longer applies`, { memoryId });
  };
  ids.forEach(live);

  switch (p.kind) {
    case "merge": {
      const keeper = options.keeperId ?? ids[0]!;
      if (!ids.includes(keeper)) throw badRequest(`keeperId: must be one of the proposal's memories`, { field: "keeperId" });
      // The others leave first, so the merged text is never an exact duplicate of a live one.
      for (const other of ids.filter((m) => m !== keeper)) {
        change(other, { status: "archived" });
        link(keeper, other, "derived_from");
      }
      const text = options.content ?? p.suggestion;
      if (text && text !== getMemoryRow(tx, keeper).content) change(keeper, { content: text });
      step.mergeProposals = closeMergeProposals(ctx, ids, "merged");
      break;
    }
    case "supersede": {
      const [newer, older] = ids as [string, string];
      change(older, { status: "superseded" });
      link(newer, older, "supersedes");
      break;
    }
    case "stale":
    case "expire":
      for (const m of ids) change(m, { status: "archived" });
      break;
    case "skill":
      step.files.push(writeSkill(ctx, p, options.content));
      break;
    default:
      throw badRequest(`proposal kind "${p.kind}" cannot be applied`);
  }
  prepared(ctx.sqlite, "UPDATE proposals SET status = 'approved', decided_at = ? WHERE id = ?").run(Date.now(), id);
  return step;
}

function openProposal(ctx: Ctx, id: string): ProposalRow {
  const p = proposalRow(ctx, id);
  if (p.status !== "open") throw conflict(`proposal "${id}" is already ${p.status}`, { status: p.status });
  return p;
}

function closeMergeProposals(ctx: Ctx, ids: readonly string[], status: "merged" | "dismissed"): { memoryId: string; similarTo: string }[] {
  const out: { memoryId: string; similarTo: string }[] = [];
  const find = prepared(ctx.sqlite, "SELECT memory_id, similar_to FROM merge_proposals WHERE status = 'open' AND memory_id = ? AND similar_to = ?");
  const close = prepared(ctx.sqlite, "UPDATE merge_proposals SET status = ? WHERE memory_id = ? AND similar_to = ?");
  for (const a of ids)
    for (const b of ids) {
      if (a === b || !find.get(a, b)) continue;
      close.run(status, a, b);
      out.push({ memoryId: a, similarTo: b });
    }
  return out;
}

/**
 * Frontmatter (from the opening `---` line to the next `---` line) with a `name:` and a
 * `description:` that have a value, on their line or indented below it. Read line by line: three
 * lazy `[\s\S]*?` in one pattern took seconds on an edited skill of 20 KB.
 */
export function hasSkillFrontmatter(text: string): boolean {
  if (!text.startsWith("---\n")) return false;
  const end = text.indexOf("\n---\n", 3);
  if (end === -1) return false;
  const lines = text.slice(4, end).split("\n");
  const has = (key: string) => lines.some((l, i) => l.startsWith(`${key}:`) && (l.slice(key.length + 1).trim() !== "" || /^[ \t]+\S/.test(lines[i + 1] ?? "")));
  return has("name") && has("description");
}

/** Writes an approved skill into the project (`.opencode/skills/<name>/SKILL.md`); never over an existing file. */
function writeSkill(ctx: Ctx, p: ProposalRow, edited: string | undefined): { path: string; sha256: string } {
  const evidence = JSON.parse(p.evidence) as { name?: string };
  const root = p.project_id
    ? (prepared(ctx.sqlite, "SELECT root_path FROM projects WHERE id = ?").get(p.project_id) as { root_path: string | null } | undefined)?.root_path
    : undefined;
  if (!root || !fs.existsSync(root)) throw conflict("the project's directory is not on this machine; the skill cannot be written");
  if (!evidence.name || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(evidence.name)) throw badRequest("the proposal has no valid skill name");
  const text = edited ?? p.suggestion ?? "";
  if (!hasSkillFrontmatter(text)) throw badRequest("content: a skill needs frontmatter with name and description", { field: "content" });
  const dir = path.join(root, ".opencode", "skills", evidence.name);
  const file = path.join(dir, "SKILL.md");
  if (fs.existsSync(file)) throw conflict(`${file} exists already`, { path: file });
  fs.mkdirSync(dir, { recursive: true });
  // Written whole under another name, then renamed: never half a file.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, { mode: 0o644 });
  fs.renameSync(tmp, file);
  return { path: file, sha256: sha256(text) };
}

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

export function recordAction(ctx: Ctx, action: string, target: string, steps: UndoStep[]): number {
  const res = prepared(ctx.sqlite, "INSERT INTO inbox_actions (action, target, before) VALUES (?, ?, ?)").run(action, target, JSON.stringify({ steps }));
  // Only the last actions can be undone; older ones are kept a while for the record.
  prepared(ctx.sqlite, "DELETE FROM inbox_actions WHERE id <= ? - 1000").run(Number(res.lastInsertRowid));
  return Number(res.lastInsertRowid);
}

/** Puts back what the last inbox action (not yet undone) changed; undefined when there is none. */
/**
 * Undoes the last inbox action not undone yet. With `actionId` (the toast of that action), only
 * that action: a 409 when it was undone already or a later action came after it (undoing it then
 * could overwrite what the later one did), a 404 when there is no such action.
 */
export function undoLastAction(ctx: Ctx, actionId?: number): { action: string; target: string; actionId: number } | undefined {
  return withTransaction(
    ctx.db,
    (tx) => {
      const last = prepared(ctx.sqlite, "SELECT id, action, target, before FROM inbox_actions WHERE undone_at IS NULL ORDER BY id DESC LIMIT 1").get() as
        | { id: number; action: string; target: string; before: string }
        | undefined;
      if (actionId !== undefined && last?.id !== actionId) {
        const asked = prepared(ctx.sqlite, "SELECT undone_at AS undoneAt FROM inbox_actions WHERE id = ?").get(actionId) as
          | { undoneAt: number | null }
          | undefined;
        if (!asked) throw notFound(`no inbox action ${actionId} (only the last 1,000 are kept)`);
        if (asked.undoneAt !== null) throw conflict(`inbox action ${actionId} was undone already`, { actionId });
        throw conflict(`a later inbox action came after action ${actionId}: undo that one first`, { actionId, later: last?.id });
      }
      if (!last) return undefined;
      const { steps } = JSON.parse(last.before) as { steps: UndoStep[] };
      for (const step of [...steps].reverse()) undoStep(ctx, tx, step);
      prepared(ctx.sqlite, "UPDATE inbox_actions SET undone_at = ? WHERE id = ?").run(Date.now(), last.id);
      return { action: last.action, target: last.target, actionId: last.id };
    },
    "immediate",
  );
}

function undoStep(ctx: Ctx, tx: Tx, step: UndoStep): void {
  for (const f of step.files) {
    // Only the file as written: one the user edited since is theirs.
    if (fs.existsSync(f.path) && sha256(fs.readFileSync(f.path, "utf8")) === f.sha256) {
      fs.rmSync(f.path);
      const dir = path.dirname(f.path);
      if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
    }
  }
  for (const l of step.links) prepared(ctx.sqlite, "DELETE FROM memory_links WHERE from_id = ? AND to_id = ? AND kind = ?").run(l.from, l.to, l.kind);
  for (const m of [...step.memories].reverse()) {
    const row = tx.$client.prepare("SELECT 1 FROM memories WHERE id = ?").get(m.id) ? getMemoryRow(tx, m.id) : undefined;
    if (!row) continue;
    // Text read back from the store, redacted again on its way back (idempotent: undo is rare).
    const content = redact(m.content);
    applyChange(tx, row, { status: m.status, content, contentHash: contentHash(content), title: redactOptional(m.title) }, "ui", "undo");
  }
  for (const mp of step.mergeProposals)
    prepared(ctx.sqlite, "UPDATE merge_proposals SET status = 'open' WHERE memory_id = ? AND similar_to = ?").run(mp.memoryId, mp.similarTo);
  if (step.proposal) prepared(ctx.sqlite, "UPDATE proposals SET status = ?, decided_at = NULL WHERE id = ?").run(step.proposal.status, step.proposal.id);
}
