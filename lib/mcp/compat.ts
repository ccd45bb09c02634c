import type { LinkKind } from "../vocabulary";

/**
 * Compatibility with opencode-semantic-memory's published MCP tools (PyPI
 * `opencode-semantic-memory` 0.68.0, `opencode_memory/server.py`), so an agent prompt written for
 * it works unchanged: its tool names that differ from ours, and its argument values (categories,
 * link types) where ours differ. Its argument names are each tool's `argAliases`. docs/mcp.md.
 */

/** Its tool names -> ours (the same arguments, after each tool's argAliases). */
export const OSM_TOOL_ALIASES: Record<string, string> = {
  memory_status: "status",
  consolidate_memory: "consolidate",
  bootstrap_memory: "bootstrap",
  get_by_id: "get_memory",
  create_link: "link_memories",
  session_wrap_up: "session_end",
  get_ground_truth: "get_boot_context",
};

/** Its categories that ours name otherwise (as its importer maps them, lib/importers/semantic-memory.ts). */
const CATEGORIES: Record<string, string> = {
  goal: "plan",
  achievement: "event",
  reminder: "plan",
  conversation: "context",
  conversation_summary: "context",
  boot_gate: "directive",
};
export const osmCategory = (value: unknown) => (typeof value === "string" && value in CATEGORIES ? CATEGORIES[value] : value);

/** Its link types -> ours. */
const LINKS: Record<string, LinkKind> = {
  related: "relates",
  extends: "derived_from",
  same_entity: "relates",
  sequence: "relates",
  inferred: "relates",
};
export const osmLinkKind = (value: unknown) => (typeof value === "string" && value in LINKS ? LINKS[value] : value);

/** Its tools Recollect answers, by its names: what `?tools=osm` lists (with its argument names). */
export const OSM_TOOLS = [
  "recall",
  "remember",
  "get_context",
  "get_boot_context",
  "get_ground_truth",
  "search_history",
  "get_by_id",
  "get_linked_memories",
  "create_link",
  "edit_memory",
  "archive_memory",
  "delete_memory",
  "bulk_archive",
  "resolve_blocker",
  "unresolve_blocker",
  "log_session",
  "session_start",
  "session_heartbeat",
  "session_end",
  "session_wrap_up",
  "get_active_sessions",
  "claim_item",
  "release_item",
  "enrich_entity",
  "ingest_file",
  "bootstrap_memory",
  "consolidate_memory",
  "export_memories",
  "import_memories",
  "memory_status",
] as const;
