import { OSM_TOOL_ALIASES } from "./compat";
import type { DefinedTool } from "./tool";
import { archiveMemory } from "./tools/archive-memory";
import { bootstrap } from "./tools/bootstrap";
import { bulkArchive } from "./tools/bulk-archive";
import { callTool } from "./tools/call-tool";
import { claimItem } from "./tools/claim-item";
import { consolidate } from "./tools/consolidate";
import { deleteMemory } from "./tools/delete-memory";
import { distill } from "./tools/distill";
import { editMemory } from "./tools/edit-memory";
import { enrichEntity } from "./tools/enrich-entity";
import { exportMemories } from "./tools/export-memories";
import { getActiveSessions } from "./tools/get-active-sessions";
import { getBootContext } from "./tools/get-boot-context";
import { getContext } from "./tools/get-context";
import { getLinkedMemories } from "./tools/get-linked-memories";
import { getMemoryTool } from "./tools/get-memory";
import { importMemories } from "./tools/import-memories";
import { ingestFile } from "./tools/ingest-file";
import { linkMemoriesTool } from "./tools/link-memories";
import { logSession } from "./tools/log-session";
import { recall } from "./tools/recall";
import { releaseItem } from "./tools/release-item";
import { remember } from "./tools/remember";
import { resolveBlocker } from "./tools/resolve-blocker";
import { searchHistory } from "./tools/search-history";
import { sessionEnd } from "./tools/session-end";
import { sessionHeartbeat } from "./tools/session-heartbeat";
import { sessionStart } from "./tools/session-start";
import { status } from "./tools/status";
import { unresolveBlocker } from "./tools/unresolve-blocker";

/** Every tool of the `memory` server, in the order `tools/list` (full) shows them. */
export const TOOLS: readonly DefinedTool[] = [
  recall,
  remember,
  getBootContext,
  getContext,
  editMemory,
  archiveMemory,
  callTool,
  searchHistory,
  getMemoryTool,
  getLinkedMemories,
  linkMemoriesTool,
  deleteMemory,
  bulkArchive,
  logSession,
  resolveBlocker,
  unresolveBlocker,
  sessionStart,
  sessionHeartbeat,
  sessionEnd,
  getActiveSessions,
  claimItem,
  releaseItem,
  enrichEntity,
  exportMemories,
  importMemories,
  status,
  consolidate,
  distill,
  bootstrap,
  ingestFile,
];

/**
 * What `tools/list` shows by default: what an agent needs every turn, in few tokens; the rest is
 * reached through call_tool (and stays callable by name). docs/mcp.md, "Tool lists".
 */
export const LEAN_TOOLS = ["recall", "remember", "get_boot_context", "get_context", "edit_memory", "archive_memory", "call_tool"] as const;

const byName = new Map(TOOLS.map((t) => [t.name, t]));

/** A tool by its name or by opencode-semantic-memory's name for it. */
export function findTool(name: string): DefinedTool | undefined {
  return byName.get(name) ?? byName.get(OSM_TOOL_ALIASES[name] ?? "");
}
