import type { PluginInput } from "@opencode-ai/plugin";
import type { WithParts } from "../hooks/message-parts";
import type { Context } from "./api";

type Body = {
  noReply?: boolean;
  agent?: string;
  model?: { providerID: string; modelID: string };
  tools?: Record<string, boolean>;
  title?: string;
  parts?: { type: string; text?: string; ignored?: boolean }[];
};

/** What the V2 entry learns from the client calls and applies in its hooks (plugin/v2/entry.ts). */
export interface V1ClientState {
  /** Texts of command outcomes sent as synthetic messages: not the user's words (messages.ts). */
  sentSynthetic: Set<string>;
  /** Tools a prompt turned off for its session (V1's per-prompt `tools`; a loop's blocked tools). */
  toolsOff: Map<string, Set<string>>;
  /** Sessions this plugin created (a loop's phase, an executed plan): their agent is the plugin's to set. */
  own: Set<string>;
}

export const newClientState = (): V1ClientState => ({ sentSynthetic: new Set(), toolsOff: new Map(), own: new Set() });

const MAX_TRACKED = 200;
const bounded = <T>(set: Set<T> | Map<T, unknown>) => {
  while (set.size > MAX_TRACKED) set.delete(set.keys().next().value as T);
};

/**
 * The few calls of OpenCode 1's client the plugin core makes, answered from OpenCode 2's context
 * (the session domain of packages/plugin/src/promise/session.ts, the calls of
 * packages/client/src/promise/generated/client.ts):
 * - `session.create` -> `session.create({ title, location: { directory } })`;
 * - `session.prompt` / `promptAsync` with a reply -> `session.prompt({ sessionID, text })`. A V2
 *   prompt names no agent or model: on a session the plugin created, `switchAgent` /
 *   `switchModel` set them first (a loop's phase runs on the coder or auditor agent); V1's
 *   per-prompt `tools: { name: false }` is kept and applied by the entry's `context` hook;
 * - a command's outcome that is context (`/recall`, `/resume`) becomes a synthetic message the
 *   model reads from the next turn; a status line (`ignored` in V1) has no V2 message that stays
 *   out of the model's view, so it is not sent (docs/opencode-native.md, "OpenCode 2");
 * - `session.messages` -> the history the session's last request carried (the entry keeps it,
 *   with the assistant texts and step usage that ended since);
 * - `session.get` -> `session.get` (a sub-agent's `parentID`), `session.abort` -> `interrupt`.
 */
export function v1ClientFor(ctx: Context, histories: Map<string, WithParts[]>, state: V1ClientState = newClientState()): PluginInput["client"] {
  const text = (body: Body, keepIgnored: boolean) =>
    (body.parts ?? [])
      .filter((p) => p.type === "text" && typeof p.text === "string" && (keepIgnored || !p.ignored))
      .map((p) => p.text)
      .join("\n");
  const prompt = async ({ path, body }: { path: { id: string }; body: Body }) => {
    const sessionID = path.id;
    try {
      if (body.noReply) {
        const t = text(body, false);
        if (t && ctx.session.synthetic) {
          state.sentSynthetic.add(t);
          bounded(state.sentSynthetic);
          await ctx.session.synthetic({ sessionID, text: t, description: "recollect" });
        }
        return { data: {} };
      }
      if (state.own.has(sessionID)) {
        if (body.agent && ctx.session.switchAgent) await ctx.session.switchAgent({ sessionID, agent: body.agent });
        if (body.model && ctx.session.switchModel)
          await ctx.session.switchModel({ sessionID, model: { providerID: body.model.providerID, id: body.model.modelID } });
      }
      const off = Object.entries(body.tools ?? {})
        .filter(([, on]) => on === false)
        .map(([name]) => name);
      if (off.length) {
        state.toolsOff.set(sessionID, new Set(off));
        bounded(state.toolsOff);
      }
      if (!ctx.session.prompt) return { error: "this OpenCode offers plugins no session.prompt" };
      await ctx.session.prompt({ sessionID, text: text(body, true) });
      return { data: {} };
    } catch (error) {
      // V1's client answers errors as `{ error }`, and its callers read them so.
      return { error: (error as Error)?.message ?? String(error) };
    }
  };
  const client = {
    app: { log: async () => ({ data: true }) },
    session: {
      messages: async ({ path }: { path: { id: string } }) => ({ data: histories.get(path.id) ?? [] }),
      prompt,
      promptAsync: prompt,
      create: async ({ body, query }: { body?: Body; query?: { directory?: string } } = {}) => {
        try {
          const info = await ctx.session.create?.({
            ...(body?.title ? { title: body.title } : {}),
            ...(body?.agent ? { agent: body.agent } : {}),
            ...(query?.directory ? { location: { directory: query.directory } } : {}),
          });
          if (!info?.id) return { error: "no session created" };
          state.own.add(info.id);
          bounded(state.own);
          return { data: { id: info.id } };
        } catch (error) {
          return { error: (error as Error)?.message ?? String(error) };
        }
      },
      get: async ({ path }: { path: { id: string } }) => {
        if (!ctx.session.get) return { error: "this OpenCode offers plugins no session.get" };
        const info = await ctx.session.get({ sessionID: path.id });
        return { data: { id: info.id, ...(info.parentID ? { parentID: info.parentID } : {}) } };
      },
      abort: async ({ path }: { path: { id: string } }) => ({ data: await ctx.session.interrupt?.({ sessionID: path.id }) }),
    },
  };
  return client as unknown as PluginInput["client"];
}
