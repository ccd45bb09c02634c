import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../lib/config";
import { makeCtx, type Ctx } from "../../lib/ctx";
import { openStore } from "../../lib/open-store";
import { databaseFile } from "../../lib/paths";
import { percentile } from "../lib/stats";

export const ROOT = path.resolve(import.meta.dirname, "../..");
/** ../shared beside the checkout; RECOLLECT_SHARED_DIR when the checkout is elsewhere (a git worktree). */
export const SHARED = process.env.RECOLLECT_SHARED_DIR ? path.resolve(process.env.RECOLLECT_SHARED_DIR) : path.resolve(ROOT, "../shared");
export const RESULTS = path.join(ROOT, "bench", "results");

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A lib context on a fresh database (embeddings off unless env says otherwise). */
export function benchCtx(env: Record<string, string> = {}, dataDir = tempDir("recollect-bench-")): Ctx & { close: () => void } {
  const { config } = loadConfig({
    env: { RECOLLECT_DATA_DIR: dataDir, XDG_CONFIG_HOME: tempDir("recollect-bench-config-"), RECOLLECT_EMBEDDING_PROVIDER: "none", ...env },
  });
  const opened = openStore(databaseFile(dataDir), { migrationsDir: path.join(ROOT, "drizzle") });
  return { ...makeCtx({ db: opened.db, sqlite: opened.sqlite, config, dataDir }), close: () => opened.sqlite.close() };
}

export { percentile };

export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), p99: round(percentile(s, 99)), max: round(s[s.length - 1]) };
}

export const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

export function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return "(no rows)";
  const cols = Object.keys(rows[0]);
  const cells = rows.map((r) => cols.map((c) => String(r[c] ?? "")));
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i].length)));
  const line = (vals: string[]) => "| " + vals.map((v, i) => v.padEnd(widths[i])).join(" | ") + " |";
  return [line(cols), "|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|", ...cells.map(line)].join("\n");
}

export function writeResult(name: string, data: unknown) {
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  return file;
}
