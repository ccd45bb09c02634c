import type { Plugin } from "@opencode-ai/plugin";
import { createRecollect } from "./recollect";

/**
 * Recollect for OpenCode. OpenCode starts every exported function of this file as a plugin and
 * refuses a file with any other export: this file exports the plugin and nothing else.
 */
export const RecollectPlugin: Plugin = (input, options) => createRecollect(input, options);
