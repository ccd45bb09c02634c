import type { Plugin } from "@opencode-ai/plugin";
import { noteLoadedEntry } from "./loaded-entry";
import { createRecollect } from "./recollect";
import { setupV2 } from "./v2/entry";

/**
 * Recollect for OpenCode 1 and 2, one module. OpenCode 1 (1.18.29 and later) reads the default
 * export's `server`; OpenCode 2 reads its `id` and `setup` (plugin/v2/entry.ts) and ignores the
 * rest. OpenCode 1 starts every exported function of a file without a default object as a plugin,
 * so nothing else is exported but the V1 function itself.
 */
export const RecollectPlugin: Plugin = (input, options) => {
  noteLoadedEntry(1, input.directory, options);
  return createRecollect(input, options);
};

export default { id: "recollect", server: RecollectPlugin, setup: setupV2 };
