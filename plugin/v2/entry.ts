import type { Config, Hooks } from "@opencode-ai/plugin";
import type { Event, Part } from "@opencode-ai/sdk";
import type { WithParts } from "../hooks/message-parts";
import { noteLoadedEntry } from "../loaded-entry";
import { createRecollect } from "../recollect";
import type { Runtime } from "../runtime";
import { agentV2 } from "./agents";
import type { Cleanup, Context, Registration } from "./api";
import { newClientState, v1ClientFor } from "./client";
import { v1Event } from "./events";
import { applyV1View, snapshot, toV1View } from "./messages";
import { toolV2 } from "./tools";

/** OpenCode 2 names the shell tool `shell`; the core's guard knows V1's `bash`. */
const V1_TOOL: Record<string, string> = { shell: "bash" };
const MAX_HISTORIES = 64;

/**
 * Recollect's OpenCode 2 entry (`setup(ctx)` of the default export, plugin/index.ts). It builds
 * the same hooks as the V1 entry (`createRecollect`: same runtime, client, breaker, timeouts and
 * fail-open wrappers) and registers each through the V2 context:
 *
 * | V1 hook | V2 registration |
 * |---|---|
 * | `chat.message` | `session.hook("prompt")` |
 * | `experimental.chat.messages.transform`, then `experimental.chat.system.transform` | `session.hook("context")` (kind `primary`), on a V1 view of the request's messages |
 * | `experimental.session.compacting` | `session.hook("compaction")`: the checkpoint's lines go into the compaction request's system |
 * | `tool` | `tool.transform` (`editor.add`) |
 * | `tool.execute.before` / `.after` | `tool.hook("execute.before" / "execute.after")` |
 * | `config` (commands, agents) | `command.transform`, `agent.transform` |
 * | `event` | `event.subscribe()` (plugin/v2/events.ts) |
 *
 * Nothing the adapter does may throw into OpenCode: every callback is wrapped, as the V1 hooks are.
 */
