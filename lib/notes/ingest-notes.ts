import fs from "node:fs";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import type { IngestedNoteDto, IngestNotesResult, NoteOutcome, ParsedIngestNotesInput } from "../contracts/notes";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { badRequest } from "../errors";
import { readRegularText, requireDirectory, requireRegularFile } from "../files/checked";
import { previewOrWrite, previewOrWriteSliced } from "../memories/preview-or-write";
import { findExactDuplicate } from "../memories/exact-duplicate";
import { getMemoryRow } from "../memories/get";
import { contentHash, normalizeTags } from "../memories/normalize";
import type { Placement } from "../memories/scope";
import { applyChange } from "../memories/update";
import { identifyProject } from "../projects/identify";
import { lookupProject } from "../projects/lookup";
import { resolveProject } from "../projects/resolve";
import { clipRedacted, lowerCaseRedacted, redact, type Redacted } from "../security/redaction";
import { redactKeysDeep } from "../security/redact-fields";
import { MEMORY_LIMITS } from "../vocabulary";
import { sameLine } from "../bootstrap/same-line";
import { layoutTags, type NoteCandidate, splitNotesSteps } from "./split";
import { runAll, runSliced, type Steps } from "../slices";

/** Bounds of one ingest: a folder of notes, not a whole disk. */
/** `entries`: folder entries looked at in one walk (`/` given by mistake stops here, not after minutes). */
export const NOTES_LIMITS = { files: 2000, fileBytes: 2 * 1024 * 1024, depth: 8, entries: 100_000 } as const;

interface Earlier {
  id: string;
  status: string;
  hash: string;
  key: string;
  content: string;
}
interface Prepared extends Omit<NoteCandidate, "content" | "title" | "tags"> {
  content: Redacted;
  title: Redacted;
  tags: Redacted[];
  file: string;
  hash: string;
}

/**
 * Ingests a Markdown file or a folder of them (memory-bank, `.serena/memories/`, plain notes):
 * one memory per list item or section (lib/notes/split.ts), active, each with its `file:line`.
 * Re-ingest updates in place: an unchanged text is left alone, a changed one is rewritten (its
 * old text kept as a version), one gone from its file is archived. One transaction.
 */
export function ingestNotes(ctx: Ctx, input: ParsedIngestNotesInput): IngestNotesResult {
  const { root, files, base } = located(input);
  const placement = placementOf(ctx, input, base, !input.dryRun);
  const notes = runAll(prepareSteps(files, base));
  const items = previewOrWrite(ctx, input.dryRun, (write) => {
    const plan = runAll(planSteps(ctx, files, base, placement, notes));
    return write ? runAll(apply(ctx, placement, base, plan)) : itemsOf(plan, base);
  });
  return result(input, root, files, placement, items);
}

/**
 * `ingestNotes` for the server: the files are read, split and redacted, the notes decided and
 * their index rows computed in slices (lib/slices.ts), so health keeps answering; the write stays
 * one transaction, which only applies the plan (lib/memories/preview-or-write.ts).
 */
export async function ingestNotesAsync(ctx: Ctx, input: ParsedIngestNotesInput): Promise<IngestNotesResult> {
  const { root, files, base } = located(input);
  const placement = placementOf(ctx, input, base, !input.dryRun);
  const notes = await runSliced(prepareSteps(files, base));
  const items = await previewOrWriteSliced(ctx, input.dryRun, {
    plan: () => planSteps(ctx, files, base, placement, notes),
    preview: (plan) => itemsOf(plan, base),
    apply: (on, plan) => apply(on, placement, base, plan),
    inserts: (plan) => plan.decisions.filter((d) => d.outcome === "new").map(({ n }) => ({ title: n.title, tags: normalizeTags(n.tags), content: n.content })),
  });
  return result(input, root, files, placement, items);
}

function located(input: ParsedIngestNotesInput) {
  const root = path.resolve(input.path);
  const files = markdownFiles(root);
  const base = fs.statSync(root).isDirectory() ? root : path.dirname(root);
  return { root, files, base };
}

