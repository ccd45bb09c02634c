export { captureCheckpoint, captureCheckpointAsync } from "./capture";
export { getCheckpoint, listCheckpoints, rawCheckpoint } from "./read";
export { extractCheckpoint } from "./extract";
export { toTimeline } from "./timeline";
export { renderMarkdown, SECTIONS } from "./markdown";
export { COMPACTION_PROMPT, contextLines } from "./prompt";
export { extractAfterCapture } from "./background";
export { saveCheckpoint } from "./save";
