import type {
  AgentEditor,
  AgentInfo,
  CommandDefinition,
  Context,
  Definition,
  Message,
  PluginEvent,
  Registration,
  SessionCompaction,
  SessionContext,
  SessionHooks,
  SystemPart,
  ToolHooks,
  ToolInfo,
} from "../../plugin/v2/api";

/**
 * A host for an OpenCode 2 plugin, as OpenCode 2's source defines the Promise plugin context
 * (plugin/v2/api.ts names the files): `setup(ctx)` registers hooks and transforms; hooks of one
 * name run in registration order and change their event in place; a session's turn runs
 * `prompt` at admission, then `context` (kind `primary`) before each provider request, the tool
 * hooks around each tool call, and ends with the `session.execution.succeeded` event; a compaction
 * runs `compaction` on the history, replaces the history with the summary (OpenCode 2's
 * `<conversation-checkpoint>` user message) and emits `session.compaction.ended`. The history each
 * hook gets is built afresh per request, as OpenCode 2's `toLLMMessages` builds it.
 */
export class V2Host {
  private readonly hooks = new Map<string, ((event: never) => Promise<void> | void)[]>();
  readonly tools = new Map<string, ToolInfo>();
  readonly commands = new Map<string, CommandDefinition>();
  readonly agents = new Map<string, AgentInfo>();
  private readonly history = new Map<string, Message[]>();
  private readonly listeners = new Set<(e: PluginEvent) => void>();
  readonly prompted: { sessionID: string; text?: string; agent?: string }[] = [];
  /** Sessions made through `ctx.session.create`, with the agent and model each runs on (`switchAgent` / `switchModel`). */
  readonly sessions = new Map<string, { title?: string; directory?: string; agent: string; model?: { providerID: string; id: string }; parentID?: string }>();
  /** Sessions interrupted through `ctx.session.interrupt`. */
  readonly interrupted: string[] = [];
  /** Called after a prompt is admitted (a test's model answering it). */
  onPrompt?: (sessionID: string, text: string, agent: string) => void | Promise<void>;
  readonly synthetic: { sessionID: string; text: string }[] = [];
  private n = 0;
  private cleanup?: () => Promise<void> | void;
  readonly ctx: Context;

  constructor(options: Record<string, unknown>, builtinAgents: AgentInfo[] = [agentInfo("build", "primary")]) {
    for (const a of builtinAgents) this.agents.set(a.id, a);
    const register = (name: string, cb: (event: never) => Promise<void> | void): Promise<Registration> => {
      const list = this.hooks.get(name) ?? [];
      list.push(cb);
      this.hooks.set(name, list);
      return Promise.resolve({ dispose: async () => void list.splice(list.indexOf(cb), 1) });
    };
    const none: Registration = { dispose: async () => {} };
    this.ctx = {
      options,
      session: {
        hook: (name, cb) => register(`session.${name}`, cb as never),
        // A prompt names no agent: the session's own (`switchAgent`) answers it.
        prompt: async (input) => {
          const agent = this.sessions.get(input.sessionID)?.agent ?? "build";
          this.prompted.push({ sessionID: input.sessionID, text: input.text, agent });
          const messageID = await this.prompt(input.sessionID, input.text);
          if (this.onPrompt) queueMicrotask(() => void this.onPrompt?.(input.sessionID, input.text, agent));
          return { sessionID: input.sessionID, messageID };
        },
        synthetic: async (input) => {
          this.synthetic.push({ sessionID: input.sessionID, text: input.text });
          this.push(input.sessionID, { id: this.id("msg"), role: "user", content: [{ type: "text", text: input.text }] });
        },
        create: async (input) => {
          const id = this.id("ses");
          this.sessions.set(id, {
            agent: input?.agent ?? "build",
            ...(input?.title ? { title: input.title } : {}),
            ...(input?.location ? { directory: input.location.directory } : {}),
            ...(input?.model ? { model: input.model } : {}),
          });
          this.event("session.created", {
            sessionID: id,
            projectID: "prj",
            location: input?.location ?? { directory: "/" },
            slug: id,
            title: input?.title,
            version: "2",
          });
          return { id, ...(input?.title ? { title: input.title } : {}) };
        },
        get: async ({ sessionID }) => {
          const s = this.sessions.get(sessionID);
          if (!s) throw new Error(`Session not found: ${sessionID}`);
          return { id: sessionID, ...(s.parentID ? { parentID: s.parentID } : {}) };
        },
        switchAgent: async ({ sessionID, agent }) => {
          const s = this.sessions.get(sessionID);
          if (!s) throw new Error(`Session not found: ${sessionID}`);
          if (!this.agents.has(agent)) throw new Error(`Agent not found: ${agent}`);
          s.agent = agent;
        },
        switchModel: async ({ sessionID, model }) => {
          const s = this.sessions.get(sessionID);
          if (!s) throw new Error(`Session not found: ${sessionID}`);
          s.model = model;
        },
        interrupt: async ({ sessionID }) => void this.interrupted.push(sessionID),
      },
      tool: {
        transform: async (cb) => {
          cb({ add: (t) => void this.tools.set(t.name, t) });
          return none;
        },
        hook: (name, cb) => register(`tool.${name}`, cb as never),
      },
      command: {
        transform: async (cb) => {
          cb({ add: (c) => void this.commands.set(c.name, c) });
          return none;
        },
      },
      agent: {
        transform: async (cb) => {
          const editor: AgentEditor = {
            get: (id) => this.agents.get(id),
            add: (a) => void this.agents.set(a.id, a),
            update: (id, fn) => {
              const a = this.agents.get(id);
              if (a) fn(a);
            },
          };
          cb(editor);
          return none;
        },
      },
      event: { subscribe: () => this.subscribe() },
    };
  }