/** The notes of the files, redacted: one a step, and one a block of each file split. */
function* prepareSteps(files: string[], base: string): Steps<Prepared[]> {
  const notes: Prepared[] = [];
  for (const file of files) {
    const text = readRegularText(file, "path", NOTES_LIMITS.fileBytes);
    const rel = path.relative(base, file).split(path.sep).join("/");
    for (const c of yield* splitNotesSteps(rel, text, layoutTags(file.split(path.sep).join("/")))) {
      yield;
      const content = clipRedacted(redact(c.content), MEMORY_LIMITS.contentChars);
      if (!content) continue;
      // Keyed by the real file, so ingesting the folder or one of its files finds the same notes.
      notes.push({
        ...c,
        key: redact(`${file}#${c.key.slice(rel.length + 1)}`),
        file: redact(file),
        title: clipRedacted(redact(c.title), MEMORY_LIMITS.titleChars),
        tags: c.tags.map((t) => lowerCaseRedacted(redact(t))),
        content,
        hash: contentHash(content),
      });
    }
  }
  return notes;
}

/** What the ingest does with each note, decided from reads alone (`planSteps`); `apply` writes it. */
interface Decision {
  n: Prepared;
  outcome: NoteOutcome;
  /** The memory it is (unchanged), the one it rewrites (updated). */
  id?: string;
  /** Its metadata (new, updated), redacted ahead of the write. */
  meta?: Redacted<Record<string, unknown>>;
}
interface NotesPlan {
  decisions: Decision[];
  /** Earlier notes gone from their files: archived. */
  removed: Earlier[];
}

/** The ingest decided one note a step: reads only (the earlier notes of the files, exact duplicates). */
function* planSteps(ctx: Ctx, files: string[], base: string, placement: Placement, notes: Prepared[]): Steps<NotesPlan> {
  const earlier = prepared(
    ctx.sqlite,
    `SELECT id, status, content_hash AS hash, content, json_extract(metadata, '$.notes.key') AS key FROM memories
     WHERE json_extract(metadata, '$.notes.file') IN (SELECT value FROM json_each(?)) ORDER BY seq`,
  ).all(JSON.stringify(files.map(redact))) as Earlier[];
  const byKey = new Map(earlier.map((e) => [e.key, e]));
  const byHash = new Map(earlier.map((e) => [e.hash, e]));
  // Texts still in the files keep their memories, wherever the lines moved: claimed first.
  const claimed = new Set(notes.flatMap((n) => byHash.get(n.hash)?.id ?? []));
  const decisions: Decision[] = [];
  const seen = new Set<string>();
  for (const n of notes) {
    yield;
    const same = byHash.get(n.hash);
    if (same) {
      decisions.push({ n, outcome: "unchanged", id: same.id });
      continue;
    }
    if (seen.has(n.hash)) continue;
    seen.add(n.hash);
    const exact = findExactDuplicate(ctx.sqlite, placement, n.hash);
    if (exact) {
      claimed.add(exact.id);
      decisions.push({ n, outcome: "unchanged", id: exact.id });
      continue;
    }
    const previous = sameLine(n, byKey, earlier, claimed);
    const meta = metadata(n, base);
    decisions.push(previous ? { n, outcome: "updated", id: previous.id, meta } : { n, outcome: "new", meta });
  }
  return { decisions, removed: earlier.filter((e) => !claimed.has(e.id) && (e.status === "active" || e.status === "suggested")) };
}

/** The plan's notes as the answer lists them; `ids`: the new memories' ids, in order, once written. */
function itemsOf(plan: NotesPlan, base: string, ids?: string[]): IngestedNoteDto[] {
  let written = 0;
  const out: IngestedNoteDto[] = plan.decisions.map(({ n, outcome, id }) => {
    const newId = outcome === "new" ? ids?.[written++] : id;
    return {
      title: n.title,
      category: n.category,
      source: `${path.relative(base, n.file) || path.basename(n.file)}:${n.line}`,
      outcome,
      ...(newId ? { id: newId } : {}),
    };
  });
  for (const e of plan.removed) out.push({ title: e.key, category: "note", source: e.key, outcome: "removed", id: e.id });
  return out;
}

/** Writes a plan, inside the caller's transaction: new notes inserted, changed ones rewritten, gone ones archived. */
/** Writes the plan, one note a step (a sliced write, lib/memories/preview-or-write.ts). */
function* apply(ctx: Ctx, placement: Placement, base: string, plan: NotesPlan): Steps<IngestedNoteDto[]> {
  const ids: string[] = [];
  for (const { n, outcome, id, meta = metadata(n, base) } of plan.decisions) {
    yield;
    if (outcome === "new") ids.push(insert(ctx, placement, n, meta));
    else if (outcome === "updated" && id)
      applyChange(
        ctx.db,
        getMemoryRow(ctx.db, id),
        { content: n.content, contentHash: n.hash, title: n.title, category: n.category, metadata: meta },
        "import",
        "ingest: the note changed in its file",
      );
  }
  for (const e of plan.removed) {
    yield;
    applyChange(ctx.db, getMemoryRow(ctx.db, e.id), { status: "archived" }, "import", "ingest: gone from its file");
  }
  return itemsOf(plan, base, ids);
}

