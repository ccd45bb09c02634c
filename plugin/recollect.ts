import type { Hooks, PluginInput, PluginOptions } from "@opencode-ai/plugin";
import { chatMessage, toolAfter } from "./hooks/chat";
import { compacting } from "./hooks/compacting";
import { events } from "./hooks/events";
import { messagesTransform } from "./hooks/messages";
import { systemTransform } from "./hooks/system";
import { resolveSettings } from "./options";
import { createRuntime, type Runtime } from "./runtime";
import { memoryTools } from "./tools";

/**
 * Builds the hooks. Returns at once (OpenCode waits for plugins at start-up): the server check
 * and a background start happen off the critical path. Every hook is wrapped so that nothing it
 * throws ever reaches OpenCode.
 */
export async function createRecollect(input: Pick<PluginInput, "directory"> & Partial<PluginInput>, options?: PluginOptions): Promise<Hooks & { __runtime?: Runtime }> {
  const settings = resolveSettings(options ?? {});
  const rt = createRuntime(settings, input.directory, input.client);
  if (settings.autoStart) rt.starter.ensure();

  const hooks: Hooks = {
    tool: memoryTools(rt),
    event: safe(rt, "event", events(rt)),
    "chat.message": safe(rt, "chat.message", chatMessage(rt)),
    "experimental.chat.messages.transform": safe(rt, "messages.transform", messagesTransform(rt)),
    "experimental.chat.system.transform": safe(rt, "system.transform", systemTransform(rt)),
    "experimental.session.compacting": safe(rt, "session.compacting", compacting(rt)),
    "tool.execute.after": safe(rt, "tool.execute.after", toolAfter(rt)),
  };
  // Not enumerable: OpenCode only sees the hooks; tests and the benchmark reach the runtime.
  Object.defineProperty(hooks, "__runtime", { value: rt, enumerable: false });
  return hooks;
}

function safe<A extends unknown[]>(rt: Runtime, name: string, fn: (...args: A) => Promise<void>) {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (error) {
      rt.log("warn", `${name} failed open: ${(error as Error)?.message ?? error}`);
    }
  };
}
