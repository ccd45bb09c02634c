/**
 * Import of N memories (default 100,000) from a generated @opencode-manager/memory database
 * (its `memories` table, 5 projects, the three scopes, the search benchmarks' synthetic texts, 1 in
 * 50 carrying a fake token to redact), in the batches `recollect import --from opencode-manager` uses, with a progress bar.
 * Times the dry run, the import and a second import (nothing new). Target: at most 60 s.
 * Run: `npx tsx bench/import/index.ts [N]`.
 */
import path from "node:path";
import cliProgress from "cli-progress";
import Database from "better-sqlite3";
import { loadConfig } from "../../lib/config";
import { importFromToolInput } from "../../lib/contracts/import-tools";
import { makeCtx } from "../../lib/ctx";
import { importFromTool } from "../../lib/importers/import-from-tool";
import { openStore } from "../../lib/open-store";
import { databaseFile } from "../../lib/paths";
import { tempDir } from "../../tests/helpers/server";
import { printTable, time, writeResult } from "../lib/stats";
import { corpus } from "../search/corpus";

const N = Number(process.argv[2] ?? 100_000);
const BATCH = 10_000;
const TARGET_MS = 60_000;
const ROOT = path.resolve(import.meta.dirname, "../..");

/** The search benchmarks' synthetic memories (Zipf over the LoCoMo vocabulary, or a built-in list). */
const texts = corpus();

function generate(file: string) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.exec(`CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, project_id TEXT NOT NULL, scope TEXT NOT NULL, content TEXT NOT NULL, file_path TEXT,
    access_count INTEGER NOT NULL DEFAULT 0, last_accessed_at INTEGER, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
    CREATE TABLE project_kv (project_id TEXT NOT NULL, key TEXT NOT NULL, data TEXT NOT NULL, expires_at INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (project_id, key));`);
  const insert = db.prepare("INSERT INTO memories (project_id, scope, content, file_path, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
  const scopes = ["convention", "decision", "context"];
  const projects = Array.from({ length: 5 }, (_, i) =>
    `${i}`
      .repeat(40)
      .slice(0, 40)
      .replace(/./g, (c, j) => "0123456789abcdef"[(Number(c) * 7 + j) % 16]),
  );
  const t0 = Date.UTC(2026, 0, 1);
  db.transaction(() => {
    for (let i = 0; i < N; i++) {
      const secret = i % 50 === 0 ? ` token ghp_${String(i).padStart(36, "x")}` : "";
      insert.run(projects[i % 5], scopes[i % 3], `${texts.text()} (${i})${secret}`, i % 4 ? null : `src/module-${i % 97}.ts`, t0 + i * 1000, t0 + i * 1000);
    }
    for (let p = 0; p < 5; p++)
      db.prepare("INSERT INTO project_kv VALUES (?, 'plan', ?, ?, ?, ?)").run(projects[p], JSON.stringify({ step: p }), Date.now() + 86_400_000, t0, t0);
  })();
  db.close();
}

const source = path.join(tempDir("bench-ocm-"), "memory.db");
const [, genMs] = await time(() => generate(source));
const dataDir = tempDir("bench-import-data-");
const { config } = loadConfig({ env: { RECOLLECT_DATA_DIR: dataDir, XDG_CONFIG_HOME: tempDir() } });
const store = openStore(databaseFile(dataDir), { migrationsDir: path.join(ROOT, "drizzle") });
const ctx = makeCtx({ db: store.db, sqlite: store.sqlite, config, dataDir });

/** One whole import as the CLI runs it: a call of the verb per batch (the source is read once and kept between batches), a progress bar. */
function importAll(dryRun: boolean, label: string) {
  const bar = new cliProgress.SingleBar({ format: `${label} [{bar}] {value}/{total} memories`, stream: process.stderr }, cliProgress.Presets.shades_classic);
  const counts = { new: 0, imported: 0, duplicate: 0 };
  bar.start(N, 0);
  for (let offset = 0; ; ) {
    const r = importFromTool(ctx, importFromToolInput.parse({ from: "opencode-manager", path: source, dryRun, offset, limit: BATCH }));
    for (const k of Object.keys(counts) as (keyof typeof counts)[]) counts[k] += r.counts[k];
    offset += r.handled;
    bar.update(offset);
    if (r.remaining === 0 || r.handled === 0) break;
  }
  bar.stop();
  return { counts };
}

const [dry, dryMs] = await time(() => importAll(true, "Checking "));
const [first, firstMs] = await time(() => importAll(false, "Importing"));
const [second, secondMs] = await time(() => importAll(false, "Again    "));
const stored = (store.sqlite.prepare("SELECT count(*) AS n FROM memories").get() as { n: number }).n;
const leaked = (store.sqlite.prepare("SELECT count(*) AS n FROM memories WHERE content LIKE '%ghp_%'").get() as { n: number }).n;
store.sqlite.close();

const row = (run: string, ms: number, r: typeof dry) => ({
  run,
  ms: Math.round(ms),
  "per 1k ms": Number(((ms / N) * 1000).toFixed(1)),
  new: r.counts.new,
  "imported before": r.counts.imported,
  "within 60 s": ms <= TARGET_MS ? "yes" : "NO",
});
const rows = [row("dry run", dryMs, dry), row("import", firstMs, first), row("second import", secondMs, second)];
printTable(`Import of ${N} memories from an opencode-manager database (generated in ${Math.round(genMs)} ms; batches of ${BATCH})`, rows);
console.log(`\nStored: ${stored} memories; unredacted tokens left: ${leaked}.`);
writeResult("import", { n: N, batch: BATCH, targetMs: TARGET_MS, stored, leaked, rows });
if (rows.some((r) => r["within 60 s"] === "NO") || leaked > 0 || stored !== N) process.exitCode = 1;
