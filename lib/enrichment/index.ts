export { cachedTrackerItem, enrichEntity, enrichmentProblems, entityOf, refreshTrackerItem, resetEnrichmentState, trackerRefFor } from "./refresh";
export type { CachedTrackerItem, EnrichOutcome } from "./refresh";
export type { TrackerItem } from "./fetch";
export { enrichInBackground, startEnrichment } from "./background";
export { formatTrackerItem } from "./format";
export { cachedTrackersOf, trackersOfMemory, type MemoryTracker } from "./memory-trackers";
