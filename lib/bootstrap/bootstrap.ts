import { v7 as uuidv7 } from "uuid";
import type { BootstrapOutcome, BootstrapProposalDto, BootstrapResult, ParsedBootstrapInput } from "../contracts/bootstrap";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { previewOrWrite, previewOrWriteSliced } from "../memories/preview-or-write";
import { findExactDuplicate } from "../memories/exact-duplicate";
import { getMemoryRow } from "../memories/get";
import { contentHash, normalizeTags } from "../memories/normalize";
import { applyChange } from "../memories/update";
import type { Placement } from "../memories/scope";
import { lookupProject } from "../projects/lookup";
import { resolveProject } from "../projects/resolve";
import { findNearDuplicate } from "../indexing/near-duplicate";
import { clipRedacted, lowerCaseRedacted, redact, type Redacted } from "../security/redaction";
import { redactKeysDeep } from "../security/redact-fields";
import { MEMORY_LIMITS } from "../vocabulary";
import { agentInstructions, agentInstructionsSteps } from "./agent-instructions";
import { buildCommands } from "./commands";
import { projectFiles } from "./files";
import { readmeAndContributing, readmeAndContributingSteps } from "./readme";
import { runAll, runSliced, type Steps } from "../slices";
import { sameLine } from "./same-line";
import { stackAndSettings } from "./stack";
import type { ProjectFiles, Proposal } from "./types";

/** A proposal after redaction, with its hash. */
interface Cleaned extends Omit<Proposal, "content" | "title" | "tags"> {
  content: Redacted;
  title: Redacted;
  tags: Redacted[];
  hash: string;
}
/** A memory an earlier bootstrap of this project wrote. */
interface Earlier {
  id: string;
  status: string;
  hash: string;
  key: string;
  content: string;
}

/**
 * Reads a project's own files (agent instructions, build and test commands, stack and settings,
 * README and CONTRIBUTING) and proposes memories as `suggested`, each with its source `file:line`
 * (metadata `bootstrap`). Deterministic (files and proposals in a fixed order), deduplicated
 * against the store, idempotent: a second run proposes only what changed, and a proposal whose
 * source changed is an update of the memory the earlier run wrote. One transaction.
 */
export function bootstrapProject(ctx: Ctx, input: ParsedBootstrapInput): BootstrapResult {
  const project = projectFiles(input.directory);
  const raw = [...agentInstructions(project), ...buildCommands(project), ...stackAndSettings(project), ...readmeAndContributing(project)];
  return propose(ctx, input, project, clean(raw));
}

/**
 * `bootstrapProject` for the server: the Markdown files (up to 1 MB each) are split in slices
 * (lib/slices.ts), so health keeps answering; the proposals are checked and written in one transaction.
 */
export async function bootstrapProjectAsync(ctx: Ctx, input: ParsedBootstrapInput): Promise<BootstrapResult> {
  const project = projectFiles(input.directory);
  const instructions = await runSliced(agentInstructionsSteps(project));
  const commands = buildCommands(project);
  const stack = stackAndSettings(project);
  const readme = await runSliced(readmeAndContributingSteps(project));
  return proposeSliced(ctx, input, project, clean([...instructions, ...commands, ...stack, ...readme]));
}

type Decision =
  | { kind: "unchanged" | "known"; p: Cleaned; id: string }
  /** Rewrites the suggested memory an earlier run wrote. */
  | { kind: "rewrite"; p: Cleaned; id: string }
  /** A new suggestion that supersedes the reviewed memory an earlier run wrote. */
  | { kind: "supersede"; p: Cleaned; replaces: string }
  | { kind: "new"; p: Cleaned };

