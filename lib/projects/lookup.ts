import type { Ctx } from "../ctx";
import { prepared } from "../db/prepared";
import { mergedLegacyProject, storedProjectOf, storedRemote } from "./aliases";
import { mayClaimLegacy, separateCopy } from "./copies";
import { identifyProject } from "./identify";

/**
 * The project a directory's memories are stored under, for readers (search, lists, the pinned
 * block, polls): never writes. Follows what `resolveProject` would pick (a merged project's alias,
 * a remote split off, a legacy root-commit project) and falls back to the computed id, which simply
 * has no memories yet.
 */
export function lookupProject(ctx: Ctx, directory: string): string {
  const found = separateCopy(ctx.sqlite, identifyProject(directory));
  const remote = found.remoteUrl === undefined ? null : storedRemote(found.remoteUrl);
  const stored = storedProjectOf(ctx.sqlite, found.id, remote);
  if (stored) return stored;
  if (found.legacyId && remote !== null) {
    const legacy = prepared(ctx.sqlite, "SELECT remote FROM projects WHERE id = ?").get(found.legacyId) as { remote: string | null } | undefined;
    if (legacy && (legacy.remote === remote || (legacy.remote === null && mayClaimLegacy(ctx.sqlite, found, found.legacyId)))) return found.legacyId;
    if (!legacy) return mergedLegacyProject(ctx.sqlite, found.legacyId, remote) ?? found.id;
  }
  return found.id;
}
