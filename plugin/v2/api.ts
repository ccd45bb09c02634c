/**
 * The part of OpenCode 2's plugin contract that Recollect's V2 entry uses, declared here because
 * OpenCode 2's `@opencode/plugin` is not on the registry these machines reach. Written from the
 * OpenCode repository (anomalyco/opencode, MIT licence, Copyright (c) 2025 opencode), each file at
 * the commit named in docs/opencode-native.md ("OpenCode 2"):
 *
 * - packages/plugin/src/promise/plugin.ts      the definition `{ id, setup(ctx) }` and `Context`
 * - packages/plugin/src/promise/registration.ts `hook(name, cb)` / `transform(cb)` -> `{ dispose }`
 * - packages/plugin/src/promise/session.ts     session hooks `prompt`, `context`, `compaction`, ...
 * - packages/plugin/src/promise/tool.ts        tools (`name`, `input` schema, async `execute`) and
 *                                               the `execute.before` / `execute.after` hooks
 * - packages/plugin/src/promise/command.ts     commands (`name`, `description`, `execute(invocation)`)
 * - packages/plugin/src/promise/agent.ts       the agent editor
 * - packages/schema/src/agent.ts               `Agent.Info` (the agent shape)
 * - packages/plugin/src/promise/event.ts       `event.subscribe()`: an async iterable of events
 * - packages/client/src/promise/generated/client.ts and types.ts  the session domain's calls
 *                                               (`create`, `get`, `switchAgent`, `switchModel`,
 *                                               `prompt`, `synthetic`, `interrupt`) and the events'
 *                                               envelope `{ id, created, type, location?, data }`
 * - packages/ai/src/schema/messages.ts          the request's `SystemPart` and `Message` shapes
 * - packages/schema/src/session-event.ts        the event names read in plugin/v2/events.ts
 *
 * Only the members Recollect calls are declared; branded ids are plain strings here.
 */

/** `LLM.SystemPart`: one text segment of the system prompt. */
export interface SystemPart {
  type: "text";
  text: string;
  cache?: unknown;
  metadata?: Record<string, unknown>;
}

export type ToolResultValue =
  | { type: "json"; value: unknown }
  | { type: "text"; value: unknown }
  | { type: "error"; value: unknown }
  | { type: "content"; value: ReadonlyArray<{ type: "text"; text: string } | { type: "file"; uri: string; mime: string; name?: string }> };

/** `LLM.ContentPart` (the kinds Recollect reads; others pass through untouched). */
export type ContentPart =
  | { type: "text"; text: string; metadata?: Record<string, unknown>; [k: string]: unknown }
  | { type: "reasoning"; text: string; [k: string]: unknown }
  | { type: "tool-call"; id: string; name: string; input: unknown; providerExecuted?: boolean; [k: string]: unknown }
  | { type: "tool-result"; id: string; name: string; result: ToolResultValue; providerExecuted?: boolean; [k: string]: unknown }
  | { type: "media" | "compaction" | "effort"; [k: string]: unknown };

/** `LLM.Message`: user and assistant messages carry the session message id; tool results do not. */
export interface Message {
  id?: string;
  role: "system" | "user" | "assistant" | "tool";
  content: ContentPart[];
  metadata?: Record<string, unknown>;
  [k: string]: unknown;
}

export type SessionRequestKind = "primary" | "compaction" | "title" | "generate";

/** `SessionPrompt`: a prompt being admitted to a session (before any request). */
export interface SessionPrompt {
  readonly sessionID: string;
  readonly messageID: string;
  prompt: { text: string; files?: unknown[]; agents?: unknown[] };
  metadata?: Record<string, unknown>;
  delivery?: unknown;
}

/** `SessionContext`: a request's context, mutable immediately before provider dispatch. */
export interface SessionContext {
  readonly sessionID: string;
  readonly model: { providerID: string; id?: string; modelID?: string; [k: string]: unknown };
  readonly kind: SessionRequestKind;
  readonly agent: string;
  system: SystemPart[];
  messages: Message[];
  options: Record<string, unknown>;
  tools: Record<string, { description: string; input: unknown }>;
}

/** `SessionCompaction`: the compaction request; setting `result` skips the model request. */
export interface SessionCompaction extends SessionContext {
  result?: { summary: string; metadata?: Record<string, unknown> };
}

export interface SessionHooks {
  prompt: SessionPrompt;
  context: SessionContext;
  compaction: SessionCompaction;
  title: SessionContext;
}

export interface Registration {
  readonly dispose: () => Promise<void>;
}

/** Tool context (`ToolContext` of promise/tool.ts). */
export interface ToolContext {
  readonly sessionID: string;
  readonly agent: string;
  readonly messageID: string;
  readonly id: string;
  readonly signal: AbortSignal;
  readonly progress?: (update: Record<string, unknown>) => Promise<void>;
}

/** A tool result: `content` is what the model reads. */
export interface ToolResult {
  output?: unknown;
  content?: string | ReadonlyArray<{ type: "text"; text: string }>;
  metadata?: Record<string, unknown>;
}

/** A Promise tool: `input` is a Standard Schema (zod 4 is one) or a JSON Schema. */
export interface ToolInfo {
  readonly name: string;
  readonly description: string;
  readonly input: unknown;
  readonly execute: (input: never, context: ToolContext) => Promise<ToolResult>;
  readonly options?: { namespace?: string; permission?: string; codemode?: boolean };
}

