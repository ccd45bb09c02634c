import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { updateIndexes } from "../indexing/after-write";

/**
 * The step of a batch of proposals or imports: a dry run calls `run(false)` and writes nothing;
 * otherwise `run(true)` writes in one transaction, and the new memories' index rows are written in
 * it too, so what the batch stored is searchable when it returns (bootstrap, notes, imports).
 */
export function previewOrWrite<T>(ctx: Ctx, dryRun: boolean, run: (write: boolean) => T): T {
  if (dryRun) return run(false);
  return withTransaction(
    ctx.db,
    () => {
      const out = run(true);
      updateIndexes(ctx.sqlite, { kind: "batch" });
      return out;
    },
    "immediate",
  );
}
