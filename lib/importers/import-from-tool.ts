import fs from "node:fs";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import type { ImportTool, ParsedImportFromToolInput, ToolImportItem, ToolImportOutcome, ToolImportReport } from "../contracts/import-tools";
import { captureCheckpoint } from "../checkpoints/capture";
import { captureCheckpointInput } from "../contracts/checkpoints";
import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { previewOrWrite } from "../memories/preview-or-write";
import { contentHash, normalizeTags } from "../memories/normalize";
import { identifyProject } from "../projects/identify";
import { lookupProject } from "../projects/lookup";
import { resolveProject } from "../projects/resolve";
import { redact } from "../security/redaction";
import { redactKey, redactKeysDeep } from "../security/redact-fields";
import { MEMORY_LIMITS } from "../vocabulary";
import { readClaudeMem } from "./claude-mem";
import { readingForeignFile } from "./foreign-errors";
import { readDeepMemory } from "./deep-memory";
import { readOpencodeManager } from "./opencode-manager";
import { readSemanticMemory } from "./semantic-memory";
import type { ForeignData, ForeignProject } from "./types";

const READERS: Record<ImportTool, (path: string) => ForeignData> = {
  "deep-memory": readDeepMemory,
  "opencode-manager": readOpencodeManager,
  "semantic-memory": readSemanticMemory,
  "claude-mem": readClaudeMem,
};
const MAX_ITEMS = 500;

/**
 * Imports another memory tool's data (lib/importers/<tool>.ts reads it, read-only): memories
 * (redacted, source `import`, tagged with the tool), KV entries, links between imported
 * memories, checkpoints. Idempotent: each memory remembers its source ref
 * (`metadata.imported`), so a re-run imports only what is new; text the store already holds in
 * the same place is a duplicate. `dryRun` reports without writing. Batched (`offset`, `limit`)
 * for progress; each batch is one transaction, and the last one also writes KV, links and
 * checkpoints.
 */