export async function setupV2(ctx: Context): Promise<Cleanup> {
  const options = (ctx.options ?? {}) as Record<string, unknown>;
  const directory = typeof options.directory === "string" && options.directory ? options.directory : process.cwd();
  noteLoadedEntry(2, directory, options);
  const histories = new Map<string, WithParts[]>();
  // What the client calls learn (client.ts): command outcomes sent as synthetic messages (not the
  // user's words, messages.ts), tools a prompt turned off, the sessions the plugin created.
  const clientState = newClientState();
  const { sentSynthetic } = clientState;
  const keep = (sessionID: string, history: WithParts[]) => {
    histories.delete(sessionID);
    histories.set(sessionID, history);
    while (histories.size > MAX_HISTORIES) histories.delete(histories.keys().next().value!);
  };
  const hooks = (await createRecollect({ directory, client: v1ClientFor(ctx, histories, clientState) }, options)) as Hooks & { __runtime?: Runtime };
  const rt = hooks.__runtime!;
  const guarded =
    <E>(name: string, fn: (event: E) => Promise<void>) =>
    async (event: E) => {
      try {
        await fn(event);
      } catch (error) {
        // Refusals (a read-only agent's edit) are the tool's failure, as in V1.
        if ((error as Error)?.name === "ReadOnlyRefusal" || (error as Error)?.name === "LoopDenied") throw error;
        rt.log("warn", `v2 ${name} failed open: ${(error as Error)?.message ?? error}`);
      }
    };

  // Commands and agents: what the V1 `config` hook adds to a config, registered through V2's editors.
  const config = { command: {}, agent: {}, permission: {} } as Config;
  await hooks.config?.(config);
  const agentTools = agentOnlyTools(config);
  const registrations: Registration[] = [];
  const seen = new Set<string>();
  // One registration failing (a domain this OpenCode lacks) leaves the others in place.
  const register = async (name: string, fn: () => Promise<Registration>) => {
    try {
      registrations.push(await fn());
    } catch (error) {
      rt.log("warn", `v2: ${name} not registered: ${(error as Error)?.message ?? error}`);
    }
  };

  await register("session.hook prompt", () =>
    ctx.session.hook(
      "prompt",
      guarded("prompt", async (event) => {
        const parts = [
          { id: `${event.messageID}:0`, sessionID: event.sessionID, messageID: event.messageID, type: "text", text: event.prompt?.text ?? "" } as Part,
        ];
        await hooks["chat.message"]?.({ sessionID: event.sessionID, messageID: event.messageID }, { message: {} as never, parts });
      }),
    ),
  );
  await register("session.hook context", () =>
    ctx.session.hook(
      "context",
      guarded("context", async (event) => {
        if (event.kind && event.kind !== "primary") return;
        const sessionID = event.sessionID;
        hideAgentTools(event.tools, event.agent, agentTools);
        // V1's per-prompt `tools: { name: false }` (a loop's blocked tools): out of this session's requests.
        for (const name of clientState.toolsOff.get(sessionID) ?? []) delete event.tools?.[name];
        // The agent of the turn, for the read-only guard (V1 learns it from `chat.message`).
        await hooks["chat.message"]?.({ sessionID, agent: event.agent }, { message: {} as never, parts: [] });
        const view = toV1View(sessionID, event.messages, sentSynthetic);
        keep(sessionID, snapshot(view));
        if (!seen.has(sessionID)) {
          seen.add(sessionID);
          const roles = view.messages.map((m) => m.info.role);
          // `session.created` may come after the first request (events arrive on their own) or not at
          // all (earlier V2 builds): a first request (one user message, no answer yet) is a new session.
          if (roles.length === 1 && roles[0] === "user")
            await hooks.event?.({ event: { type: "session.created", properties: { info: { id: sessionID, title: "" } } } as unknown as Event });
        }
        await hooks["experimental.chat.messages.transform"]?.({}, { messages: view.messages as never });
        applyV1View(view);
        const system = event.system.map((p) => p.text);
        const before = system.length;
        await hooks["experimental.chat.system.transform"]?.({ sessionID, model: event.model as never }, { system });
        for (const text of system.slice(before)) event.system.push({ type: "text", text });
      }),
    ),
  );
  await register("session.hook compaction", () =>
    ctx.session.hook(
      "compaction",
      guarded("compaction", async (event) => {
        keep(event.sessionID, snapshot(toV1View(event.sessionID, event.messages, sentSynthetic)));
        const out: { context: string[]; prompt?: string } = { context: [] };
        await hooks["experimental.session.compacting"]?.({ sessionID: event.sessionID }, out);
        const text = [out.prompt, ...out.context].filter((t): t is string => !!t?.trim()).join("\n\n");
        if (text) event.system.push({ type: "text", text });
      }),
    ),
  );
  await register("tool.transform", () =>
    ctx.tool.transform((editor) => {
      for (const [name, def] of Object.entries(hooks.tool ?? {})) editor.add(toolV2(name, def, directory));
    }),
  );
  await register("tool.hook execute.before", () =>
    ctx.tool.hook(
      "execute.before",
      guarded("tool.execute.before", async (event) => {
        const output = { args: (isRecord(event.input) ? event.input : {}) as Record<string, unknown> };
        await hooks["tool.execute.before"]?.({ tool: V1_TOOL[event.tool] ?? event.tool, sessionID: event.sessionID, callID: event.id }, output);
        event.input = output.args;
      }),
    ),
  );
  await register("tool.hook execute.after", () =>
    ctx.tool.hook(
      "execute.after",
      guarded("tool.execute.after", async (event) => {
        const args = isRecord(event.input) ? event.input : {};
        await hooks["tool.execute.after"]?.({ tool: V1_TOOL[event.tool] ?? event.tool, sessionID: event.sessionID, callID: event.id, args } as never, {
          title: "",
          output: "",
          metadata: {},
        });
      }),
    ),
  );
  await register("command.transform", () =>
    ctx.command.transform((editor) => {
      for (const [name, c] of Object.entries(config.command ?? {})) {
        const command = c as { template: string; description?: string; agent?: string };
        editor.add({
          name,
          ...(command.description ? { description: command.description } : {}),
          execute: async (invocation) => {
            try {
              await runCommand(ctx, hooks, name, command, invocation);
            } catch (error) {
              rt.log("warn", `/${name} failed open: ${(error as Error)?.message ?? error}`);
            }
          },
        });
      }
    }),
  );
  await register("agent.transform", () =>
    ctx.agent.transform((editor) => {
      for (const [id, v1] of Object.entries(config.agent ?? {})) {
        const bundled = agentV2(id, v1 as never);
        const own = editor.get(id);
        // The user's definition wins field by field, as in V1.
        if (own) editor.update(id, (a) => void Object.assign(a, { ...bundled, ...a }));
        else editor.add(bundled);
      }
    }),
  );

  let stopped = false;
  void (async () => {
    for await (const e of ctx.event.subscribe()) {
      if (stopped) break;
      noteAssistantText(e, histories);
      noteStepUsage(e, histories);
      if (e.type === "session.created") {
        // Once per session: the first request may have stood for it already (a sub-agent's, with its
        // parent, still goes on: it is what ties the sub-agent to a loop session).
        const d = (e.data ?? {}) as { sessionID?: string; parentID?: string };
        if (!d.sessionID || (seen.has(d.sessionID) && !d.parentID)) continue;
        seen.add(d.sessionID);
      }
      const v1 = v1Event(e);
      if (v1) await hooks.event?.({ event: v1 });
    }
  })().catch((error) => rt.log("warn", `v2 event stream ended: ${(error as Error)?.message ?? error}`));

  return async () => {
    stopped = true;
    await Promise.all(registrations.map((r) => r.dispose().catch(() => undefined)));
  };
}