/** Each proposal decided from reads alone (earlier proposals, exact and near duplicates), one a step. */
function* planSteps(ctx: Ctx, placement: Placement, proposals: Cleaned[]): Steps<Decision[]> {
  const earlier = prepared(
    ctx.sqlite,
    `SELECT id, status, content_hash AS hash, content, json_extract(metadata, '$.bootstrap.key') AS key FROM memories
     WHERE project_id = ? AND scope = 'project' AND json_extract(metadata, '$.bootstrap.key') IS NOT NULL ORDER BY seq`,
  ).all(placement.projectId) as Earlier[];
  const byHash = new Map(earlier.map((e) => [e.hash, e]));
  // The latest memory of each key: an update proposal supersedes the reviewed one before it.
  const byKey = new Map(earlier.map((e) => [e.key, e]));
  const ours = new Set(earlier.map((e) => e.id));
  // Texts still in the files keep their memories, wherever the lines moved: claimed first.
  const claimed = new Set(proposals.flatMap((p) => byHash.get(p.hash)?.id ?? []));
  const out: Decision[] = [];
  for (const p of proposals) {
    yield;
    const same = byHash.get(p.hash);
    if (same) {
      out.push({ kind: "unchanged", p, id: same.id });
      continue;
    }
    const exact =
      findExactDuplicate(ctx.sqlite, placement, p.hash) ?? findExactDuplicate(ctx.sqlite, { scope: "global", projectId: null, sessionId: null }, p.hash);
    if (exact) {
      out.push({ kind: "known", p, id: exact.id });
      continue;
    }
    const previous = sameLine(p, byKey, earlier, claimed);
    if (previous) {
      out.push(previous.status === "suggested" ? { kind: "rewrite", p, id: previous.id } : { kind: "supersede", p, replaces: previous.id });
      continue;
    }
    // A near duplicate written by someone else (not an earlier proposal of this project).
    const near = findNearDuplicate(ctx, placement, p.content);
    out.push(near?.kind === "near" && !ours.has(near.id) ? { kind: "known", p, id: near.id } : { kind: "new", p });
  }
  return out;
}

function dto(p: Cleaned, outcome: BootstrapOutcome, id?: string, replaces?: string): BootstrapProposalDto {
  return {
    key: p.key,
    category: p.category,
    title: p.title,
    content: p.content,
    source: `${p.file}:${p.line}`,
    outcome,
    ...(id ? { id } : {}),
    ...(replaces ? { replaces } : {}),
  };
}

/** What a dry run answers for a plan. */
function preview(plan: Decision[]): BootstrapProposalDto[] {
  return plan.map((d) => {
    if (d.kind === "unchanged" || d.kind === "known") return dto(d.p, d.kind, d.id);
    if (d.kind === "rewrite") return dto(d.p, "updated", d.id);
    if (d.kind === "supersede") return dto(d.p, "updated", undefined, d.replaces);
    return dto(d.p, "new");
  });
}

/** Writes the plan, one proposal a step (a sliced write, lib/memories/preview-or-write.ts). */
function* apply(ctx: Ctx, placement: Placement, plan: Decision[]): Steps<BootstrapProposalDto[]> {
  const out: BootstrapProposalDto[] = [];
  for (const d of plan) {
    yield;
    out.push(applyOne(ctx, placement, d));
  }
  return out;
}

function applyOne(ctx: Ctx, placement: Placement, d: Decision): BootstrapProposalDto {
  if (d.kind === "unchanged" || d.kind === "known") return dto(d.p, d.kind, d.id);
  const { p } = d;
  if (d.kind === "rewrite") {
    applyChange(
      ctx.db,
      getMemoryRow(ctx.db, d.id),
      { content: p.content, contentHash: p.hash, title: p.title, category: p.category, metadata: metadata(p) },
      "import",
      "bootstrap: its source changed",
    );
    return dto(p, "updated", d.id);
  }
  if (d.kind === "supersede") {
    const id = insert(ctx, placement, p, d.replaces);
    prepared(ctx.sqlite, "INSERT INTO memory_links (from_id, to_id, kind) VALUES (?, ?, 'supersedes') ON CONFLICT DO NOTHING").run(id, d.replaces);
    return dto(p, "updated", id, d.replaces);
  }
  return dto(p, "new", insert(ctx, placement, p));
}

function placementOf(ctx: Ctx, project: ProjectFiles): Placement & { projectId: string } {
  return { scope: "project", projectId: lookupProject(ctx, project.root), sessionId: null };
}

