import { and, eq, isNull, sql } from "drizzle-orm";
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
import { withTransaction, type Tx } from "../db/transaction";
import { memories, memoryLinks, memoryVersions, projects } from "../db/schema";
import type { Scope } from "../vocabulary";
import { catchUpDerived } from "../indexing";
import { contentHash, normalizeTags } from "../memories/normalize";
import { redact, redactAsync, redactDeep, redactDeepAsync, type Redacted } from "../security/redaction";
import { redactKeysAfter } from "../security/redact-fields";
import { runAll, runSliced, type Steps } from "../slices";
import { parseJson, parseJsonAsync } from "./json";
import { parseMarkdown, parseMarkdownSteps } from "./markdown";

type Reader = Pick<Ctx["db"], "select">;

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
 * new memories included (written together at the end).
 */
export function importMemories(ctx: Ctx, q: ParsedImportQuery, text: string): ImportReport {
  const parsed = parseEntries(q.format, text);
  const cleaned = parsed.map((p) =>
    p.ok ? { content: redact(p.m.content), title: p.m.title ? redact(p.m.title) : null, tags: p.m.tags, metadata: redactDeep(p.m.metadata) } : null,
  );
  return write(ctx, q, parsed, cleaned);
}

/** `importMemories` for the server: a whole export is redacted without holding the event loop, then written in one transaction. */
export async function importMemoriesAsync(ctx: Ctx, q: ParsedImportQuery, text: string): Promise<ImportReport> {
  // Parsed and validated in slices (lib/slices.ts); the write stays one transaction (all or nothing).
  const entries = q.format === "json" ? await parseJsonAsync(text) : await runSliced(parseMarkdownSteps(text));
  const parsed = await runSliced(entrySteps(entries));
  const cleaned: (Cleaned | null)[] = [];
  for (const p of parsed) {
    if (!p.ok) cleaned.push(null);
    else {
      const [content, title, tags, metadata] = [
        await redactAsync(p.m.content),
        p.m.title ? await redactAsync(p.m.title) : null,
        p.m.tags,
        await redactDeepAsync(p.m.metadata),
      ];
      cleaned.push({ content, title, tags, metadata });
    }
  }
  return write(ctx, q, parsed, cleaned);
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

function write(ctx: Ctx, q: ParsedImportQuery, parsed: Parsed[], cleaned: (Cleaned | null)[]): ImportReport {
  const run = (db: Tx | Reader, write: boolean) => plan(db, parsed, cleaned, write, q.format, q.dryRun);
  if (q.dryRun) return run(ctx.db, false);
  return withTransaction(
    ctx.db,
    (tx) => {
      const report = run(tx, true);
      catchUpDerived(tx.$client);
      return report;
    },
    "immediate",
  );
}

function plan(db: Tx | Reader, parsed: Parsed[], cleaned: (Cleaned | null)[], write: boolean, format: ExportFormat, dryRun: boolean): ImportReport {
  const items: ImportItemReport[] = [];
  const seen = new Map<string, number>();
  // The file's ids -> the store's (a kept id, a new one, or the memory that already held the text),
  // and the memories created, whose links are written once every memory of the file is in.
  const storeIds = new Map<string, string>();
  const created: { id: string; m: ExportedMemory }[] = [];
  parsed.forEach((entry, index) => {
    const label = { index, title: "", category: "?", scope: "?" };
    const c = cleaned[index];
    if (!entry.ok || !c) {
      items.push({ ...label, outcome: "invalid", error: entry.ok ? "memory: not redacted" : entry.error });
      return;
    }
    const m = entry.m;
    const { content, title } = c;
    label.title = (title || content.split("\n")[0]).slice(0, 120);
    label.category = m.category;
    label.scope = m.scope;
    const projectId = m.scope === "global" ? null : (m.project?.id ?? null);
    const sessionId = m.scope === "session" ? (m.sessionId ?? null) : null;
    if (m.scope === "project" && !projectId) return void items.push({ ...label, outcome: "invalid", error: 'project: scope "project" needs a project' });
    if (m.scope === "session" && !sessionId) return void items.push({ ...label, outcome: "invalid", error: 'sessionId: scope "session" needs a sessionId' });

    const hash = contentHash(content);
    const key = `${m.scope}\u0000${projectId ?? ""}\u0000${sessionId ?? ""}\u0000${hash}`;
    const existing = findSameContent(db, m.scope, projectId, sessionId, hash);
    if (existing || seen.has(key)) {
      if (existing && m.id) storeIds.set(m.id, existing);
      items.push({ ...label, outcome: "duplicate", id: existing ?? `#${seen.get(key)}` });
      return;
    }
    seen.set(key, index);
    if (!write) return void items.push({ ...label, outcome: "new" });

    const tx = db as Tx;
    if (m.project && projectId) {
      tx.insert(projects)
        .values({ id: m.project.id, name: m.project.name || m.project.id, rootPath: m.project.rootPath ?? null, identity: m.project.identity })
        .onConflictDoNothing()
        .run();
    }
    // An id that carries a secret is not kept: a new one is made (ids are looked up raw).
    const keepId = m.id && redact(m.id) === m.id ? m.id : undefined;
    const idTaken = keepId ? tx.select({ id: memories.id }).from(memories).where(eq(memories.id, keepId)).get() : undefined;
    const now = Date.now();
    const createdAt = m.createdAt ? Date.parse(m.createdAt) : now;
    const tags = normalizeTags(c.tags);
    const row = tx
      .insert(memories)
      .values({
        id: keepId && !idTaken ? keepId : uuidv7(),
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
        // Values were redacted before the transaction; keys (and values named like secrets) here.
        metadata: redactKeysAfter(c.metadata) as typeof m.metadata,
        createdAt,
        updatedAt: m.updatedAt ? Math.max(Date.parse(m.updatedAt), createdAt) : createdAt,
        accessCount: m.accessCount,
        lastAccessedAt: m.lastAccessedAt ? Date.parse(m.lastAccessedAt) : null,
      })
      .returning()
      .get();
    if (m.id) storeIds.set(m.id, row.id);
    created.push({ id: row.id, m });
    if (m.versions.length)
      tx.insert(memoryVersions)
        .values(m.versions.map((v) => versionRow(row.id, v)))
        .run();
    items.push({ ...label, outcome: "new", id: row.id });
  });
  if (write) writeLinks(db as Tx, created, storeIds);
  const count = (o: ImportItemReport["outcome"]) => items.filter((i) => i.outcome === o).length;
  return { format, dryRun, total: items.length, created: count("new"), duplicates: count("duplicate"), invalid: count("invalid"), items };
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

/**
 * The links of the memories created: to a memory of the file (by its id there) or one already in
 * the store; a link to neither is left out (the file held only part of a store).
 */
function writeLinks(tx: Tx, created: { id: string; m: ExportedMemory }[], storeIds: Map<string, string>) {
  const rows: (typeof memoryLinks.$inferInsert)[] = [];
  for (const { id, m } of created) {
    for (const l of m.links) {
      const to = storeIds.get(l.to) ?? tx.select({ id: memories.id }).from(memories).where(eq(memories.id, l.to)).get()?.id;
      if (to && to !== id) rows.push({ fromId: id, toId: to, kind: l.kind, createdAt: l.createdAt ? Date.parse(l.createdAt) : Date.now() });
    }
  }
  if (rows.length) tx.insert(memoryLinks).values(rows).onConflictDoNothing().run();
}

function findSameContent(db: Reader, scope: Scope, projectId: string | null, sessionId: string | null, hash: string): string | undefined {
  return db
    .select({ id: memories.id })
    .from(memories)
    .where(
      and(
        eq(memories.contentHash, hash),
        eq(memories.scope, scope),
        projectId === null ? isNull(memories.projectId) : eq(memories.projectId, projectId),
        sessionId === null ? sql`1` : eq(memories.sessionId, sessionId),
      ),
    )
    .limit(1)
    .get()?.id;
}
