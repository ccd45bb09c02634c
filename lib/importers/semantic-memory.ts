import { badRequest } from "../errors";
import type { Category, LinkKind } from "../vocabulary";
import { foreignProject } from "./projects";
import { columnsOf, fileHead, openForeignDb, readJsonFile } from "./sqlite-source";
import { emptyData, type ForeignData, toMs } from "./types";

const TOOL = "semantic-memory";
/** opencode-semantic-memory's categories -> Recollect's; null: not a memory (skipped with the reason). */
const CATEGORIES: Record<string, Category | null> = {
  decision: "decision",
  blocker: "blocker",
  procedure: "procedure",
  fact: "fact",
  event: "event",
  directive: "directive",
  plan: "plan",
  idea: "idea",
  goal: "plan",
  achievement: "event",
  reminder: "plan",
  conversation_summary: "context",
  conversation: null,
  boot_gate: null,
};
const LINKS: Record<string, LinkKind> = { supersedes: "supersedes", contradicts: "contradicts" };

interface Row {
  id: number;
  category: string;
  content: string;
  what?: string | null;
  why?: string | null;
  learned?: string | null;
  project?: string | null;
  source_file?: string | null;
  created_at?: string | null;
  resolved_at?: string | null;
  expires_at?: string | null;
  pinned?: number | null;
  entities?: unknown;
}

/**
 * opencode-semantic-memory (PyPI): its `export_memories` JSON (`{ version, memories, entities,
 * links }`) or its `memory.db` (`memories`, `entities` + `entity_memories`, `memory_links`,
 * `sessions` with their summaries). Categories map one to one where Recollect has them; a
 * resolved blocker stays resolved; expired memories, raw conversations and boot gates are skipped.
 */
export function readSemanticMemory(file: string): ForeignData {
  const head = fileHead(file);
  if (!head) throw badRequest(`path: nothing at ${file}`, { field: "path" });
  return head.startsWith("SQLite format 3") ? fromDb(file) : fromJson(readJsonFile(file));
}

function add(data: ForeignData, r: Row, refPrefix: string, entities: string[]) {
  const ref = `${refPrefix}:${r.id}`;
  const category = CATEGORIES[r.category];
  if (category === null) return void data.skipped.push({ ref, reason: `category "${r.category}" is not a memory` });
  if (category === undefined) return void data.skipped.push({ ref, reason: `unknown category "${r.category}"` });
  const expires = toMs(r.expires_at);
  if (expires !== undefined && expires <= Date.now()) return void data.skipped.push({ ref, reason: "expired" });
  if (typeof r.content !== "string" || !r.content.trim()) return void data.skipped.push({ ref, reason: "empty content" });
  const content = [r.content.trim(), r.why ? `Why: ${r.why}` : "", r.learned ? `Learned: ${r.learned}` : ""].filter(Boolean).join("\n");
  data.memories.push({
    ref,
    content,
    title: r.what?.trim() || null,
    category,
    status: r.resolved_at ? "resolved" : "active",
    project: foreignProject(TOOL, r.project),
    createdAt: toMs(r.created_at),
    tags: ["semantic-memory", ...(r.category !== category ? [r.category] : [])],
    metadata: { ...(r.source_file ? { file: r.source_file } : {}), ...(entities.length ? { entities: entities.slice(0, 50) } : {}) },
  });
}

function fromJson(json: unknown): ForeignData {
  const o = json as { memories?: unknown; links?: unknown };
  if (!o || !Array.isArray(o.memories)) throw badRequest("path: not an opencode-semantic-memory export (no memories array)", { field: "path" });
  const data = emptyData();
  (o.memories as Row[]).forEach((m, i) => {
    if (!m || typeof m !== "object") return void data.skipped.push({ ref: `export:#${i}`, reason: "not an object" });
    const entities = Array.isArray(m.entities)
      ? m.entities.map((e) => (typeof e === "string" ? e : String((e as { ref?: unknown })?.ref ?? ""))).filter(Boolean)
      : [];
    add(data, { ...m, id: m.id ?? i }, "memory", entities);
  });
  for (const l of Array.isArray(o.links) ? (o.links as Record<string, unknown>[]) : [])
    data.links.push({
      from: `memory:${String(l.source_memory_id)}`,
      to: `memory:${String(l.target_memory_id)}`,
      kind: LINKS[String(l.link_type)] ?? "relates",
    });
  return data;
}

function fromDb(file: string): ForeignData {
  const { db, tables } = openForeignDb(file, TOOL, ["memories"]);
  try {
    const data = emptyData();
    const cols = columnsOf(db, "memories");
    const col = (c: string) => (cols.has(c) ? c : `NULL AS ${c}`);
    const entitiesOf = new Map<number, string[]>();
    if (tables.has("entities") && tables.has("entity_memories"))
      for (const e of db
        .prepare("SELECT em.memory_id AS id, e.type || ':' || e.ref AS ref FROM entity_memories em JOIN entities e ON e.id = em.entity_id ORDER BY e.id")
        .all() as { id: number; ref: string }[])
        entitiesOf.set(e.id, [...(entitiesOf.get(e.id) ?? []), e.ref]);
    const rows = db
      .prepare(
        `SELECT id, category, content, ${col("what")}, ${col("why")}, ${col("learned")}, ${col("project")}, ${col("source_file")}, ${col("created_at")}, ${col("resolved_at")}, ${col("expires_at")} FROM memories ORDER BY id`,
      )
      .all() as Row[];
    for (const r of rows) add(data, r, "memory", entitiesOf.get(r.id) ?? []);
    if (tables.has("memory_links"))
      for (const l of db.prepare("SELECT source_memory_id AS s, target_memory_id AS t, link_type AS k FROM memory_links ORDER BY id").all() as {
        s: number;
        t: number;
        k: string;
      }[])
        data.links.push({ from: `memory:${l.s}`, to: `memory:${l.t}`, kind: LINKS[l.k] ?? "relates" });
    if (tables.has("sessions")) {
      const scols = columnsOf(db, "sessions");
      if (scols.has("summary"))
        for (const s of db
          .prepare(
            `SELECT id, project, ${scols.has("title") ? "title" : "NULL AS title"}, summary, started_at AS startedAt FROM sessions WHERE summary IS NOT NULL AND trim(summary) != '' ORDER BY started_at, id`,
          )
          .all() as Record<string, string | null>[])
          data.memories.push({
            ref: `session:${s.id}`,
            content: String(s.summary),
            title: s.title ? `Session: ${s.title}` : "Session summary",
            category: "event",
            status: "active",
            project: foreignProject(TOOL, s.project),
            createdAt: toMs(s.startedAt),
            tags: ["semantic-memory", "session-summary"],
            metadata: {},
          });
    }
    return data;
  } finally {
    db.close();
  }
}
