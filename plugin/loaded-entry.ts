import fs from "node:fs";
import path from "node:path";
import { resolveSettings } from "./options";

/** `<data dir>/plugin-entry.json`: which entry OpenCode last loaded (read by `recollect doctor`). */
export const LOADED_ENTRY_FILE = "plugin-entry.json";

export interface LoadedEntry {
  /** 1: `server()` (OpenCode 1), 2: `setup()` (OpenCode 2). */
  generation: 1 | 2;
  at: string;
  pid: number;
  directory: string;
}

/** Records the entry that loaded, once per load; never throws (a read-only data dir loses only this note). */
export function noteLoadedEntry(generation: 1 | 2, directory: string, options: Record<string, unknown> | undefined): void {
  try {
    const dir = resolveSettings(options ?? {}).dataDir;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const entry: LoadedEntry = { generation, at: new Date().toISOString(), pid: process.pid, directory };
    fs.writeFileSync(path.join(dir, LOADED_ENTRY_FILE), `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  } catch {
    /* a note for doctor, never a reason to fail a load */
  }
}
