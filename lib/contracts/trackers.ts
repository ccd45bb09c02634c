/** Issue-tracker enrichment (docs/mcp.md). */

/** What the entity's tracker says about it, the same shape for GitHub and GitLab. */
export interface TrackerItem {
  title: string;
  state: "open" | "closed" | "merged";
  labels: string[];
  assignees: string[];
  milestone: string | null;
  updatedAt: string | null;
  url: string | null;
}

/** An issue or merge request a memory mentions, with its cached tracker state. */
export interface MemoryTracker {
  /** The entity as written in the memory (`#12`, a URL). */
  entity: string;
  /** The tracker item it names (`github:owner/repo#12`). */
  ref: string;
  /** Cached metadata; null until the background pass (or enrich_entity) fetched it. */
  item: TrackerItem | null;
}