function propose(ctx: Ctx, input: ParsedBootstrapInput, project: ProjectFiles, proposals: Cleaned[]): BootstrapResult {
  const placement = placementOf(ctx, project);
  if (!input.dryRun) resolveProject(ctx, { directory: project.root });
  const items = previewOrWrite(ctx, input.dryRun, (write) => {
    const plan = runAll(planSteps(ctx, placement, proposals));
    return write ? runAll(apply(ctx, placement, plan)) : preview(plan);
  });
  return result(input, project, placement, items);
}

/** `propose` for the server: planned in slices, the write only applies the plan (lib/memories/preview-or-write.ts). */
async function proposeSliced(ctx: Ctx, input: ParsedBootstrapInput, project: ProjectFiles, proposals: Cleaned[]): Promise<BootstrapResult> {
  const placement = placementOf(ctx, project);
  if (!input.dryRun) resolveProject(ctx, { directory: project.root });
  const items = await previewOrWriteSliced(ctx, input.dryRun, {
    plan: () => planSteps(ctx, placement, proposals),
    preview,
    apply: (on, plan) => apply(on, placement, plan),
    inserts: (plan) =>
      plan.flatMap((d) => (d.kind === "new" || d.kind === "supersede" ? [{ title: d.p.title, tags: normalizeTags(d.p.tags), content: d.p.content }] : [])),
  });
  return result(input, project, placement, items);
}

function result(input: ParsedBootstrapInput, project: ProjectFiles, placement: { projectId: string }, items: BootstrapProposalDto[]): BootstrapResult {
  const counts: Record<BootstrapOutcome, number> = { new: 0, updated: 0, unchanged: 0, known: 0 };
  for (const i of items) counts[i.outcome]++;
  const rank = (o: BootstrapOutcome) => (o === "new" || o === "updated" ? 0 : 1);
  return {
    directory: project.root,
    projectId: placement.projectId,
    dryRun: input.dryRun,
    files: project.files.length,
    counts,
    proposals: items
      .map((item, index) => ({ item, index }))
      .sort((a, b) => rank(a.item.outcome) - rank(b.item.outcome) || a.index - b.index)
      .map((x) => x.item),
  };
}

/** Redacted, bounded, and the first of identical texts only (AGENTS.md and CLAUDE.md often repeat each other). */
function clean(raw: Proposal[]): Cleaned[] {
  const seen = new Set<string>();
  const out: Cleaned[] = [];
  for (const p of raw) {
    const content = clipRedacted(redact(p.content), MEMORY_LIMITS.contentChars);
    if (!content) continue;
    const hash = contentHash(content);
    if (seen.has(hash)) continue;
    seen.add(hash);
    out.push({
      ...p,
      key: redact(p.key),
      content,
      title: clipRedacted(redact(p.title), MEMORY_LIMITS.titleChars),
      tags: p.tags.map((t) => lowerCaseRedacted(redact(t))),
      file: redact(p.file),
      hash,
    });
  }
  return out;
}

function metadata(p: Cleaned, replaces?: string): Redacted<Record<string, unknown>> {
  return redactKeysDeep<Record<string, unknown>>({
    source: `${p.file}:${p.line}`,
    bootstrap: { key: p.key, file: p.file, line: p.line, ...(replaces ? { replaces } : {}) },
  });
}

/** Writes a proposal as a `suggested` project memory; its index rows follow at the end of the run. */
function insert(ctx: Ctx, placement: Placement, p: Cleaned, replaces?: string): string {
  const id = uuidv7();
  const now = Date.now();
  prepared(
    ctx.sqlite,
    `INSERT INTO memories (id, project_id, scope, session_id, category, title, content, tags, source, status, pinned, priority, content_hash, metadata, created_at, updated_at)
     VALUES (?, ?, 'project', NULL, ?, ?, ?, ?, 'import', 'suggested', 0, 0, ?, ?, ?, ?)`,
  ).run(
    id,
    placement.projectId,
    p.category,
    p.title,
    p.content,
    JSON.stringify(normalizeTags(p.tags)),
    p.hash,
    JSON.stringify(metadata(p, replaces)),
    now,
    now,
  );
  return id;
}
