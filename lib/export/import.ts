import type Database from "better-sqlite3";
import { v7 as uuidv7 } from "uuid";
import {
  exportedMemory,
  type ExportedMemory,
  type ExportedVersion,
  type ExportFormat,
  type ImportItemReport,
  type ImportReport,
  type ParsedImportQuery,
} from "../contracts/export";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { storeMark } from "../db/store-mark";
import { writeInSlices } from "../db/sliced-write";
import { withTransaction } from "../db/transaction";
import { memories, memoryLinks, memoryVersions, projects } from "../db/schema";
import type { Scope } from "../vocabulary";
import { deriveAhead, type DerivedAhead, insertWithDerivedSteps, afterSlicedWrite } from "../indexing";
import { contentHash, normalizeTags } from "../memories/normalize";
import { redact, redactDeep, redactDeepSteps, redactSteps, type Redacted } from "../security/redaction";
import { redactKeysAfter } from "../security/redact-fields";
import { runAll, runSliced, type Steps } from "../slices";
import { parseJson, parseJsonAsync } from "./json";
import { parseMarkdown, parseMarkdownSteps } from "./markdown";

/** An entry's text fields after redaction (content, title, tags, metadata). */
interface Cleaned {
  content: Redacted;
  title: Redacted | null;
  /** Redacted by the contract (a tag is redacted where it is parsed). */
  tags: Redacted[];
  metadata: Redacted<ExportedMemory["metadata"]>;
}
type Parsed = { ok: true; m: ExportedMemory } | { ok: false; error: string };

/**
 * Imports an export file (Markdown or JSON). Every entry is validated on its own; a memory whose
 * content already exists in the same place (scope, project, session; any status) is skipped and
 * reported as a duplicate, as is a repeat inside the file. `dryRun` reports without writing.
 * A real import writes everything in one transaction: all of it or nothing, the index rows of the
 * new memories included.
 */
export function importMemories(ctx: Ctx, q: ParsedImportQuery, text: string): ImportReport {
  const parsed = parseEntries(q.format, text);
  const cleaned = parsed.map((p) =>
    p.ok ? { content: redact(p.m.content), title: p.m.title ? redact(p.m.title) : null, tags: p.m.tags, metadata: redactDeep(p.m.metadata) } : null,
  );
  if (q.dryRun) return reportOf(q, runAll(planSteps(ctx, parsed, cleaned, false)));
  return planAndWriteInOne(ctx, q, parsed, cleaned);
}

/** How many times the server plans an import again when the store changed between its plan and its write. */
const PLAN_ATTEMPTS = 3;

/**
 * `importMemories` for the server, without holding the event loop: parsing, redaction, the
 * duplicate and id look-ups, the rows to insert (as ready SQL) and their index rows are all
 * prepared in slices (lib/slices.ts) before the write; the write transaction only inserts them,
 * a chunk a step, on a connection of its own (`writeInSlices`, lib/db/sliced-write.ts), so the
 * event loop runs between chunks. It is still one transaction (all or nothing, a crash included).
 * It first checks that no memory was created, changed or deleted since the plan (`storeMark`);
 * if one was, the plan is made again.
 */
export async function importMemoriesAsync(ctx: Ctx, q: ParsedImportQuery, text: string): Promise<ImportReport> {
  const entries = q.format === "json" ? await parseJsonAsync(text) : await runSliced(parseMarkdownSteps(text));
  const parsed = await runSliced(entrySteps(entries));
  const cleaned = await runSliced(cleanSteps(parsed));
  if (q.dryRun) return reportOf(q, await runSliced(planSteps(ctx, parsed, cleaned, false)));
  for (let attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
    const plan = await runSliced(planSteps(ctx, parsed, cleaned, true));
    const written = await writeInSlices(
      ctx.sqlite,
      (conn) => writePlanSteps(conn.sqlite, plan),
      (conn) => storeMark(conn) === plan.mark,
    );
    if (written) {
      await afterSlicedWrite(ctx.sqlite, ctx.services.nearDuplicates);
      return reportOf(q, plan);
    }
  }
  // The store kept changing under the plan: planned and written in one transaction (the loop is held).
  return planAndWriteInOne(ctx, q, parsed, cleaned);
}

