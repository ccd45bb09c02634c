export { createLoop, slugFromTask } from "./create";
export { listLoops } from "./list";
export { getLoop } from "./get";
export { updateLoop } from "./update";
export { cancelLoop } from "./cancel";
export { restartLoop } from "./restart";
export { claimLoop, orphanLoopIds } from "./claim";
