/**
 * Database hygiene: size of the file after deleting half of N memories (default 100,000), for two
 * deletion patterns: the older half (contiguous rows) and every other memory (interleaved, the
 * worst case for page reuse). Compares with a fresh database holding only the surviving half.
 * Run: `npx tsx bench/maintenance/index.ts [N]`.
 */
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../lib/config";
import { makeCtx, type Ctx } from "../../lib/ctx";
import { openStore } from "../../lib/open-store";
import { cleanup } from "../../lib/maintenance/cleanup";
import { dbSize } from "../../lib/maintenance/db-size";
import { databaseFile } from "../../lib/paths";
import { tokenize } from "../../lib/search/tokenizer";
import { seedMemories } from "../../tests/lib/maintenance/seed";
import { tempDir } from "../../tests/helpers/server";

import { cleanupInput } from "../../lib/contracts/maintenance";
const N = Number(process.argv[2] ?? 100_000);
const ROOT = path.resolve(import.meta.dirname, "../..");
const mb = (b: number) => (b / 1e6).toFixed(1);

function ctxAt(dir: string): Ctx & { close: () => void } {
  const { config } = loadConfig({ env: { RECOLLECT_DATA_DIR: dir, XDG_CONFIG_HOME: tempDir() } });
  const o = openStore(databaseFile(dir), { migrationsDir: path.join(ROOT, "drizzle") });
  return { ...makeCtx({ db: o.db, sqlite: o.sqlite, config, dataDir: dir }), close: () => o.sqlite.close() };
}

function time<T>(fn: () => T): [T, number] {
  const t = performance.now();
  const r = fn();
  return [r, Math.round(performance.now() - t)];
}

/** Days since the median creation time, so `olderThanDays` matches the older half exactly. */
function olderHalfDays(ctx: Ctx): number {
  const { t } = ctx.sqlite.prepare("SELECT created_at AS t FROM memories ORDER BY created_at DESC LIMIT 1 OFFSET ?").get(N / 2 - 1) as { t: number };
  return (Date.now() - t + 0.5) / 86_400_000;
}

const rows: Record<string, string | number>[] = [];

// The reference: a fresh database with only N/2 memories.
let reference = 0;
{
  const ctx = ctxAt(tempDir());
  seedMemories(ctx, N / 2, tokenize);
  ctx.sqlite.pragma("wal_checkpoint(TRUNCATE)");
  rows.push({ case: `fresh ${N / 2}`, "before MB": "-", "after MB": mb(dbSize(ctx.sqlite).sizeBytes), "vs fresh": "1.00", "delete ms": "-", compacted: "-" });
  reference = dbSize(ctx.sqlite).sizeBytes;
  ctx.close();
}

for (const pattern of ["older half", "every other", "every other, compact never"] as const) {
  const ctx = ctxAt(tempDir());
  const [, seedMs] = time(() => seedMemories(ctx, N, tokenize));
  ctx.sqlite.pragma("wal_checkpoint(TRUNCATE)");
  const before = dbSize(ctx.sqlite).sizeBytes;
  const [r, ms] = time(() =>
    pattern === "older half"
      ? cleanup(ctx, cleanupInput.parse({ olderThanDays: olderHalfDays(ctx) }))
      : cleanup(ctx, cleanupInput.parse({ category: ["note"], compact: pattern === "every other" ? "auto" : "never" })),
  );
  const after = dbSize(ctx.sqlite).sizeBytes;
  rows.push({
    case: `${pattern} of ${N} (seed ${seedMs} ms)`,
    "before MB": mb(before),
    "after MB": mb(after),
    "vs fresh": (after / reference).toFixed(2),
    "delete ms": ms,
    compacted: String(r.compacted) + ` (${r.affected} deleted)`,
  });
  ctx.close();
}

console.table(rows);
fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
fs.writeFileSync(path.join(ROOT, "bench", "results", "maintenance.json"), JSON.stringify({ n: N, at: new Date().toISOString(), rows }, null, 2));
