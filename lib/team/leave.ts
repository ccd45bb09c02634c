import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";

/** Leaves the hub: the link, the shared projects, the outbox and sync states go; every memory stays local. */
export function leaveHub(ctx: Ctx): { left: boolean } {
  return withTransaction(
    ctx.db,
    () => {
      const left = ctx.sqlite.prepare("DELETE FROM team_hub").run().changes > 0;
      ctx.sqlite.exec("DELETE FROM team_projects; DELETE FROM team_outbox; DELETE FROM team_memories;");
      return { left };
    },
    "immediate",
  );
}
