import { afterEach, describe, expect, it } from "vitest";
import { exportQuery, type ExportQuery } from "../../../lib/contracts/export";
import { selectExportKeys, selectExportKeysSteps } from "../../../lib/export";
import { createMemory } from "../../../lib/memories";
import { removeMemory } from "../../../lib/memories/remove";
import { projects } from "../../../lib/db/schema";
import { runAll } from "../../../lib/slices";
import { testCtx } from "../../helpers/ctx";

/**
 * Issue 37: the server reads an export's keys in steps (rowid windows, each sorted, then merged)
 * instead of one ORDER BY that held the event loop; the order must be SQLite's exactly, or the
 * export's bytes change. Compared with the SQL query (selectExportKeys) on a store built to tell
 * the orders apart: names that JS `<` sorts otherwise than UTF-8 bytes (an astral character
 * against U+E000), equal names, an empty name, a project row gone (its id kept, no name), equal
 * created_at, removals (rowid gaps), every filter; windows of 7 rows so many pages are merged.
 */
const open: { close: () => void }[] = [];
afterEach(() => open.splice(0).forEach((c) => c.close()));

const PROJECTS: [string, string][] = [
  ["p-astral", "\u{1F600} smile"],
  ["p-private", "\uE000 private use"],
  ["p-a2", "alpha"],
  ["p-a1", "alpha"],
  ["p-upper", "Alpha"],
  ["p-empty", ""],
  ["p-accent", "\u00E9t\u00E9"],
  ["p-gone", "removed later"],
];

function store() {
  const c = testCtx();
  open.push(c);
  for (const [id, name] of PROJECTS)
    c.db
      .insert(projects)
      .values({ id, name, rootPath: `/src/${id}`, identity: "path" })
      .run();
  const ids: string[] = [];
  for (let i = 0; i < 300; i++) {
    const scope = (["session", "global", "project"] as const)[i % 3];
    const m = createMemory(c, {
      content: `memory ${i} ${"x".repeat(i % 7)}`,
      category: (["note", "decision", "gotcha", "fact"] as const)[i % 4],
      scope,
      project: scope === "global" && i % 2 ? undefined : PROJECTS[(i * 5) % PROJECTS.length][0],
      sessionId: scope === "session" ? `ses_${i % 4}` : undefined,
      tags: i % 3 ? ["t", `t${i % 5}`] : [],
    }).memory;
    ids.push(m.id);
  }
  // Few distinct created_at (many ties, broken by seq), set against insertion order.
  c.sqlite
    .prepare(
      "UPDATE memories SET created_at = 1700000000000 + (1000 - seq) / 40 * 1000, pinned = (seq % 4 = 0), status = CASE seq % 5 WHEN 0 THEN 'archived' WHEN 1 THEN 'suggested' ELSE 'active' END",
    )
    .run();
  // A project row gone without the store's own cascade: its memories keep the id and have no name.
  c.sqlite.pragma("foreign_keys = OFF");
  c.sqlite.prepare("DELETE FROM projects WHERE id = 'p-gone'").run();
  c.sqlite.pragma("foreign_keys = ON");
  for (let i = 10; i < 300; i += 23) removeMemory(c, ids[i]);
  return { c, ids };
}

const ids = (keys: { id: string }[]) => keys.map((k) => k.id);

describe("the export's keys read in steps", () => {
  it("are in SQLite's order, whatever the filter", () => {
    const { c, ids: all } = store();
    const queries: ExportQuery[] = [
      {},
      { project: "p-a1" },
      { project: "p-gone" },
      { scope: "project,session" },
      { scope: "global" },
      { category: "note,gotcha" },
      { status: "archived,suggested" },
      { pinned: "true" },
      { pinned: "false", scope: "project" },
      { ids: [all[0], all[5], all[77], all[150], all[299], all[33]].join(",") },
      { tag: "t2" },
      { tag: "t,t1", category: "fact" },
    ];
    for (const raw of queries) {
      const q = exportQuery.parse({ format: "json", ...raw });
      const sqlOrder = selectExportKeys(c, c, q);
      for (const page of [1, 7, 1000]) {
        expect(runAll(selectExportKeysSteps(c, c, q, page)), JSON.stringify({ raw, page })).toEqual(sqlOrder);
      }
    }
  });

  it("the store tells the orders apart: not rowid order, and an astral name after U+E000", () => {
    const { c } = store();
    const keys = selectExportKeys(c, c, exportQuery.parse({ format: "json" }));
    const seqs = c.sqlite.prepare("SELECT id FROM memories ORDER BY seq").pluck().all();
    expect(ids(keys)).not.toEqual(seqs);
    const names = [...new Set(keys.filter((k) => k.scope === "project" && k.project).map((k) => k.project?.name))];
    expect(names.indexOf("\u{1F600} smile")).toBeGreaterThan(names.indexOf("\uE000 private use"));
    // JS `<` would put them the other way round.
    expect("\u{1F600} smile" < "\uE000 private use").toBe(true);
    // The orphans (no name) come first among the project scope, NULL names first.
    const projectScope = keys.filter((k) => k.scope === "project");
    expect(projectScope[0].project).toBeNull();
  });

  it("a created_at stored as text (a store written some other way) takes the SQL query: same order", () => {
    const { c } = store();
    c.sqlite.prepare("UPDATE memories SET created_at = 'not a number' WHERE seq % 9 = 0").run();
    const q = exportQuery.parse({ format: "json" });
    expect(runAll(selectExportKeysSteps(c, c, q, 7))).toEqual(selectExportKeys(c, c, q));
  });

  it("a project id stored as a BLOB (sorts after all text in SQLite) takes the SQL query: same order", () => {
    const { c } = store();
    c.sqlite.pragma("foreign_keys = OFF");
    c.sqlite.prepare("UPDATE memories SET project_id = CAST(project_id AS BLOB) WHERE seq % 13 = 0 AND project_id IS NOT NULL").run();
    const q = exportQuery.parse({ format: "json" });
    expect(runAll(selectExportKeysSteps(c, c, q, 7))).toEqual(selectExportKeys(c, c, q));
  });
});