/**
 * Each entry's content, title and metadata redacted, one text a step (a long text in slices):
 * one sliced run over the whole file, so thousands of short texts do not hold the loop together.
 */
function* cleanSteps(parsed: Parsed[]): Steps<(Cleaned | null)[]> {
  const out: (Cleaned | null)[] = [];
  for (const p of parsed) {
    if (!p.ok) {
      out.push(null);
      continue;
    }
    const content = yield* redactSteps(p.m.content);
    yield;
    const title = p.m.title ? yield* redactSteps(p.m.title) : null;
    const metadata = yield* redactDeepSteps(p.m.metadata);
    out.push({ content, title, tags: p.m.tags, metadata });
    yield;
  }
  return out;
}

function parseEntries(format: ExportFormat, text: string): Parsed[] {
  return runAll(entrySteps(format === "json" ? parseJson(text) : parseMarkdown(text)));
}

/** Each entry checked by its contract, one a step. */
function* entrySteps(entries: unknown[]): Steps<Parsed[]> {
  const out: Parsed[] = [];
  for (const entry of entries) {
    out.push(parseEntry(entry));
    yield;
  }
  return out;
}

function parseEntry(entry: unknown): Parsed {
  if (entry && typeof entry === "object" && "__error" in entry) return { ok: false, error: String((entry as { __error: unknown }).__error) };
  const parsed = exportedMemory.safeParse(entry);
  if (parsed.success) return { ok: true, m: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: `${issue.path.join(".") || "memory"}: ${issue.message}` };
}

function planAndWriteInOne(ctx: Ctx, q: ParsedImportQuery, parsed: Parsed[], cleaned: (Cleaned | null)[]): ImportReport {
  return withTransaction(
    ctx.db,
    () => {
      const plan = runAll(planSteps(ctx, parsed, cleaned, true));
      writePlan(ctx, plan);
      return reportOf(q, plan);
    },
    "immediate",
  );
}

function reportOf(q: ParsedImportQuery, plan: ImportPlan): ImportReport {
  const { items } = plan;
  const count = (o: ImportItemReport["outcome"]) => items.filter((i) => i.outcome === o).length;
  return { format: q.format, dryRun: q.dryRun, total: items.length, created: count("new"), duplicates: count("duplicate"), invalid: count("invalid"), items };
}

/** A statement built ahead (Drizzle's SQL and its driver values), run as it is inside the write. */
type Statement = { sql: string; params: unknown[] };

/** Everything an import writes, ready: the write transaction only runs these statements. */
interface ImportPlan {
  mark: string;
  items: ImportItemReport[];
  projects: Statement[];
  /** Inserts of the new memories, RETURNING each one's id and seq, in chunks. */
  memories: Statement[];
  derived: Map<string, DerivedAhead>;
  versions: Statement[];
  links: Statement[];
}

/** Rows a multi-row INSERT carries (22 columns each, far under SQLite's 32,766 variables): one a step of the sliced write, a few milliseconds each. */
const ROWS_A_STATEMENT = 100;

/**
 * The import planned one entry a step: its duplicate look-up (one indexed read), its kept id,
 * its redacted version texts and its index rows; then the links and the statements, one chunk a
 * step. `write` false (a dry run) stops at the outcome.
 */