export interface ToolEditor {
  add(tool: ToolInfo): void;
}

export interface ToolHooks {
  "execute.before": { tool: string; readonly sessionID: string; readonly agent: string; readonly messageID: string; readonly id: string; input: unknown };
  "execute.after": {
    readonly tool: string;
    readonly sessionID: string;
    readonly agent: string;
    readonly messageID: string;
    readonly id: string;
    readonly input: unknown;
    readonly status: "completed" | "error";
    result?: ToolResult;
    error?: { message: string };
  };
}

export interface CommandInvocation {
  readonly sessionID: string;
  readonly messageID: string;
  readonly prompt: { text: string };
  readonly delivery?: unknown;
}

export interface CommandDefinition {
  readonly name: string;
  readonly description?: string;
  /** Resolving with nothing finishes the command at once (no prompt admitted, no model call). */
  readonly execute: (input: CommandInvocation) => Promise<unknown>;
}

export interface CommandEditor {
  add(definition: CommandDefinition): void;
}

/** `Model.Ref`: a model by provider and id (`ModelRef` of the client's types). */
export interface ModelRef {
  id: string;
  providerID: string;
  variant?: string;
}

export interface PermissionRule {
  action: string;
  resource: string;
  effect: "allow" | "deny" | "ask";
}

/**
 * `Agent.Info` (packages/schema/src/agent.ts): `request`, `mode`, `hidden` and `permissions` are
 * required; `model` is a `Model.Ref`; `Agent.Info.empty` allows everything and asks for
 * `external_directory`; the last matching rule wins.
 */
export interface AgentInfo {
  id: string;
  model?: ModelRef;
  request: { settings: Record<string, unknown>; headers: Record<string, string>; body: Record<string, unknown> };
  system?: string;
  description?: string;
  mode: "subagent" | "primary" | "all";
  hidden: boolean;
  color?: string;
  steps?: number;
  permissions: PermissionRule[];
}

export interface AgentEditor {
  get(id: string): AgentInfo | undefined;
  add(agent: AgentInfo): void;
  update(id: string, update: (agent: AgentInfo) => void): void;
}

/**
 * An event on the bus: `{ id, created, type, durable?, location?, data }` (`SessionCreated`,
 * `SessionExecutionSucceeded`, ... of the client's types); the `properties` of V1 events is read too.
 */
export interface PluginEvent {
  readonly id?: string;
  readonly created?: number;
  readonly type: string;
  readonly location?: { directory: string; workspaceID?: string };
  readonly data?: Record<string, unknown>;
  readonly properties?: Record<string, unknown>;
}

/** A session as `session.create` / `session.get` answer it (the fields read). */
export interface SessionInfo {
  id: string;
  parentID?: string;
  title?: string;
  [k: string]: unknown;
}

/** The plugin context (`Context` of promise/plugin.ts): the domains Recollect uses. */
export interface Context {
  readonly options: Record<string, unknown>;
  readonly app?: { readonly directory?: string; readonly [k: string]: unknown };
  /**
   * `SessionDomain` (promise/session.ts): `hook` plus calls of the client's session API, which
   * answer the unwrapped data (`create` a session, `prompt` its id and the message's). A prompt
   * names no agent or model: `switchAgent` / `switchModel` set the session's.
   */
  readonly session: {
    hook<N extends keyof SessionHooks>(name: N, callback: (event: SessionHooks[N]) => Promise<void> | void): Promise<Registration>;
    create?(input?: {
      id?: string;
      title?: string;
      agent?: string;
      model?: ModelRef;
      location?: { directory: string; workspaceID?: string };
    }): Promise<SessionInfo>;
    get?(input: { sessionID: string }): Promise<SessionInfo>;
    switchAgent?(input: { sessionID: string; agent: string }): Promise<void>;
    switchModel?(input: { sessionID: string; model: ModelRef }): Promise<void>;
    prompt?(input: {
      sessionID: string;
      id?: string;
      text: string;
      metadata?: Record<string, unknown>;
      delivery?: unknown;
      resume?: boolean;
    }): Promise<unknown>;
    synthetic?(input: { sessionID: string; id?: string; text: string; description?: string; metadata?: Record<string, unknown> }): Promise<unknown>;
    interrupt?(input: { sessionID: string }): Promise<void>;
  };
  readonly tool: {
    transform(callback: (editor: ToolEditor) => void): Promise<Registration>;
    hook<N extends keyof ToolHooks>(name: N, callback: (event: ToolHooks[N]) => Promise<void> | void): Promise<Registration>;
  };
  readonly command: { transform(callback: (editor: CommandEditor) => void): Promise<Registration> };
  readonly agent: { transform(callback: (editor: AgentEditor) => void): Promise<Registration> };
  readonly event: { subscribe(): AsyncIterable<PluginEvent> };
}

export type Cleanup = () => Promise<void> | undefined;

/** The default export OpenCode 2 loads (`Plugin.define({ id, setup })`). */
export interface Definition {
  readonly id: string;
  readonly setup: (context: Context) => Promise<Cleanup | undefined> | Cleanup | undefined;
}