export function importFromTool(ctx: Ctx, input: ParsedImportFromToolInput, data: ForeignData = readSource(ctx, input)): ToolImportReport {
  const tool = input.from;
  const batch = data.memories.slice(input.offset, input.offset + input.limit);
  const last = input.offset + batch.length >= data.memories.length;
  const target = input.directory || input.project ? targetProject(ctx, input) : undefined;
  const projectOf = (p: ForeignProject | null) => target ?? p;

  const run = (write: boolean) => {
    // Refs are stored redacted; ours (`db:memory:42`) carry nothing to redact.
    const refOf = (ref: string) => (/^[a-z-]+:[a-z-]+:\d+$/.test(ref) ? ref : redactKey(ref));
    const wanted = last ? [...batch.map((m) => m.ref), ...data.links.flatMap((l) => [l.from, l.to])] : batch.map((m) => m.ref);
    // Only this batch's refs (and those its links name) are looked up: a big import stays linear.
    const done = new Map(
      (
        prepared(
          ctx.sqlite,
          `SELECT id, json_extract(metadata, '$.imported.ref') AS ref FROM memories
           WHERE source = 'import' AND json_extract(metadata, '$.imported.tool') = ? AND json_extract(metadata, '$.imported.ref') IN (SELECT value FROM json_each(?))`,
        ).all(tool, JSON.stringify(wanted.map(refOf))) as { id: string; ref: string }[]
      ).map((r) => [r.ref, r.id]),
    );
    const tagsOf = new Map<string, string>();
    const cleanTag = (t: string) => tagsOf.get(t) ?? (tagsOf.set(t, redact(t)), tagsOf.get(t)!);
    const seen = new Map<string, string>();
    const counts: Record<ToolImportOutcome, number> = { new: 0, imported: 0, duplicate: 0 };
    const items: ToolImportItem[] = [];
    const projectsWritten = new Set<string>();
    const findSame = prepared(
      ctx.sqlite,
      "SELECT id FROM memories WHERE content_hash = ? AND scope = ? AND project_id IS ? AND status IN ('active', 'suggested', 'resolved') LIMIT 1",
    );
    const insert = prepared(
      ctx.sqlite,
      `INSERT INTO memories (id, project_id, scope, session_id, category, title, content, tags, source, status, pinned, priority, content_hash, metadata, created_at, updated_at)
       VALUES (?, ?, ?, NULL, ?, ?, ?, ?, 'import', ?, 0, 0, ?, ?, ?, ?)`,
    );
    for (const m of batch) {
      const project = projectOf(m.project);
      const scope = project ? "project" : "global";
      const title = m.title ? redact(m.title).slice(0, MEMORY_LIMITS.titleChars) : null;
      const push = (outcome: ToolImportOutcome, id?: string) => {
        counts[outcome]++;
        if (items.length < MAX_ITEMS)
          items.push({ ref: m.ref, title: title ?? m.content.split("\n")[0].slice(0, 120), category: m.category, scope, outcome, ...(id ? { id } : {}) });
      };
      const ref = refOf(m.ref);
      const earlier = done.get(ref);
      if (earlier) {
        push("imported", earlier);
        continue;
      }
      const content = redact(m.content).slice(0, MEMORY_LIMITS.contentChars).trim();
      const hash = contentHash(content);
      const key = `${project?.id ?? ""}\u0000${hash}`;
      const same = (findSame.get(hash, scope, project?.id ?? null) as { id: string } | undefined)?.id ?? seen.get(key);
      if (same) {
        push("duplicate", same);
        continue;
      }
      if (!write) {
        seen.set(key, `#${m.ref}`);
        push("new");
        continue;
      }
      if (project && !projectsWritten.has(project.id)) {
        prepared(ctx.sqlite, "INSERT INTO projects (id, name, identity) VALUES (?, ?, ?) ON CONFLICT(id) DO NOTHING").run(
          project.id,
          redact(project.name),
          project.identity,
        );
        projectsWritten.add(project.id);
      }
      const id = uuidv7();
      const createdAt = m.createdAt ?? Date.now();
      // The source's own fields are redacted; `imported` holds our tool name and the ref, redacted already.
      const metadata = { ...(Object.keys(m.metadata).length ? redactKeysDeep(m.metadata) : {}), imported: { tool, ref } };
      insert.run(
        id,
        project?.id ?? null,
        scope,
        m.category,
        title,
        content,
        JSON.stringify(normalizeTags(m.tags.map(cleanTag))),
        m.status,
        hash,
        JSON.stringify(metadata),
        createdAt,
        Math.max(m.updatedAt ?? createdAt, createdAt),
      );
      seen.set(key, id);
      done.set(ref, id);
      push("new", id);
    }

    const kv = { imported: 0, existing: 0 };
    let links = 0;
    const checkpoints = { imported: 0, existing: 0 };
    if (last) {
      for (const e of data.kv) {
        const projectId = projectOf(e.project)?.id ?? "";
        const exists = prepared(ctx.sqlite, "SELECT 1 FROM kv WHERE project_id = ? AND key = ? AND expires_at > ?").get(
          projectId,
          redactKey(e.key),
          Date.now(),
        );
        if (exists) {
          kv.existing++;
          continue;
        }
        kv.imported++;
        if (!write) continue;
        const p = projectOf(e.project);
        if (p)
          prepared(ctx.sqlite, "INSERT INTO projects (id, name, identity) VALUES (?, ?, ?) ON CONFLICT(id) DO NOTHING").run(p.id, redact(p.name), p.identity);
        const now = Date.now();
        prepared(
          ctx.sqlite,
          "INSERT INTO kv (project_id, key, value, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(project_id, key) DO NOTHING",
        ).run(projectId, redactKey(e.key), JSON.stringify(redactKeysDeep(e.value)), now, now, e.expiresAt);
      }
      if (write)
        for (const l of data.links) {
          const from = done.get(refOf(l.from));
          const to = done.get(refOf(l.to));
          if (!from || !to || from === to) continue;
          links += prepared(ctx.sqlite, "INSERT INTO memory_links (from_id, to_id, kind) VALUES (?, ?, ?) ON CONFLICT DO NOTHING").run(
            from,
            to,
            l.kind,
          ).changes;
        }
      for (const c of data.checkpoints) {
        const sessionId = redactKey(c.sessionId);
        const had = prepared(ctx.sqlite, "SELECT message_count AS n FROM ingested_sessions WHERE session_id = ?").get(sessionId) as { n: number } | undefined;
        if (had && had.n >= c.messages.length) {
          checkpoints.existing++;
          continue;
        }
        checkpoints.imported++;
        if (!write) continue;
        const result = captureCheckpoint(
          ctx,
          captureCheckpointInput.parse({ directory: c.directory, sessionID: c.sessionId, trigger: "ingest", messages: c.messages, suggest: false }),
          c.at,
        );
        prepared(
          ctx.sqlite,
          `INSERT INTO ingested_sessions (session_id, checkpoint_id, message_count) VALUES (?, ?, ?)
           ON CONFLICT(session_id) DO UPDATE SET checkpoint_id = excluded.checkpoint_id, message_count = excluded.message_count`,
        ).run(sessionId, result.id, c.messages.length);
      }
    }
    return { counts, items, kv, links, checkpoints };
  };

  const out = previewOrWrite(ctx, input.dryRun, run);
  if (last) forgetSource(ctx);
  return {
    from: tool,
    path: input.path,
    dryRun: input.dryRun,
    total: data.memories.length,
    offset: input.offset,
    handled: batch.length,
    remaining: Math.max(0, data.memories.length - input.offset - batch.length),
    counts: out.counts,
    skipped: input.offset === 0 ? data.skipped.slice(0, 1000) : [],
    kv: out.kv,
    links: out.links,
    checkpoints: out.checkpoints,
    items: out.items,
  };
}

/**
 * The source as read for the previous batch, while the file is unchanged: an import of 100,000
 * memories in batches reads the source once, not once per batch. One entry
 * (`ctx.services.importSource`); dropped after the last batch.
 */
function readSource(ctx: Ctx, input: ParsedImportFromToolInput): ForeignData {
  let key = "";
  try {
    const stat = fs.statSync(input.path);
    if (stat.isFile()) key = `${input.from}\u0000${path.resolve(input.path)}\u0000${stat.size}\u0000${stat.mtimeMs}`;
  } catch {
    // The reader reports a missing path with its own message.
  }
  const cache = ctx.services.importSource;
  if (key && cache.key === key && cache.data) return cache.data;
  const data = readingForeignFile("path", input.path, () => READERS[input.from](input.path));
  if (key) Object.assign(cache, { key, data });
  return data;
}

function forgetSource(ctx: Ctx) {
  Object.assign(ctx.services.importSource, { key: "", data: null });
}

/** `--project`: every memory of the source goes to this one project (an export of one project often does not name it). */
function targetProject(ctx: Ctx, input: ParsedImportFromToolInput): ForeignProject {
  if (input.directory) {
    const found = identifyProject(input.directory);
    // The id the project rules give (a template's copy, an alias, a legacy id), not the raw hash.
    const id = input.dryRun ? lookupProject(ctx, input.directory) : resolveProject(ctx, { directory: input.directory })!;
    return { id, name: found.name, identity: found.identity };
  }
  const id = resolveProject(ctx, { project: input.project });
  return { id: id!, name: id!, identity: "imported" };
}
