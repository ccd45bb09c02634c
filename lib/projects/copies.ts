import type Database from "better-sqlite3";
import { prepared } from "../db/prepared";
import { redactKey } from "../security/redact-fields";
import { type ProjectIdentity, isLiveCopy } from "./identify";

/**
 * Copies of one template share a root commit. Without a remote, the root commit alone used to be
 * the id, so two copies (and a later copy given a remote, through the legacy claim) ended in one
 * project and saw each other's pinned memories. These rules keep such copies apart while a
 * repository that moved, a clone of a local directory and a linked worktree stay one project.
 */
const storedPath = (sqlite: Database.Database, id: string) =>
  (prepared(sqlite, "SELECT root_path FROM projects WHERE id = ?").get(id) as { root_path: string } | undefined)?.root_path;

/**
 * Whether the project stored under `id` (at `stored`) is another live repository than `found`: at
 * another path that still holds a repository with the same root commit, which is neither the
 * directory `found` was cloned from nor the repository `found` is a worktree of.
 */
function anotherLiveCopy(found: ProjectIdentity, stored: string): boolean {
  if (!found.rootCommit || found.linked) return false;
  if (stored === redactKey(found.rootPath)) return false;
  if (found.localOrigin && stored === redactKey(found.localOrigin)) return false;
  return isLiveCopy(stored, found.rootCommit);
}

/**
 * The identity to use for a repository with no remote: its root-commit id, unless another live copy
 * already holds that id; then the id of this copy (root commit and path).
 */
export function separateCopy(sqlite: Database.Database, found: ProjectIdentity): ProjectIdentity {
  if (found.identity !== "git-root-commit" || !found.copyId) return found;
  if (storedPath(sqlite, found.copyId) !== undefined) return { ...found, id: found.copyId, identity: "git-root-commit+path" };
  const stored = storedPath(sqlite, found.id);
  if (stored === undefined || !anotherLiveCopy(found, stored)) return found;
  return { ...found, id: found.copyId, identity: "git-root-commit+path" };
}

/**
 * Whether a repository with a remote may take over the root-commit-only project `legacyId` (kept
 * from before remotes counted): only the same working copy, or a repository that moved from there.
 * A copy of the template with no remote still living elsewhere keeps its project.
 */
export function mayClaimLegacy(sqlite: Database.Database, found: ProjectIdentity, legacyId: string): boolean {
  const stored = storedPath(sqlite, legacyId);
  return stored === undefined || !anotherLiveCopy(found, stored);
}
