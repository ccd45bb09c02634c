import crypto from "node:crypto";
import { projectIdOfRootCommit } from "../projects/identify";
import type { ForeignProject } from "./types";

/**
 * A foreign project key -> a Recollect project. A git root commit (what OpenCode and
 * opencode-manager use) maps onto the id Recollect gives the same repository, so imported
 * memories meet the ones the plugin writes there; any other name gets a stable id of its own.
 */
export function foreignProject(tool: string, key: string | null | undefined): ForeignProject | null {
  if (!key?.trim()) return null;
  const cacheKey = `${tool}\u0000${key}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const made = make(tool, key);
  if (cache.size > 10_000) cache.clear();
  cache.set(cacheKey, made);
  return made;
}

/** A source holds few projects and many rows: each key is hashed once. */
const cache = new Map<string, ForeignProject>();

function make(tool: string, key: string): ForeignProject {
  const k = key.trim();
  if (/^[0-9a-f]{40}$/i.test(k)) return { id: projectIdOfRootCommit(k.toLowerCase()), name: k.slice(0, 12), identity: "git-root-commit" };
  return { id: `p_${crypto.createHash("sha256").update(`import:${tool}:${k}`).digest("hex").slice(0, 16)}`, name: k, identity: "imported" };
}
