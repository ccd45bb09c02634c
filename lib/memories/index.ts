export { createMemory, insertMemory, storeMemory } from "./create";
export { getMemory } from "./get";
export { listMemories } from "./list";
export { updateMemory } from "./update";
export { archiveMemory, restoreMemory } from "./archive";
export { removeMemory } from "./remove";
export { linkMemories, unlinkMemories, listLinks } from "./link";
export { listVersions } from "./versions";
export { toMemoryDto, formatAge } from "./dto";