  async load(definition: Definition) {
    if (typeof definition.id !== "string" || typeof definition.setup !== "function")
      throw new Error("Plugin must export a default definition with an id and an effect or setup function.");
    this.cleanup = (await definition.setup(this.ctx)) ?? undefined;
  }

  async unload() {
    await this.cleanup?.();
  }

  id(prefix: string) {
    return `${prefix}_${String(++this.n).padStart(6, "0")}`;
  }

  private push(sessionID: string, m: Message) {
    const h = this.history.get(sessionID) ?? [];
    h.push(m);
    this.history.set(sessionID, h);
  }

  /** Admits a user prompt: the `prompt` hooks, then the message joins the history. */
  async prompt(sessionID: string, text: string) {
    const messageID = this.id("msg");
    const event = { sessionID, messageID, prompt: { text }, metadata: {}, delivery: "immediate" };
    await this.runHook("session.prompt", event);
    this.push(sessionID, { id: messageID, role: "user", content: [{ type: "text", text: event.prompt.text }] });
    return messageID;
  }

  /** One provider request: the `context` hooks on a fresh copy of the history; returns what would be sent. */
  async request(sessionID: string, agent = "build"): Promise<SessionContext> {
    const event = this.contextEvent(sessionID, agent);
    await this.runHook("session.context", event);
    return event;
  }

  /** The `context` event of the next request (a fresh copy of the history), without running the hooks. */
  contextEvent(sessionID: string, agent = "build"): SessionContext {
    return {
      sessionID,
      model: { providerID: "mock", id: "mock-model" },
      kind: "primary",
      agent,
      system: [{ type: "text", text: `You are the ${agent} agent.` } satisfies SystemPart],
      messages: structuredClone(this.history.get(sessionID) ?? []),
      options: {},
      tools: Object.fromEntries([...this.tools.values()].map((t) => [t.name, { description: t.description, input: {} }])),
    };
  }

  /** Sets a session's history (a benchmark's long session). */
  setHistory(sessionID: string, messages: Message[]) {
    this.history.set(sessionID, messages);
  }

