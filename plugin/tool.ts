import type { tool as openCodeTool } from "@opencode-ai/plugin/tool";
import { z } from "opencode-zod";

/**
 * OpenCode's `tool()` helper (`@opencode-ai/plugin/tool`): it returns its input, with `tool.schema`
 * the zod OpenCode 1.18 builds its tool schemas with (4.1.8). Ours is the same two lines over the
 * same zod (the `opencode-zod` alias), so the installed package does not depend on
 * `@opencode-ai/plugin` at run time: its `effect` dependency asks for Node.js 22 (an `ini@7`
 * EBADENGINE warning on every global install) and adds megabytes. Typed by the real one (a dev
 * dependency).
 */
export const tool = Object.assign(<T>(input: T) => input, { schema: z }) as unknown as typeof openCodeTool;
