import type { Ctx } from "../ctx";
import { writeInSlices } from "../db/sliced-write";
import { withTransaction } from "../db/transaction";
import { storeMark } from "../db/store-mark";
import { type AheadByText, deriveAheadSteps, afterSlicedWrite, updateIndexes } from "../indexing/after-write";
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

/** Proposals or notes applied between two turns of the event loop; their index rows are written after each chunk. */
const APPLY_CHUNK = 250;

/**
 * `previewOrWrite` for the server, without holding the event loop: the batch is planned (every
 * read and decision) in slices, the new memories' index rows computed ahead, and the write only
 * applies the plan, APPLY_CHUNK entries a step with their index rows, on a connection of its own
 * (`writeInSlices`, lib/db/sliced-write.ts: still one transaction, all or nothing, a crash
 * included). It applies it only if no memory was created, changed or deleted since the plan began
 * (`storeMark`, checked once the write lock is taken); else the plan is made again, and after
 * PLAN_ATTEMPTS planned and written in one transaction on the server's connection.
 */
export async function previewOrWriteSliced<P, T>(
  ctx: Ctx,
  dryRun: boolean,
  batch: {
    plan: () => Steps<P>;
    preview: (plan: P) => T;
    /** Writes the plan through `on` (the ctx of the writing connection), one entry a step. */
    apply: (on: Ctx, plan: P) => Steps<T>;
    /** The title, normalized tags and content of each memory `apply` inserts. */
    inserts: (plan: P) => Pick<MemoryRow, "title" | "tags" | "content">[];
  },
): Promise<T> {
  if (dryRun) return batch.preview(await runSliced(batch.plan()));
  for (let attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
    const mark = storeMark(ctx.sqlite);
    const plan = await runSliced(batch.plan());
    const ahead = await runSliced(deriveAheadSteps(batch.inserts(plan)));
    const written = await writeInSlices(
      ctx.sqlite,
      (conn) => applyInChunks({ ...ctx, db: conn.db, sqlite: conn.sqlite }, batch.apply, plan, ahead),
      (conn) => storeMark(conn) === mark,
    );
    if (written) {
      await afterSlicedWrite(ctx.sqlite, ctx.services.nearDuplicates);
      return written.value;
    }
  }
  return previewOrWrite(ctx, false, () => runAll(batch.apply(ctx, runAll(batch.plan()))));
}

/** `apply` on `on`, a step every APPLY_CHUNK entries, each chunk's index rows written after it. */
function* applyInChunks<P, T>(on: Ctx, apply: (on: Ctx, plan: P) => Steps<T>, plan: P, ahead: AheadByText): Steps<T> {
  const steps = apply(on, plan);
  for (let n = 1; ; n++) {
    const step = steps.next();
    if (step.done) {
      updateIndexes(on.sqlite, { kind: "batch", ahead });
      return step.value;
    }
    if (n % APPLY_CHUNK === 0) {
      updateIndexes(on.sqlite, { kind: "batch", ahead });
      yield;
    }
  }
}
