import path from "node:path";
import type { Command } from "commander";
import Database from "better-sqlite3";
import { backupInput, type BackupResult } from "../../lib/contracts/maintenance";
import { backup } from "../../lib/maintenance/backup";
import { vacuum, type VacuumResult } from "../../lib/maintenance/vacuum";
import { databaseFile } from "../../lib/paths";
import type { Ctx } from "../../lib/ctx";
import { commandContext } from "../lib/command-context";
import { CliError, EXIT } from "../lib/exit";
import { bytes } from "../lib/output";
import { probe } from "../lib/server-process";
import fs from "node:fs";

/** Opens the database file directly (`--offline`): only when no server is using it. */
async function offlineDb(url: string, dataDir: string): Promise<Database.Database> {
  if (await probe(url)) throw new CliError(`the server at ${url} is running: drop --offline so it does the work`, EXIT.usage);
  const file = databaseFile(dataDir);
  if (!fs.existsSync(file)) throw new CliError(`no database at ${file}`, EXIT.notFound);
  const db = new Database(file, { fileMustExist: true });
  db.pragma("busy_timeout = 10000");
  return db;
}

export function registerMaintenance(program: Command) {
  program
    .command("backup")
    .description("a consistent copy of the database, taken while the server runs (SQLite online backup)")
    .argument("[destination]", "file to write (default: <data dir>/backups/recollect-<time>.db)")
    .option("--overwrite", "replace the destination if it exists")
    .option("--offline", "work on the database file directly (the server must be stopped)")
    .action(async (destination: string | undefined, _o, cmd: Command) => {
      const { opts, client, target, out } = commandContext<{ overwrite?: boolean; offline?: boolean }>(cmd);
      const body = { destination: destination ? path.resolve(destination) : undefined, overwrite: !!opts.overwrite };
      let result: BackupResult;
      if (opts.offline) {
        const sqlite = await offlineDb(target.url, target.dataDir);
        try {
          result = await backup({ sqlite, dataDir: target.dataDir }, backupInput.parse(body));
        } catch (error) {
          throw new CliError((error as Error).message, (error as { code?: string }).code === "conflict" ? EXIT.conflict : EXIT.failure);
        } finally {
          sqlite.close();
        }
      } else {
        result = await client.json<BackupResult>("/api/maintenance/backup", { json: body, timeoutMs: 30 * 60_000 });
      }
      out.result(result, (r: BackupResult) => `Backed up to ${r.path} (${bytes(r.bytes)}, ${r.pages} pages, ${r.durationMs} ms, integrity ${r.integrity}).`);
      if (result.integrity !== "ok") process.exitCode = EXIT.failure;
    });

  program
    .command("vacuum")
    .description("give free space back to the file system (incremental; --full rebuilds the file)")
    .option("--full", "rebuild the whole file (blocks writers while it runs)")
    .option("--offline", "work on the database file directly (the server must be stopped)")
    .action(async (_o, cmd: Command) => {
      const { opts, client, target, out } = commandContext<{ full?: boolean; offline?: boolean }>(cmd);
      const mode = opts.full ? "full" : "incremental";
      let result: VacuumResult;
      if (opts.offline) {
        const sqlite = await offlineDb(target.url, target.dataDir);
        try {
          result = vacuum({ sqlite } as Ctx, { mode });
        } finally {
          sqlite.close();
        }
      } else {
        result = await client.json<VacuumResult>("/api/maintenance/vacuum", { json: { mode }, timeoutMs: 30 * 60_000 });
      }
      out.result(result, (r: VacuumResult) => [
        `Vacuum (${r.mode}): ${bytes(r.before.sizeBytes + r.before.walBytes)} -> ${bytes(r.after.sizeBytes + r.after.walBytes)} (reclaimed ${bytes(r.reclaimedBytes)}).`,
        ...(r.hint ? [`  note: ${r.hint}`] : []),
      ]);
    });
}