function result(input: ParsedIngestNotesInput, root: string, files: string[], placement: Placement, items: IngestedNoteDto[]): IngestNotesResult {
  const counts: Record<NoteOutcome, number> = { new: 0, updated: 0, unchanged: 0, removed: 0 };
  for (const i of items) counts[i.outcome]++;
  return {
    path: root,
    dryRun: input.dryRun,
    scope: placement.scope as "global" | "project",
    projectId: placement.projectId,
    files: files.length,
    counts,
    notes: items,
  };
}

/** The Markdown files of a path: itself, or the `.md` files under a folder (hidden ones only in `.serena`), sorted. */
export function markdownFiles(root: string): string[] {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(root);
  } catch {
    throw badRequest(`path: nothing at ${root}`, { field: "path" });
  }
  // A FIFO, a device or a socket never ends or blocks the reader: refused by name, as an unreadable path is.
  if (stat.isFile()) requireRegularFile(root, "path");
  else requireDirectory(root, "path");
  if (stat.isFile()) {
    if (stat.size > NOTES_LIMITS.fileBytes) throw badRequest(`path: ${stat.size} bytes; the limit is ${NOTES_LIMITS.fileBytes}`, { field: "path" });
    return [root];
  }
  const out: string[] = [];
  let seen = 0;
  const walk = (dir: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      // An unreadable folder under the root is skipped, as a walk of a project skips it.
      if (dir === root) throw badRequest(`path: cannot read ${root} (${(error as { code?: string }).code})`, { field: "path" });
      return;
    }
    seen += entries.length;
    if (seen > NOTES_LIMITS.entries)
      throw badRequest(`path: more than ${NOTES_LIMITS.entries} entries under ${root}; ingest a smaller folder`, { field: "path" });
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (out.length >= NOTES_LIMITS.files)
        throw badRequest(`path: more than ${NOTES_LIMITS.files} Markdown files under ${root}; ingest a smaller folder`, { field: "path" });
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if ((e.name.startsWith(".") && e.name !== ".serena" && e.name !== "memories") || e.name === "node_modules") continue;
        if (depth < NOTES_LIMITS.depth) walk(full, depth + 1);
      } else if (e.isFile() && /\.(md|markdown)$/i.test(e.name) && readableSize(full) <= NOTES_LIMITS.fileBytes) out.push(full);
    }
  };
  walk(root, 0);
  return out;
}

/** A file's size, or Infinity (skipped) when it cannot be read. */
function readableSize(file: string): number {
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return fs.statSync(file).size;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Given scope, else the project the notes live in (a git repository), else global. */
function placementOf(ctx: Ctx, input: ParsedIngestNotesInput, base: string, register: boolean): Placement {
  if (input.scope === "global") return { scope: "global", projectId: null, sessionId: null };
  if (input.directory || input.project) {
    const projectId = register || input.project ? resolveProject(ctx, input) : lookupProject(ctx, input.directory!);
    return { scope: "project", projectId, sessionId: null };
  }
  const found = identifyProject(base);
  if (found.identity === "path" && input.scope !== "project") return { scope: "global", projectId: null, sessionId: null };
  return { scope: "project", projectId: register ? resolveProject(ctx, { directory: base }) : lookupProject(ctx, base), sessionId: null };
}

function metadata(n: Prepared, base: string): Redacted<Record<string, unknown>> {
  return redactKeysDeep<Record<string, unknown>>({
    source: `${path.relative(base, n.file) || path.basename(n.file)}:${n.line}`,
    notes: { key: n.key, file: n.file, line: n.line },
  });
}

function insert(ctx: Ctx, placement: Placement, n: Prepared, meta: Redacted<Record<string, unknown>>): string {
  const id = uuidv7();
  const now = Date.now();
  prepared(
    ctx.sqlite,
    `INSERT INTO memories (id, project_id, scope, session_id, category, title, content, tags, source, status, pinned, priority, content_hash, metadata, created_at, updated_at)
     VALUES (?, ?, ?, NULL, ?, ?, ?, ?, 'import', 'active', 0, 0, ?, ?, ?, ?)`,
  ).run(
    id,
    placement.projectId,
    placement.scope,
    n.category,
    n.title,
    n.content,
    JSON.stringify(normalizeTags(n.tags)),
    n.hash,
    JSON.stringify(meta),
    now,
    now,
  );
  return id;
}
