import fs from "node:fs";
import path from "node:path";

/** The git root above `dir`, if any: `add` and `search` use the current project when there is one. */
export function gitRoot(dir = process.cwd()): string | undefined {
  for (let cur = path.resolve(dir); ; cur = path.dirname(cur)) {
    if (fs.existsSync(path.join(cur, ".git"))) return cur;
    if (path.dirname(cur) === cur) return undefined;
  }
}

export const list = (v: string | undefined) =>
  v
    ? v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
