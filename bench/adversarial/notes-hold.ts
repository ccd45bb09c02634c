import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ingestNotesInput } from "../../lib/contracts/notes";
import { ingestNotesAsync } from "../../lib/notes/ingest-notes";
import { testCtx } from "../../tests/helpers/ctx";
import { tempDir } from "../../tests/helpers/server";
import { noteText } from "./http-routes";
import { measureHold } from "./loop-hold";

/**
 * Where a notes ingest (the http-routes.ts input: 4 notes of 2 MB) holds the event loop: the
 * longest gap between two turns while it runs, its CPU, and its write transaction's CPU, in a dry
 * run and a real one. `npx tsx bench/adversarial/notes-hold.ts [--files 4]`
 */
const at = process.argv.indexOf("--files");
const files = at > 0 ? Number(process.argv[at + 1]) : 4;
const dir = tempDir("notes-hold-");
for (let f = 0; f < files; f++) fs.writeFileSync(path.join(dir, `notes-${f}.md`), noteText(2 * 1024 * 1024 - 4096, f));

async function run(dryRun: boolean) {
  const ctx = testCtx();
  const tx = { cpu: 0, count: 0 };
  const transaction = ctx.sqlite.transaction.bind(ctx.sqlite);
  ctx.sqlite.transaction = ((fn: (...a: unknown[]) => unknown) => {
    const wrapped = transaction(fn);
    const timed =
      (go: (...a: unknown[]) => unknown) =>
      (...a: unknown[]) => {
        if (ctx.sqlite.inTransaction) return go(...a); // a savepoint of the one being timed
        const c = process.cpuUsage();
        try {
          return go(...a);
        } finally {
          const used = process.cpuUsage(c);
          tx.cpu = Math.max(tx.cpu, (used.user + used.system) / 1000);
          tx.count++;
        }
      };
    return Object.assign(timed(wrapped), { deferred: timed(wrapped.deferred), immediate: timed(wrapped.immediate), exclusive: timed(wrapped.exclusive) });
  }) as typeof ctx.sqlite.transaction;
  const {
    result,
    longestMs: longest,
    wallMs: wall,
    cpu: used,
  } = await measureHold(() => ingestNotesAsync(ctx, ingestNotesInput.parse({ path: dir, scope: "global", dryRun })));
  ctx.close();
  return {
    run: dryRun ? "dry run" : "ingest",
    notes: result.notes.length,
    new: result.counts.new,
    "wall ms": Math.round(wall),
    "CPU ms": Math.round((used.user + used.system) / 1000),
    "longest hold ms": Math.round(longest),
    transactions: tx.count,
    "longest transaction CPU ms": Math.round(tx.cpu),
  };
}

console.table([await run(true), await run(false)]);
console.log(`load ${os.loadavg()[0].toFixed(1)}`);
fs.rmSync(dir, { recursive: true, force: true });
