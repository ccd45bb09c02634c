import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { parseEntities } from "../entities/parse";
import type { Slicer } from "./slicer";
import { namedSymbols, type SymbolState } from "./symbols";
import { clip } from "./supersede";
import { DAY_MS, type Candidate, type MemoryLite } from "./types";
import { textOf } from "./features";

const run = promisify(execFile);

/** Categories whose memories stay true without being used (a rule, a preference). */
const TIMELESS = new Set(["constraint", "directive", "preference", "convention"]);

/** Memories neither recalled nor injected (nor opened) for `days` days; pinned and rule-like ones are left alone. */
export async function staleUnused(memories: readonly MemoryLite[], days: number, now: number, slicer: Slicer): Promise<Candidate[]> {
  if (days <= 0) return [];
  const before = now - days * DAY_MS;
  const out: Candidate[] = [];
  for (const m of memories) {
    if (slicer.due()) await slicer.pause();
    if (m.status !== "active" || m.pinned || TIMELESS.has(m.category)) continue;
    const last = m.lastAccessedAt ?? m.createdAt;
    if (last >= before || m.updatedAt >= before) continue;
    const idle = Math.floor((now - last) / DAY_MS);
    out.push({
      kind: "stale",
      variant: "unused",
      projectId: m.projectId,
      memoryIds: [m.id],
      reason: m.lastAccessedAt
        ? `Not recalled, injected or opened for ${idle} days.`
        : `Never recalled, injected or opened in ${idle} days since it was stored.`,
      evidence: { lastAccessedAt: m.lastAccessedAt ? new Date(m.lastAccessedAt).toISOString() : null, idleDays: idle, text: clip(textOf(m)) },
    });
  }
  return out;
}

/** The files git tracks under a project root (and their directories), or undefined when it is not a git work tree here. */
export async function trackedFiles(root: string, slicer: Slicer): Promise<Set<string> | undefined> {
  if (!fs.existsSync(path.join(root, ".git"))) return undefined;
  try {
    // A repository's file-system monitor (core.fsmonitor) is a program: never run by a server listing files.
    const { stdout } = await run("git", ["-c", "core.fsmonitor=false", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      maxBuffer: 256 * 1024 * 1024,
    });
    const out = new Set<string>();
    for (const file of stdout.split("\0")) {
      if (slicer.due()) await slicer.pause();
      if (!file) continue;
      // Every suffix at a "/" (a memory may name `near-duplicate.ts` or `search/near-duplicate.ts`),
      // and every directory.
      const parts = file.split("/");
      for (let i = 0; i < parts.length; i++) {
        out.add(parts.slice(i).join("/"));
        if (i > 0) out.add(parts.slice(0, i).join("/"));
      }
    }
    return out;
  } catch {
    return undefined;
  }
}

/** A project's work tree as consolidation sees it: its files, and a lookup of symbols in it. */
export interface ProjectTree {
  root: string;
  files: Set<string>;
  symbol: (name: string) => Promise<SymbolState>;
}

/**
 * Memories that name files or symbols no longer in the project's work tree (`git ls-files`,
 * tracked and untracked-but-not-ignored; symbols by `git grep`, see symbols.ts): every named
 * path must be missing (and not on disk either), no named symbol may be present, and at least
 * one path is missing or one symbol was removed in the history (a name that was never in the
 * code says nothing).
 */
export async function staleFiles(
  memories: readonly MemoryLite[],
  slicer: Slicer,
  treeOf: (projectId: string) => Promise<ProjectTree | undefined>,
): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const m of memories) {
    if (slicer.due()) await slicer.pause();
    if (!m.projectId || m.status !== "active") continue;
    // Parsed here rather than read from memory_entities: that index is written behind a create.
    const files = [
      ...new Set(
        parseEntities(textOf(m))
          .filter((e) => e.kind === "file")
          .map((e) => e.value),
      ),
    ];
    const symbols = namedSymbols(textOf(m), files);
    if (files.length === 0 && symbols.length === 0) continue;
    const tree = await treeOf(m.projectId);
    if (!tree) continue;
    const named = files.map((f) => relativeTo(tree.root, f)).filter((f): f is string => f !== undefined);
    const missing = named.filter((f) => !tree.files.has(f) && !fs.existsSync(path.join(tree.root, f)));
    // A file it names is still there: the memory is about live code.
    if (missing.length < named.length) continue;
    const removed: { symbol: string; commit: string; subject: string }[] = [];
    let present = false;
    for (const s of symbols) {
      const found = await tree.symbol(s);
      if (found.state === "present") {
        present = true;
        break;
      }
      if (found.state === "removed") removed.push({ symbol: s, commit: found.commit, subject: found.subject });
    }
    if (present || missing.length + removed.length === 0) continue;
    const said = [
      missing.length ? `${missing.length === 1 ? "a file" : "files"} no longer in the project's work tree: ${missing.slice(0, 5).join(", ")}` : "",
      removed.length
        ? `${removed.length === 1 ? "a symbol" : "symbols"} no longer in the project's code: ${removed
            .slice(0, 5)
            .map((r) => `${r.symbol} (last changed in ${r.commit})`)
            .join(", ")}`
        : "",
    ].filter(Boolean);
    out.push({
      kind: "stale",
      variant: "files",
      projectId: m.projectId,
      memoryIds: [m.id],
      reason: `Names ${said.join("; and ")}.`,
      evidence: { missing, ...(removed.length ? { removedSymbols: removed } : {}), root: tree.root, text: clip(textOf(m)) },
    });
  }
  return out;
}

/** A named path relative to the project root; undefined for paths outside it (home, system). */
function relativeTo(root: string, file: string): string | undefined {
  if (file.startsWith("~")) return undefined;
  if (path.isAbsolute(file)) {
    const rel = path.relative(root, file);
    return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel.split(path.sep).join("/") : undefined;
  }
  const clean = file.replace(/^(\.\/)+/, "");
  return clean.startsWith("../") ? undefined : clean;
}
