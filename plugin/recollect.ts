import fs from "node:fs";
import type { Hooks, PluginInput, PluginOptions } from "@opencode-ai/plugin";
import { chatMessage, toolAfter } from "./hooks/chat";
import { commandBefore } from "./hooks/command";
import { configHook } from "./hooks/config";
import { AgentGuard, ReadOnlyRefusal } from "./hooks/guard";
import { compacting } from "./hooks/compacting";
import { events } from "./hooks/events";
import { messagesTransform } from "./hooks/messages";
import { systemTransform } from "./hooks/system";
import { resolveSettings } from "./options";
import { createRuntime, type Runtime } from "./runtime";
import { memoryTools } from "./tools";
import { consolidateTools } from "./tools/consolidate";
import { planTools } from "./tools/plan-execute";
import { reviewTools } from "./tools/review-findings";
import { guardLoopTool, LoopDenied, loopShellEnv } from "./loops/guard";
import { LoopManager } from "./loops/manager";
import { parentOfSession } from "./loops/parent-of";
import { forwardLoopEvent, loopSessionFor } from "./loops/registry";
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

  // Commands and agents (plugin/commands, plugin/agents): the commands the plugin registered, and
  // the agent of each session's latest message (the read-only guard).
  const ownedCommands = new Set<string>();
  const guard = new AgentGuard();
  const onMessage = chatMessage(rt);
  const parentOf = parentOfSession(rt);

  const hooks: Hooks = {
    tool: { ...memoryTools(rt), ...(settings.agents ? { ...planTools(rt), ...reviewTools(rt), ...consolidateTools(rt) } : {}), ...loopTools(loops) },
    config: safe(rt, "config", configHook(rt, ownedCommands)),
    "command.execute.before": safe(rt, "command.execute.before", commandBefore(rt, ownedCommands, guard)),
    // Refusals (a read-only agent's edit, a loop session's push) reach the model as the tool's failure.
    "tool.execute.before": safe(
      rt,
      "tool.execute.before",
      async (input: { tool: string; sessionID: string; callID: string }, output: { args: Record<string, unknown> }) => {
        guard.check(input.tool, input.sessionID, output.args);
        await loopSessionFor(input.sessionID, parentOf);
        guardLoopTool(input, output, loops.settings.blockedTools, loops.settings.sandbox.docker);
      },
      (e) => e instanceof ReadOnlyRefusal || e instanceof LoopDenied,
    ),
    // A loop session's shell cannot push, whatever runs the push (plugin/loops/guard.ts).
    "shell.env": safe(rt, "shell.env", async (input: { sessionID?: string }, output: { env: Record<string, string> }) => {
      if (input.sessionID) await loopSessionFor(input.sessionID, parentOf);
      loopShellEnv(input.sessionID, output.env);
    }),
    event: safe(rt, "event", async (arg: Parameters<typeof onEvent>[0]) => {
      forwardLoopEvent(arg.event as { type: string; properties?: Record<string, unknown> });
      await onEvent(arg);
    }),
    "chat.message": safe(rt, "chat.message", async (input: { sessionID: string; agent?: string }, output: Parameters<typeof onMessage>[1]) => {
      guard.noteAgent(input.sessionID, input.agent);
      await onMessage(input, output);
    }),
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

/** Wraps a hook so that nothing it throws reaches OpenCode, except what `passThrough` lets out on purpose (a refusal). */
function safe<A extends unknown[]>(rt: Runtime, name: string, fn: (...args: A) => Promise<void>, passThrough?: (error: unknown) => boolean) {
  return async (...args: A) => {
    const started = performance.now();
    try {
      await fn(...args);
    } catch (error) {
      if (passThrough?.(error)) throw error;
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
