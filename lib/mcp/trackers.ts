import type { MemoryTracker } from "../contracts/trackers";

/** ` (#12 open: Title; !3 merged: Fix)` appended to a result's head line (search results carry their cached trackers). */
export const trackerNote = (trackers: MemoryTracker[] | undefined) =>
  trackers?.length ? ` (${trackers.map((t) => `${t.entity} ${t.item!.state}: ${t.item!.title}`).join("; ")})` : "";
