import { importQuery } from "../../lib/contracts/export";
import os from "node:os";
import { importMemoriesAsync } from "../../lib/export";
import { testCtx } from "../../tests/helpers/ctx";
import { measureHold } from "./loop-hold";

/**
 * Where an import of `--memories` notes (the http-routes.ts input: 12,000 of about 2 KB, JSON) holds
 * the event loop: the longest gap between two turns while it runs, in a dry run (everything but the
 * write) and a real one: the difference is the one write transaction. `npx tsx bench/adversarial/import-hold.ts [--memories 12000]`.
 */
const at = process.argv.indexOf("--memories");
const n = at > 0 ? Number(process.argv[at + 1]) : 12_000;
const entries = Array.from({ length: n }, (_, i) => ({
  title: `Note ${i} on the build cache`,
  content: `Note ${i}: ${"the build cache keeps the compiled modules between runs; ".repeat(35)}`,
  category: "note",
  tags: ["bench", `t${i % 50}`],
}));
const body = JSON.stringify(entries);

/** The import once, its longest hold between two turns of the event loop and its CPU time. */
async function run(dryRun: boolean) {
  const ctx = testCtx();
  // The write transaction timed alone: the connection's own `transaction` wrapped (withTransaction calls it).
  const tx = { wall: 0, cpu: 0, count: 0, longest: 0, depth: 0 };
  const transaction = ctx.sqlite.transaction.bind(ctx.sqlite);
  ctx.sqlite.transaction = ((fn: (...a: unknown[]) => unknown) => {
    const wrapped = transaction(fn);
    const timed = (run: () => unknown) => {
      // Outermost only: a nested call is a savepoint of the same transaction.
      if (tx.depth++) {
        try {
          return run();
        } finally {
          tx.depth--;
        }
      }
      const [w, c] = [performance.now(), process.cpuUsage()];
      try {
        return run();
      } finally {
        tx.depth--;
        const used = process.cpuUsage(c);
        tx.wall += performance.now() - w;
        tx.cpu += (used.user + used.system) / 1000;
        tx.count++;
        tx.longest = Math.max(tx.longest, performance.now() - w);
      }
    };
    return Object.assign((...a: unknown[]) => timed(() => wrapped(...a)), {
      deferred: (...a: unknown[]) => timed(() => wrapped.deferred(...a)),
      immediate: (...a: unknown[]) => timed(() => wrapped.immediate(...a)),
      exclusive: (...a: unknown[]) => timed(() => wrapped.exclusive(...a)),
    });
  }) as typeof ctx.sqlite.transaction;
  const {
    result: report,
    longestMs: longest,
    wallMs: wall,
    cpu: used,
  } = await measureHold(() => importMemoriesAsync(ctx, importQuery.parse({ format: "json", dryRun: String(dryRun) }), body));
  ctx.close();
  return {
    run: dryRun ? "dry run (parse, check, redact, look up)" : "import (the same + the write transaction)",
    memories: n,
    MB: +(body.length / 1e6).toFixed(1),
    new: report.created,
    "wall ms": Math.round(wall),
    "CPU ms": Math.round((used.user + used.system) / 1000),
    "longest hold ms": Math.round(longest),
    transactions: tx.count,
    "longest transaction ms": Math.round(tx.longest),
    "transactions wall ms": Math.round(tx.wall),
    "transactions CPU ms": Math.round(tx.cpu),
  };
}

const rows = [await run(true), await run(false)];
console.table(rows);
console.log(`load ${os.loadavg()[0].toFixed(1)}`);
