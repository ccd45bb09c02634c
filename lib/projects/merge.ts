import type { MergeProjectsResult, ParsedMergeProjectsInput } from "../contracts/projects";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { notFound } from "../errors";
import { projectDto } from "./dto";

/**
 * Merges project `from` into `into` in one transaction: its memories, sessions, checkpoints, KV
 * entries, claims, loops and proposals move to `into`; its id (and the aliases it had) become
 * aliases of `into`, so a checkout that still computes its identity (the plugin) resolves to
 * `into`; then its row is deleted. Where both held the same KV key the newer value stays; where
 * both claimed the same item, `into`'s claim stays. The consolidation marks (`consolidation_runs`)
 * of both are cleared, so a run reads the memories that now live together from the start.
 */
export function mergeProjects(ctx: Ctx, input: ParsedMergeProjectsInput): MergeProjectsResult {
  const { into, from } = input;
  return withTransaction(
    ctx.db,
    (tx) => {
      const db = tx.$client;
      const exists = (id: string) => db.prepare("SELECT remote FROM projects WHERE id = ?").get(id) as { remote: string | null } | undefined;
      if (!exists(into)) throw notFound(`unknown project "${into}"`, { field: "into" });
      const merged = exists(from);
      if (!merged) throw notFound(`unknown project "${from}"`, { field: "from" });
      const move = (table: string) => db.prepare(`UPDATE ${table} SET project_id = ? WHERE project_id = ?`).run(into, from).changes;

      // Same key in both: the value written last wins; the other is dropped before the move.
      const staleInto = db
        .prepare("DELETE FROM kv WHERE project_id = ? AND key IN (SELECT b.key FROM kv b WHERE b.project_id = ? AND b.updated_at > kv.updated_at)")
        .run(into, from).changes;
      const staleFrom = db.prepare("DELETE FROM kv WHERE project_id = ? AND key IN (SELECT a.key FROM kv a WHERE a.project_id = ?)").run(from, into).changes;
      const droppedClaims = db
        .prepare("DELETE FROM claims WHERE project_id = ? AND item IN (SELECT a.item FROM claims a WHERE a.project_id = ?)")
        .run(from, into).changes;

      const moved = {
        memories: move("memories"),
        sessions: move("sessions"),
        checkpoints: move("checkpoints"),
        kv: move("kv"),
        claims: move("claims"),
        loops: move("loops"),
        proposals: move("proposals"),
      };
      db.prepare("DELETE FROM consolidation_runs WHERE project_id IN (?, ?)").run(into, from);

      db.prepare("UPDATE project_aliases SET project_id = ? WHERE project_id = ?").run(into, from);
      db.prepare("INSERT OR REPLACE INTO project_aliases(alias, project_id, remote) VALUES (?, ?, ?)").run(from, into, merged.remote);
      db.prepare("DELETE FROM projects WHERE id = ?").run(from);
      db.prepare("UPDATE projects SET updated_at = ? WHERE id = ?").run(Date.now(), into);

      return { project: projectDto(db, into, "into"), merged: from, moved, dropped: { kv: staleInto + staleFrom, claims: droppedClaims } };
    },
    "immediate",
  );
}
