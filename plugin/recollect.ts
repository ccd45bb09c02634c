import fs from "node:fs";
import type { Hooks, PluginInput, PluginOptions } from "@opencode-ai/plugin";
import { chatMessage, toolAfter } from "./hooks/chat";
import { compacting } from "./hooks/compacting";
import { events } from "./hooks/events";
import { messagesTransform } from "./hooks/messages";
import { systemTransform } from "./hooks/system";
import { resolveSettings } from "./options";
import { createRuntime, type Runtime } from "./runtime";
import { memoryTools } from "./tools";
import { addCommands, LOOP_COMMANDS } from "./commands";
import { guardLoopTool, LoopDenied } from "./loops/guard";
import { LoopManager } from "./loops/manager";
import { forwardLoopEvent } from "./loops/registry";
import { loopSettings } from "./loops/settings";
import { loopTools } from "./loops/tools";

/**
 * Builds the hooks. Returns at once (OpenCode waits for plugins at start-up): the server check
 * and a background start happen off the critical path. Every hook is wrapped so that nothing it
 * throws ever reaches OpenCode.
 */
export async function createRecollect(
  input: Pick<PluginInput, "directory"> & Partial<PluginInput>,
  options?: PluginOptions,
): Promise<Hooks & { __runtime?: Runtime }> {
  const settings = resolveSettings(options ?? {});
  const rt = createRuntime(settings, input.directory, input.client);
  if (settings.autoStart) rt.starter.ensure();
  void warmUp(rt);
  const loops = new LoopManager(rt, loopSettings(options ?? {}, settings.dataDir), input.client);
  loops.startAdopting();
  const onEvent = events(rt);

  const hooks: Hooks = {
    tool: { ...memoryTools(rt), ...loopTools(loops) },
    event: safe(rt, "event", async (arg: Parameters<typeof onEvent>[0]) => {
      forwardLoopEvent(arg.event as { type: string; properties?: Record<string, unknown> });
      await onEvent(arg);
    }),
    config: safe(rt, "config", async (config: { command?: Record<string, unknown> }) => addCommands(config, LOOP_COMMANDS)),
    // Not wrapped in `safe`: a denial must reach the model as the tool's failure.
    "tool.execute.before": async (input, output) => {
      try {
        guardLoopTool(input, output, loops.settings.blockedTools, loops.settings.sandbox.docker);
      } catch (error) {
        if (error instanceof LoopDenied) throw error;
        rt.log("warn", `tool.execute.before failed open: ${(error as Error)?.message ?? error}`);
      }
    },
    "chat.message": safe(rt, "chat.message", chatMessage(rt)),
    "experimental.chat.messages.transform": safe(rt, "messages.transform", messagesTransform(rt)),
    "experimental.chat.system.transform": safe(rt, "system.transform", systemTransform(rt)),
    "experimental.session.compacting": safe(rt, "session.compacting", compacting(rt)),
    "tool.execute.after": safe(rt, "tool.execute.after", toolAfter(rt)),
  };
  // Not enumerable: OpenCode only sees the hooks; tests and the benchmark reach the runtime.
  Object.defineProperty(hooks, "__runtime", { value: rt, enumerable: false });
  Object.defineProperty(hooks, "__loops", { value: loops, enumerable: false });
  return hooks;
}

/**
 * Next.js loads a route's code on its first request, which can take longer than a per-turn
 * timeout: touch the per-turn routes once in the background (side-effect free reads).
 */
async function warmUp(rt: Runtime) {
  const opts = { timeoutMs: 20_000, bypassBreaker: true };
  if (!(await rt.starter.healthy(2000))) return;
  await Promise.all([
    rt.client.get("/api/context/stable", { ...opts, query: { directory: rt.directory } }),
    rt.client.get("/api/compress", { ...opts, query: { days: 1 } }),
    rt.client.get("/api/checkpoints", { ...opts, query: { limit: 1 } }),
  ]);
}

function safe<A extends unknown[]>(rt: Runtime, name: string, fn: (...args: A) => Promise<void>) {
  return async (...args: A) => {
    const started = performance.now();
    try {
      await fn(...args);
    } catch (error) {
      rt.log("warn", `${name} failed open: ${(error as Error)?.message ?? error}`);
    } finally {
      if (rt.settings.traceFile) trace(rt.settings.traceFile, name, performance.now() - started);
    }
  };
}

/** `RECOLLECT_PLUGIN_TRACE=<file>`: one JSON line per hook call with its duration (tests, benchmarks). */
function trace(file: string, hook: string, ms: number) {
  try {
    fs.appendFileSync(file, JSON.stringify({ hook, ms: Math.round(ms * 100) / 100, at: Date.now() }) + "\n");
  } catch {
    /* tracing must not break a turn */
  }
}
