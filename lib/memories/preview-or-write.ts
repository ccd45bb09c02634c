import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { storeMark } from "../db/store-mark";
import { deriveAheadSteps, updateIndexes } from "../indexing/after-write";
import { runAll, runSliced, type Steps } from "../slices";
import type { MemoryRow } from "./dto";

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

/** How many times a batch is planned again when the store changed between its plan and its write. */
const PLAN_ATTEMPTS = 3;

/**
 * `previewOrWrite` for the server, without holding the event loop: the batch is planned (every
 * read and decision) in slices, the new memories' index rows computed ahead, and the write
 * transaction only applies the plan. It applies it only if no memory was created, changed or
 * deleted since the plan began (`storeMark`); else the plan is made again, and after
 * PLAN_ATTEMPTS planned and written in one transaction. Still one transaction: all or nothing.
 */
export async function previewOrWriteSliced<P, T>(
  ctx: Ctx,
  dryRun: boolean,
  batch: {
    plan: () => Steps<P>;
    preview: (plan: P) => T;
    apply: (plan: P) => T;
    /** The title, normalized tags and content of each memory `apply` inserts. */
    inserts: (plan: P) => Pick<MemoryRow, "title" | "tags" | "content">[];
  },
): Promise<T> {
  if (dryRun) return batch.preview(await runSliced(batch.plan()));
  for (let attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
    const mark = storeMark(ctx.sqlite);
    const plan = await runSliced(batch.plan());
    const ahead = await runSliced(deriveAheadSteps(batch.inserts(plan)));
    const written = withTransaction(
      ctx.db,
      () => {
        if (storeMark(ctx.sqlite) !== mark) return undefined;
        const out = batch.apply(plan);
        updateIndexes(ctx.sqlite, { kind: "batch", ahead });
        return { out };
      },
      "immediate",
    );
    if (written) return written.out;
  }
  return previewOrWrite(ctx, false, () => batch.apply(runAll(batch.plan())));
}
