import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { withTransaction } from "../db/transaction";
import { applyPulledVersion } from "./apply-version";
import { hubPull } from "./hub-client";
import { sharedProjects, type JoinedHub } from "./link";

/**
 * Pulls each shared project's new versions by cursor and applies them, a page per transaction with
 * the cursor moved in the same one: a crash between pages re-pulls at most a page, skipped as known.
 * Returns the count of versions pulled.
 */
export async function pullHub(ctx: Ctx, link: JoinedHub): Promise<number> {
  let pulled = 0;
  for (const project of sharedProjects(ctx)) {
    let cursor = project.cursor;
    for (;;) {
      const page = await hubPull(link, project.hubProject, cursor);
      withTransaction(
        ctx.db,
        (tx) => {
          prepared(ctx.sqlite, "INSERT INTO team_applying (id) VALUES (1) ON CONFLICT DO NOTHING").run();
          try {
            for (const v of page.versions) applyPulledVersion(ctx, tx, project.projectId, v);
          } finally {
            prepared(ctx.sqlite, "DELETE FROM team_applying").run();
          }
          prepared(ctx.sqlite, "UPDATE team_projects SET cursor = ? WHERE project_id = ?").run(page.cursor, project.projectId);
        },
        "immediate",
      );
      pulled += page.versions.length;
      cursor = page.cursor;
      if (!page.more) break;
    }
  }
  return pulled;
}
