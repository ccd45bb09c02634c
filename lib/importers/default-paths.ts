import os from "node:os";
import path from "node:path";
import type { ImportTool } from "../contracts/import-tools";
import type { Env } from "../paths";

/**
 * Where each tool keeps its data by default (from their sources): used when `recollect import
 * --from <tool>` is given no path. deep-memory's project folder is the current directory.
 */
export function defaultImportPath(tool: ImportTool, cwd: string, env: Env = process.env): string {
  const home = env.HOME || os.homedir();
  const data = env.XDG_DATA_HOME || path.join(home, ".local", "share");
  switch (tool) {
    case "deep-memory":
      return cwd;
    case "opencode-manager":
      return path.join(data, "opencode", "memory", "memory.db");
    case "semantic-memory":
      return path.join(home, ".local", "share", "opencode-memory", "memory.db");
    case "claude-mem":
      return path.join(home, ".claude-mem", "claude-mem.db");
  }
}
