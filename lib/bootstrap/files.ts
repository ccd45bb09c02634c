import fs from "node:fs";
import path from "node:path";
import { requireDirectory, readRegularText } from "../files/checked";
import type { ProjectFiles } from "./types";

/** Folders never read: dependencies, build output, caches, version control. */
const SKIPPED_DIRS = new Set([
  ".git",
  ".hg",
  ".svn",
  "node_modules",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".turbo",
  ".cache",
  "dist",
  "build",
  "out",
  "target",
  "vendor",
  ".venv",
  "venv",
  "env",
  "__pycache__",
  ".mypy_cache",
  ".pytest_cache",
  ".ruff_cache",
  ".tox",
  "coverage",
  ".gradle",
  ".idea",
  ".vscode",
  "bower_components",
  ".yarn",
  ".pnpm-store",
  ".terraform",
]);
/** Bounds of a walk: a home directory passed by mistake stops here, not after minutes. */
export const WALK_LIMITS = { files: 200_000, depth: 12, fileBytes: 1024 * 1024 } as const;

/** Walks a project directory (skipping dependency and build folders) and reads files on demand. */
export function projectFiles(directory: string): ProjectFiles {
  const root = path.resolve(directory);
  requireDirectory(root, "directory");

  const files: string[] = [];
  const walk = (dir: string, rel: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (files.length >= WALK_LIMITS.files) return;
      const relPath = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        // Hidden folders are skipped except those that hold agent rules and CI.
        if (SKIPPED_DIRS.has(e.name) || (e.name.startsWith(".") && ![".github", ".cursor", ".gitlab", ".serena", ".clinerules"].includes(e.name))) continue;
        if (depth < WALK_LIMITS.depth) walk(path.join(dir, e.name), relPath, depth + 1);
      } else if (e.isFile()) files.push(relPath);
    }
  };
  walk(root, "", 0);
  files.sort();

  return {
    root,
    files,
    // Readers ask for names the walk never listed (AGENTS.md, a symbolic link): only a regular file
    // is read, opened without blocking (a FIFO named AGENTS.md froze the event loop), at most fileBytes.
    read(file) {
      try {
        return readRegularText(path.join(root, file), "directory", WALK_LIMITS.fileBytes);
      } catch {
        return undefined;
      }
    },
  };
}
