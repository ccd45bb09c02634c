import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { BackupResult, ParsedBackupInput } from "../contracts/maintenance";
import type { Ctx } from "../ctx";
import { badRequest, conflict } from "../errors";
import { requireWritableFile } from "../files/checked";

export const backupsDir = (dataDir: string) => path.join(dataDir, "backups");

const stamp = (d = new Date()) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")
    .replace("T", "-");

/**
 * A consistent copy of the live database through SQLite's online backup API: pages are copied in
 * steps while the server keeps serving (a write during the copy restarts it, so the copy is always
 * one committed state). The copy is checked with `quick_check` before it is reported.
 */
export async function backup(ctx: Pick<Ctx, "sqlite" | "dataDir">, input: ParsedBackupInput): Promise<BackupResult> {
  const dest = input.destination ? path.resolve(input.destination) : path.join(backupsDir(ctx.dataDir), `recollect-${stamp()}.db`);
  if (input.destination && !path.isAbsolute(input.destination)) throw badRequest("destination: must be an absolute path", { field: "destination" });
  if (path.resolve(dest) === path.resolve(ctx.sqlite.name)) throw badRequest("destination: that is the live database itself", { field: "destination" });
  // Before anything is created: a FIFO, device or /proc path is a 400 (lib/files/checked.ts).
  requireWritableFile(dest, "destination");
  if (fs.existsSync(dest) && !input.overwrite) throw conflict(`destination: ${dest} exists (pass overwrite to replace it)`, { field: "destination" });
  try {
    fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw badRequest(`destination: cannot create ${path.dirname(dest)} (${(error as Error).message})`, { field: "destination" });
  }
  const tmp = `${dest}.partial-${process.pid}`;
  requireWritableFile(tmp, "destination");
  const started = performance.now();
  let pages = 0;
  try {
    const res = await ctx.sqlite.backup(tmp, { progress: ({ totalPages }) => ((pages = totalPages), 256) });
    pages = res.totalPages;
    const copy = new Database(tmp);
    let integrity: string;
    try {
      copy.pragma("journal_mode = DELETE");
      integrity = String(copy.pragma("quick_check", { simple: true }));
    } finally {
      copy.close();
    }
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, dest);
    return { path: dest, bytes: fs.statSync(dest).size, pages, durationMs: Math.round(performance.now() - started), integrity };
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(tmp + suffix, { force: true });
    if ((error as NodeJS.ErrnoException).code === "EACCES" || (error as { code?: string }).code === "SQLITE_CANTOPEN") {
      throw badRequest(`destination: cannot write ${dest}`, { field: "destination" });
    }
    throw error;
  }
}