function* planSteps(ctx: Ctx, parsed: Parsed[], cleaned: (Cleaned | null)[], write: boolean): Steps<ImportPlan> {
  const mark = storeMark(ctx.sqlite);
  const items: ImportItemReport[] = [];
  const seen = new Map<string, number>();
  // The file's ids -> the store's (a kept id, a new one, or the memory that already held the text),
  // and the memories created, whose links are written once every memory of the file is in.
  const storeIds = new Map<string, string>();
  const created: { id: string; m: ExportedMemory }[] = [];
  const projectRows = new Map<string, typeof projects.$inferInsert>();
  const memoryRows: (typeof memories.$inferInsert)[] = [];
  const versionRows: (typeof memoryVersions.$inferInsert)[] = [];
  const derived = new Map<string, DerivedAhead>();
  const claimed = new Set<string>();
  for (const [index, entry] of parsed.entries()) {
    yield;
    const label = { index, title: "", category: "?", scope: "?" };
    const c = cleaned[index];
    if (!entry.ok || !c) {
      items.push({ ...label, outcome: "invalid", error: entry.ok ? "memory: not redacted" : entry.error });
      continue;
    }
    const m = entry.m;
    const { content, title } = c;
    label.title = (title || content.split("\n")[0]).slice(0, 120);
    label.category = m.category;
    label.scope = m.scope;
    const projectId = m.scope === "global" ? null : (m.project?.id ?? null);
    const sessionId = m.scope === "session" ? (m.sessionId ?? null) : null;
    if (m.scope === "project" && !projectId) {
      items.push({ ...label, outcome: "invalid", error: 'project: scope "project" needs a project' });
      continue;
    }
    if (m.scope === "session" && !sessionId) {
      items.push({ ...label, outcome: "invalid", error: 'sessionId: scope "session" needs a sessionId' });
      continue;
    }

    const hash = contentHash(content);
    const key = `${m.scope}\u0000${projectId ?? ""}\u0000${sessionId ?? ""}\u0000${hash}`;
    const existing = findSameContent(ctx, m.scope, projectId, sessionId, hash);
    if (existing || seen.has(key)) {
      if (existing && m.id) storeIds.set(m.id, existing);
      items.push({ ...label, outcome: "duplicate", id: existing ?? `#${seen.get(key)}` });
      continue;
    }
    seen.set(key, index);
    if (!write) {
      items.push({ ...label, outcome: "new" });
      continue;
    }

    if (m.project && projectId && !projectRows.has(m.project.id)) {
      projectRows.set(m.project.id, {
        id: m.project.id,
        name: m.project.name || m.project.id,
        rootPath: m.project.rootPath ?? null,
        identity: m.project.identity,
      });
    }
    // An id that carries a secret is not kept: a new one is made (ids are looked up raw). An id
    // the store or an earlier memory of the file holds is not kept either.
    const keepId = m.id && redact(m.id) === m.id ? m.id : undefined;
    const id = keepId && !claimed.has(keepId) && !memoryExists(ctx, keepId) ? keepId : uuidv7();
    claimed.add(id);
    const now = Date.now();
    const createdAt = m.createdAt ? Date.parse(m.createdAt) : now;
    const tags = normalizeTags(c.tags);
    memoryRows.push({
      id,
      projectId,
      scope: m.scope,
      sessionId,
      category: m.category,
      title,
      content,
      tags,
      // Where it first came from (the agent, the UI, ...): an import is not its origin.
      source: m.source ?? "import",
      status: m.status,
      pinned: m.pinned,
      priority: m.priority,
      contentHash: hash,
      // Values were redacted before the plan; keys (and values named like secrets) here.
      metadata: redactKeysAfter(c.metadata) as typeof m.metadata,
      createdAt,
      updatedAt: m.updatedAt ? Math.max(Date.parse(m.updatedAt), createdAt) : createdAt,
      accessCount: m.accessCount,
      lastAccessedAt: m.lastAccessedAt ? Date.parse(m.lastAccessedAt) : null,
    });
    derived.set(id, deriveAhead({ title, tags, content }));
    if (m.id) storeIds.set(m.id, id);
    created.push({ id, m });
    for (const v of m.versions) versionRows.push(versionRow(id, v));
    items.push({ ...label, outcome: "new", id });
  }
  const linkRows: (typeof memoryLinks.$inferInsert)[] = [];
  for (const { id, m } of created) {
    yield;
    for (const l of m.links) {
      const to = storeIds.get(l.to) ?? (memoryExists(ctx, l.to) ? l.to : undefined);
      if (to && to !== id) linkRows.push({ fromId: id, toId: to, kind: l.kind, createdAt: l.createdAt ? Date.parse(l.createdAt) : Date.now() });
    }
  }
  const plan: ImportPlan = { mark, items, projects: [], memories: [], derived, versions: [], links: [] };
  for (const row of projectRows.values()) plan.projects.push(ctx.db.insert(projects).values(row).onConflictDoNothing().toSQL());
  plan.memories = yield* inStatements(memoryRows, (chunk) => ctx.db.insert(memories).values(chunk).returning({ id: memories.id, seq: memories.seq }).toSQL());
  plan.versions = yield* inStatements(versionRows, (chunk) => ctx.db.insert(memoryVersions).values(chunk).toSQL());
  plan.links = yield* inStatements(linkRows, (chunk) => ctx.db.insert(memoryLinks).values(chunk).onConflictDoNothing().toSQL());
  return plan;
}