/** A slash command: the core's `command.execute.before` runs it; a model command's prompt is admitted to the session. */
async function runCommand(
  ctx: Context,
  hooks: Hooks,
  name: string,
  command: { template: string },
  invocation: { sessionID: string; messageID: string; prompt?: { text?: string } },
) {
  const args = invocation.prompt?.text ?? "";
  const parts: Part[] = [];
  await hooks["command.execute.before"]?.({ command: name, sessionID: invocation.sessionID, arguments: args }, { parts });
  // Handled by the plugin (its outcome already shown, the prompt rewritten to an acknowledgement for
  // OpenCode 1's sake): on V2 resolving with nothing finishes the command, no model call.
  if (parts.some((p) => (p as { metadata?: { recollect?: unknown } }).metadata?.recollect === name)) return;
  const prepared = parts.filter((p): p is Extract<Part, { type: "text" }> => p.type === "text").map((p) => p.text);
  const text = [command.template.replaceAll("$ARGUMENTS", args), ...prepared].join("\n\n");
  // A V2 prompt names no agent (`SessionPromptInput`): the command's prompt runs on the session's
  // own agent (switching the user's session to the auditor would outlast the command).
  await ctx.session.prompt?.({ sessionID: invocation.sessionID, id: invocation.messageID, text });
}

/** Tools meant for some agents only (denied globally by the V1 config hook), with the agents allowed each. */
function agentOnlyTools(config: Config): Map<string, Set<string>> {
  const only = new Map<string, Set<string>>();
  for (const [tool, effect] of Object.entries((config.permission ?? {}) as Record<string, unknown>)) if (effect === "deny") only.set(tool, new Set());
  for (const [agent, entry] of Object.entries(config.agent ?? {}))
    for (const [tool, effect] of Object.entries(((entry as { permission?: Record<string, unknown> }).permission ?? {}) as Record<string, unknown>))
      if (effect === "allow") only.get(tool)?.add(agent);
  return only;
}

/** Each tool definition goes with every request: an agent-only tool leaves the requests of other agents. */
function hideAgentTools(tools: Record<string, unknown> | undefined, agent: string, only: Map<string, Set<string>>) {
  if (!tools) return;
  for (const [tool, agents] of only) if (tool in tools && !agents.has(agent)) delete tools[tool];
}

/**
 * A step's usage (`session.step.ended`: tokens and cost) on its assistant message of the kept
 * history: what V1's `session.messages` carries in `info.tokens` / `info.cost` (a loop phase's totals).
 */
function noteStepUsage(e: { type: string; data?: Record<string, unknown>; properties?: Record<string, unknown> }, histories: Map<string, WithParts[]>) {
  if (e.type !== "session.step.ended") return;
  const d = (e.data ?? e.properties ?? {}) as {
    sessionID?: string;
    assistantMessageID?: string;
    cost?: number;
    tokens?: { input?: number; output?: number; reasoning?: number; cache?: { read?: number; write?: number } };
  };
  const history = d.sessionID ? histories.get(d.sessionID) : undefined;
  if (!history || !d.assistantMessageID) return;
  let m = history.find((x) => x.info.id === d.assistantMessageID);
  if (!m) {
    m = { info: { id: d.assistantMessageID, sessionID: d.sessionID, role: "assistant" } as never, parts: [] };
    history.push(m);
  }
  const info = m.info as { tokens?: { input: number; output: number }; cost?: number };
  info.tokens = { input: (info.tokens?.input ?? 0) + (d.tokens?.input ?? 0), output: (info.tokens?.output ?? 0) + (d.tokens?.output ?? 0) };
  info.cost = (info.cost ?? 0) + (typeof d.cost === "number" ? d.cost : 0);
  const id = `${d.assistantMessageID}:finish`;
  if (!m.parts.some((p) => p.id === id)) m.parts.push({ id, sessionID: d.sessionID, messageID: d.assistantMessageID, type: "step-finish" } as Part);
}

/** An assistant text that ended after the last request: the history read at idle (checkpoint, extraction) has it. */
function noteAssistantText(e: { type: string; data?: Record<string, unknown>; properties?: Record<string, unknown> }, histories: Map<string, WithParts[]>) {
  if (e.type !== "session.text.ended") return;
  const d = (e.data ?? e.properties ?? {}) as { sessionID?: string; assistantMessageID?: string; ordinal?: number; text?: string };
  const history = d.sessionID ? histories.get(d.sessionID) : undefined;
  if (!history || !d.assistantMessageID || typeof d.text !== "string") return;
  let m = history.find((x) => x.info.id === d.assistantMessageID);
  if (!m) {
    m = { info: { id: d.assistantMessageID, sessionID: d.sessionID, role: "assistant" } as never, parts: [] };
    history.push(m);
  }
  const id = `${d.assistantMessageID}:e${d.ordinal ?? 0}`;
  if (!m.parts.some((p) => p.id === id)) m.parts.push({ id, sessionID: d.sessionID, messageID: d.assistantMessageID, type: "text", text: d.text } as Part);
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
