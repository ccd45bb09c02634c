import type { Category } from "../vocabulary";
import { foreignProject } from "./projects";
import { columnsOf, openForeignDb } from "./sqlite-source";
import { emptyData, type ForeignData, toMs } from "./types";

const TOOL = "claude-mem";
/** claude-mem's observation types -> categories. */
const TYPES: Record<string, Category> = { decision: "decision", bugfix: "gotcha", discovery: "fact", feature: "event", refactor: "event", change: "event" };

const list = (json: unknown): string[] => {
  if (typeof json !== "string" || !json.trim()) return [];
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x.trim() !== "") : [];
  } catch {
    return [json];
  }
};

/**
 * claude-mem's SQLite database (`~/.claude-mem/claude-mem.db`): `observations` (title, subtitle,
 * narrative, facts, concepts; type decision/bugfix/feature/refactor/discovery/change) and
 * `session_summaries` (request, investigated, learned, completed, next steps), and `directives`
 * where present. Older databases have only `text` on an observation.
 */
export function readClaudeMem(file: string): ForeignData {
  const { db, tables } = openForeignDb(file, TOOL, ["observations"]);
  try {
    const data = emptyData();
    const cols = columnsOf(db, "observations");
    const col = (c: string) => (cols.has(c) ? c : `NULL AS ${c}`);
    const observations = db
      .prepare(
        `SELECT id, memory_session_id AS session, project, ${col("text")}, type, ${col("title")}, ${col("subtitle")}, ${col("facts")}, ${col("narrative")}, ${col("concepts")}, ${col("files_modified")}, created_at_epoch AS createdAt
         FROM observations ORDER BY id`,
      )
      .all() as Record<string, string | number | null>[];
    for (const o of observations) {
      const ref = `observation:${o.id}`;
      const facts = list(o.facts);
      const body = [o.subtitle, o.narrative ?? o.text, facts.length ? facts.map((f) => `- ${f}`).join("\n") : null]
        .filter((x) => typeof x === "string" && x.trim())
        .join("\n\n");
      if (!body.trim()) {
        data.skipped.push({ ref, reason: "no text, narrative or facts" });
        continue;
      }
      const category = TYPES[String(o.type)];
      if (!category) {
        data.skipped.push({ ref, reason: `unknown observation type "${String(o.type)}"` });
        continue;
      }
      data.memories.push({
        ref,
        content: body,
        title: typeof o.title === "string" && o.title.trim() ? o.title.trim() : null,
        category,
        status: "active",
        project: foreignProject(TOOL, typeof o.project === "string" ? o.project : null),
        createdAt: toMs(o.createdAt),
        tags: ["claude-mem", String(o.type), ...list(o.concepts).slice(0, 8)],
        metadata: { session: o.session, ...(list(o.files_modified).length ? { files: list(o.files_modified).slice(0, 50) } : {}) },
      });
    }
    if (tables.has("session_summaries")) {
      const rows = db
        .prepare(
          "SELECT id, memory_session_id AS session, project, request, investigated, learned, completed, next_steps AS next, notes, created_at_epoch AS createdAt FROM session_summaries ORDER BY id",
        )
        .all() as Record<string, string | number | null>[];
      for (const s of rows) {
        const ref = `summary:${s.id}`;
        const parts: [string, unknown][] = [
          ["Request", s.request],
          ["Investigated", s.investigated],
          ["Learned", s.learned],
          ["Completed", s.completed],
          ["Next steps", s.next],
          ["Notes", s.notes],
        ];
        const content = parts
          .filter(([, v]) => typeof v === "string" && v.trim())
          .map(([k, v]) => `${k}: ${String(v).trim()}`)
          .join("\n");
        if (!content) {
          data.skipped.push({ ref, reason: "empty session summary" });
          continue;
        }
        data.memories.push({
          ref,
          content,
          title: typeof s.request === "string" ? `Session: ${s.request.split("\n")[0].slice(0, 150)}` : "Session summary",
          category: "event",
          status: "active",
          project: foreignProject(TOOL, typeof s.project === "string" ? s.project : null),
          createdAt: toMs(s.createdAt),
          tags: ["claude-mem", "session-summary"],
          metadata: { session: s.session },
        });
      }
    }
    if (tables.has("directives")) {
      for (const d of db.prepare("SELECT id, scope, project, content, status, created_at_epoch AS createdAt FROM directives ORDER BY id").all() as Record<
        string,
        string | number | null
      >[]) {
        const ref = `directive:${d.id}`;
        if (d.status !== "active") {
          data.skipped.push({ ref, reason: `directive is ${String(d.status)}` });
          continue;
        }
        data.memories.push({
          ref,
          content: String(d.content ?? ""),
          title: null,
          category: "constraint",
          status: "active",
          project: d.scope === "global" ? null : foreignProject(TOOL, typeof d.project === "string" ? d.project : null),
          createdAt: toMs(d.createdAt),
          tags: ["claude-mem", "directive"],
          metadata: {},
        });
      }
    }
    return data;
  } finally {
    db.close();
  }
}
