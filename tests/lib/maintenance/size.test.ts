import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { cleanup } from "../../../lib/maintenance/cleanup";
import { dbSize } from "../../../lib/maintenance/db-size";
import { tokenize } from "../../../lib/search/tokenizer";
import { testCtx } from "../../helpers/ctx";
import { seedMemories } from "./seed";

import { cleanupInput } from "../../../lib/contracts/maintenance";
/**
 * Hygiene: after deleting half of 100,000 memories the file must stay close to its live data size
 * (no bloat of free pages), which incremental auto-vacuum + cleanup's vacuum step guarantee.
 */
// 100,000 in bench/maintenance (about a minute to seed on a busy machine); 20,000 here keeps the
// suite fast and exercises the same paths (interleaved deletes are the worst case for page reuse).
const N = 20_000;

describe(`database size after deleting half of ${N} memories`, () => {
  it("shrinks to within 15% of a freshly compacted copy of the live data", () => {
    const ctx = testCtx();
    try {
      seedMemories(ctx, N, tokenize);
      ctx.sqlite.pragma("wal_checkpoint(TRUNCATE)");
      const full = dbSize(ctx.sqlite);

      const r = cleanup(ctx, cleanupInput.parse({ category: ["note"] })); // every other memory is a note
      expect(r.affected).toBe(N / 2);
      expect(r.compacted).toBe(true);
      const after = dbSize(ctx.sqlite);

      // The live size: a compacted copy of what is left.
      const compact = `${ctx.dataDir}/compact.db`;
      ctx.sqlite.prepare("VACUUM INTO ?").run(compact);
      const live = fs.statSync(compact).size;

      console.log(
        `${N}: ${(full.sizeBytes / 1e6).toFixed(1)} MB; after deleting ${N / 2}: ${(after.sizeBytes / 1e6).toFixed(1)} MB ` +
          `(free pages ${after.freelistPages}); compacted live data: ${(live / 1e6).toFixed(1)} MB`,
      );
      expect(after.freelistPages).toBe(0);
      expect(after.sizeBytes).toBeLessThan(full.sizeBytes * 0.65);
      expect(after.sizeBytes).toBeLessThan(live * 1.15);
    } finally {
      ctx.close();
    }
  }, 180_000);

  it("also after deleting the older half (contiguous rows; FTS tombstones merged away)", () => {
    const ctx = testCtx();
    try {
      seedMemories(ctx, N, tokenize);
      ctx.sqlite.pragma("wal_checkpoint(TRUNCATE)");
      const full = dbSize(ctx.sqlite);
      const { t } = ctx.sqlite.prepare("SELECT created_at AS t FROM memories ORDER BY created_at DESC LIMIT 1 OFFSET ?").get(N / 2 - 1) as { t: number };
      const r = cleanup(ctx, cleanupInput.parse({ olderThanDays: (Date.now() - t + 0.5) / 86_400_000 }));
      expect(r.affected).toBeGreaterThanOrEqual(N / 2);
      const after = dbSize(ctx.sqlite);
      const compact = `${ctx.dataDir}/compact2.db`;
      ctx.sqlite.prepare("VACUUM INTO ?").run(compact);
      const live = fs.statSync(compact).size;
      console.log(
        `${N}: ${(full.sizeBytes / 1e6).toFixed(1)} MB; after deleting the older half: ${(after.sizeBytes / 1e6).toFixed(1)} MB; compacted: ${(live / 1e6).toFixed(1)} MB`,
      );
      expect(after.sizeBytes).toBeLessThan(full.sizeBytes * 0.65);
      expect(after.sizeBytes).toBeLessThan(live * 1.15);
    } finally {
      ctx.close();
    }
  }, 180_000);
});
