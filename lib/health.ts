import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { Ctx } from "./context";
import { searchStatus, type SearchStatus } from "./search/status";
import { VERSION } from "./version";

export interface Health {
  status: "ok";
  version: string;
  uptimeSeconds: number;
  database: { path: string; sizeBytes: number; walBytes: number; sqliteVersion: string; vecVersion: string };
  counts: { memories: Record<string, number>; projects: number; checkpoints: number; sessionsActive: number };
  search: SearchStatus;
}

export function health(ctx: Ctx, startedAt: number, vecVersion: string): Health {
  const file = ctx.sqlite.name;
  const size = (f: string) => {
    try {
      return fs.statSync(f).size;
    } catch {
      return 0;
    }
  };
  const byStatus = ctx.db.all<{ status: string; n: number }>(sql`SELECT status, count(*) AS n FROM memories GROUP BY status`);
  const memories: Record<string, number> = { total: 0, active: 0, suggested: 0, archived: 0, resolved: 0 };
  for (const { status, n } of byStatus) {
    memories[status] = n;
    memories.total += n;
  }
  const one = (q: ReturnType<typeof sql>) => ctx.db.get<{ n: number }>(q)?.n ?? 0;
  return {
    status: "ok",
    version: VERSION,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    database: {
      path: file,
      sizeBytes: size(file),
      walBytes: size(`${file}-wal`),
      sqliteVersion: ctx.db.get<{ v: string }>(sql`select sqlite_version() as v`)!.v,
      vecVersion,
    },
    counts: {
      memories,
      projects: one(sql`SELECT count(*) AS n FROM projects`),
      checkpoints: one(sql`SELECT count(*) AS n FROM checkpoints`),
      sessionsActive: one(sql`SELECT count(*) AS n FROM sessions WHERE status = 'active'`),
    },
    search: searchStatus(),
  };
}