  /** The model's answer: text, and a tool call run through the tool hooks (its result joins the history). */
  async answer(sessionID: string, answer: { text?: string; tool?: { name: string; input: Record<string, unknown>; output?: string } }, agent = "build") {
    const id = this.id("msg");
    const content: Message["content"] = [];
    if (answer.text) content.push({ type: "text", text: answer.text });
    let result: unknown;
    if (answer.tool) {
      const callID = this.id("call");
      content.push({ type: "tool-call", id: callID, name: answer.tool.name, input: answer.tool.input });
      this.push(sessionID, { id, role: "assistant", content });
      const before = { tool: answer.tool.name, sessionID, agent, messageID: id, id: callID, input: answer.tool.input as unknown };
      let output: string;
      try {
        await this.runHook("tool.execute.before", before);
        const own = this.tools.get(answer.tool.name);
        output = own
          ? await own
              .execute(before.input as never, { sessionID, agent, messageID: id, id: callID, signal: new AbortController().signal })
              .then((r) => (typeof r.content === "string" ? r.content : (r.content ?? []).map((c) => c.text).join("\n")))
          : (answer.tool.output ?? "");
        await this.runHook("tool.execute.after", { ...before, status: "completed", result: { content: output } } as ToolHooks["execute.after"]);
      } catch (error) {
        output = `Error: ${(error as Error).message}`;
        result = error;
      }
      this.push(sessionID, { role: "tool", content: [{ type: "tool-result", id: callID, name: answer.tool.name, result: { type: "text", value: output } }] });
      if (answer.text) this.emit({ type: "session.text.ended", data: { sessionID, assistantMessageID: id, ordinal: 0, text: answer.text } });
      return { output, error: result, assistantMessageID: id };
    }
    this.push(sessionID, { id, role: "assistant", content });
    if (answer.text) this.emit({ type: "session.text.ended", data: { sessionID, assistantMessageID: id, ordinal: 0, text: answer.text } });
    return { output: undefined, error: undefined, assistantMessageID: id };
  }

  /** The run ended: the session is idle. */
  idle(sessionID: string) {
    this.emit({ type: "session.execution.succeeded", data: { sessionID } });
  }

  /** A compaction: the `compaction` hooks on the history, then the summary replaces it. */
  async compact(sessionID: string, summary = "Summary of the work so far."): Promise<SessionCompaction> {
    const event: SessionCompaction = {
      sessionID,
      model: { providerID: "mock", id: "mock-model" },
      kind: "compaction",
      agent: "compaction",
      system: [{ type: "text", text: "Summarize the conversation." }],
      messages: structuredClone(this.history.get(sessionID) ?? []),
      options: {},
      tools: {},
    };
    await this.runHook("session.compaction", event);
    this.history.set(sessionID, [
      {
        id: this.id("msg"),
        role: "user",
        content: [{ type: "text", text: `<conversation-checkpoint>\n<summary>\n${event.result?.summary ?? summary}\n</summary>\n</conversation-checkpoint>` }],
      },
    ]);
    this.emit({ type: "session.compaction.ended", data: { sessionID, reason: "manual", text: summary, recent: "" } });
    return event;
  }

  /** A slash command: the plugin's `execute` with the arguments as the invocation's prompt. */
  async command(sessionID: string, name: string, args: string) {
    const c = this.commands.get(name);
    if (!c) throw new Error(`no command /${name}`);
    return c.execute({ sessionID, messageID: this.id("msg"), prompt: { text: args } });
  }

  emit(e: PluginEvent) {
    // The envelope every V2 event has (`{ id, created, type, data }`).
    const full = { id: this.id("evt"), created: Date.now(), ...e };
    for (const l of this.listeners) l(full);
  }

  event(type: string, data: Record<string, unknown>) {
    this.emit({ type, data });
  }

  /** Runs the hooks registered under a name (`session.context`, `tool.execute.before`, ...), in order. */
  async runHook<N extends string>(name: N, event: unknown) {
    for (const cb of [...(this.hooks.get(name) ?? [])]) await cb(event as never);
  }

  hookNames(): string[] {
    return [...this.hooks.entries()].filter(([, l]) => l.length).map(([n]) => n);
  }

  private subscribe(): AsyncIterable<PluginEvent> {
    const queue: PluginEvent[] = [];
    let wake: (() => void) | undefined;
    const listener = (e: PluginEvent) => {
      queue.push(e);
      wake?.();
    };
    this.listeners.add(listener);
    const listeners = this.listeners;
    return {
      [Symbol.asyncIterator]() {
        return {
          async next() {
            while (!queue.length) await new Promise<void>((r) => (wake = r));
            return { value: queue.shift()!, done: false };
          },
          async return() {
            listeners.delete(listener);
            return { value: undefined, done: true };
          },
        };
      },
    };
  }
}

/** An `Agent.Info` as `Agent.Info.empty` makes it (packages/schema/src/agent.ts). */
export function agentInfo(id: string, mode: AgentInfo["mode"] = "all"): AgentInfo {
  return {
    id,
    mode,
    hidden: false,
    request: { settings: {}, headers: {}, body: {} },
    permissions: [
      { action: "*", resource: "*", effect: "allow" },
      { action: "external_directory", resource: "*", effect: "ask" },
    ],
  };
}

export type { SessionHooks };