/** `rows` as insert statements of ROWS_A_STATEMENT rows each, one statement a step. */
function* inStatements<R, S>(rows: R[], statement: (chunk: R[]) => S): Steps<S[]> {
  const out: S[] = [];
  for (let i = 0; i < rows.length; i += ROWS_A_STATEMENT) {
    yield;
    out.push(statement(rows.slice(i, i + ROWS_A_STATEMENT)));
  }
  return out;
}

/** Runs a planned import's statements, inside the caller's transaction on this connection. */
function writePlan(ctx: Ctx, plan: ImportPlan) {
  runAll(writePlanSteps(ctx.sqlite, plan));
}

/** A planned import's statements on `sqlite`, inside its open transaction: a chunk of rows (ROWS_A_STATEMENT) a step. */
function* writePlanSteps(sqlite: Database.Database, plan: ImportPlan): Steps<void> {
  const run = (s: Statement) => sqlite.prepare(s.sql).run(...s.params);
  plan.projects.forEach(run);
  yield* insertWithDerivedSteps(
    sqlite,
    plan.memories.map(
      (s) => () =>
        (sqlite.prepare(s.sql).all(...s.params) as { id: string; seq: number }[]).map(({ id, seq }) => {
          const derived = plan.derived.get(id);
          if (!derived) throw new Error(`import: memory ${id} was not planned`);
          return { id, seq, derived };
        }),
    ),
  );
  for (const s of [...plan.versions, ...plan.links]) {
    yield;
    run(s);
  }
}

/** A replaced text of an imported memory, redacted like the memory itself. */
function versionRow(memoryId: string, v: ExportedVersion): typeof memoryVersions.$inferInsert {
  return {
    memoryId,
    version: v.version,
    title: v.title ? redact(v.title) : null,
    content: redact(v.content),
    category: v.category,
    tags: v.tags.map(redact),
    pinned: v.pinned,
    priority: v.priority,
    status: v.status,
    scope: v.scope,
    changedBy: v.changedBy,
    reason: v.reason ? redact(v.reason) : null,
    createdAt: Date.parse(v.createdAt),
  };
}

const memoryExists = (ctx: Ctx, id: string) => prepared(ctx.sqlite, "SELECT 1 FROM memories WHERE id = ?").get(id) !== undefined;

function findSameContent(ctx: Ctx, scope: Scope, projectId: string | null, sessionId: string | null, hash: string): string | undefined {
  // project_id IS ?: NULL matches a global memory; a NULL session matches any session.
  const row = prepared(
    ctx.sqlite,
    "SELECT id FROM memories WHERE content_hash = @hash AND scope = @scope AND project_id IS @projectId AND (@sessionId IS NULL OR session_id = @sessionId) LIMIT 1",
  ).get({ hash, scope, projectId, sessionId }) as { id: string } | undefined;
  return row?.id;
}
