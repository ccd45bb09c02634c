import fs from "node:fs";
import path from "node:path";

/**
 * The data dir holds memories, tool output, the API token and logs: only its owner may read it.
 * The server runs with umask 077 (server/serve.ts), so what it creates is private; this tightens
 * what was made before (an older version, another tool, `mkdir` by hand): the dir and every
 * sub-dir 0700, every file 0600. Returns a warning for each thing that was looser.
 */
export function secureDataDir(dir: string): string[] {
  const warnings: string[] = [];
  const tightened: string[] = [];
  const tighten = (p: string, wanted: number, what: string | null) => {
    let mode: number;
    try {
      mode = fs.lstatSync(p).mode & 0o777;
    } catch {
      return; // gone meanwhile
    }
    if ((mode & ~wanted) === 0) return;
    try {
      fs.chmodSync(p, wanted);
      if (what) warnings.push(`${what} ${p} was mode ${octal(mode)}, open to other users: now ${octal(wanted)}`);
      else tightened.push(path.relative(dir, p));
    } catch (error) {
      warnings.push(`${p} is mode ${octal(mode)} and could not be tightened: ${(error as Error).message}`);
    }
  };
  tighten(dir, 0o700, "data dir");
  // Iterative walk; symbolic links are neither followed nor changed (chmod would follow them).
  const dirs = [dir];
  while (dirs.length) {
    const current = dirs.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const p = path.join(current, entry.name);
      if (entry.isDirectory()) {
        tighten(p, 0o700, null);
        dirs.push(p);
      } else if (entry.isFile()) {
        tighten(p, 0o600, null);
      }
    }
  }
  if (tightened.length) {
    const shown = tightened.slice(0, 10).join(", ") + (tightened.length > 10 ? `, and ${tightened.length - 10} more` : "");
    warnings.push(`${tightened.length} file(s) in the data dir were open to other users: now 0600 (directories 0700): ${shown}`);
  }
  return warnings;
}

const octal = (mode: number) => `0${mode.toString(8).padStart(3, "0")}`;
