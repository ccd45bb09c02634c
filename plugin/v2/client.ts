import type { PluginInput } from "@opencode-ai/plugin";
import type { WithParts } from "../hooks/message-parts";
import type { Context } from "./api";

type Body = { noReply?: boolean; agent?: string; parts?: { type: string; text?: string; ignored?: boolean }[] };

/**
 * The few calls of OpenCode 1's client the plugin core makes, answered from OpenCode 2's context:
 * a session's history is the one the last request of that session carried (plugin/v2/entry.ts
 * keeps it, with the assistant texts that ended since), a command's outcome that is context
 * (`/recall`, `/resume`) becomes a synthetic message the model reads from the next turn, a prompt
 * is `session.prompt`. A status line (`ignored` in V1) has no V2 message that stays out of the
 * model's view, so it is not sent (docs/opencode-native.md, "OpenCode 2").
 */
export function v1ClientFor(ctx: Context, histories: Map<string, WithParts[]>, sentSynthetic: Set<string> = new Set()): PluginInput["client"] {
  const text = (body: Body, keepIgnored: boolean) =>
    (body.parts ?? [])
      .filter((p) => p.type === "text" && typeof p.text === "string" && (keepIgnored || !p.ignored))
      .map((p) => p.text)
      .join("\n");
  const prompt = async ({ path, body }: { path: { id: string }; body: Body }) => {
    if (body.noReply) {
      const t = text(body, false);
      if (t && ctx.session.synthetic) {
        // Remembered (bounded) so the converter (messages.ts) can tell this outcome from the user's words.
        sentSynthetic.add(t);
        while (sentSynthetic.size > 200) sentSynthetic.delete(sentSynthetic.values().next().value!);
        await ctx.session.synthetic({ sessionID: path.id, text: t, description: "recollect" });
      }
      return { data: {} };
    }
    await ctx.session.prompt?.({ sessionID: path.id, text: text(body, true), ...(body.agent ? { agent: body.agent } : {}) });
    return { data: {} };
  };
  const client = {
    app: { log: async () => ({ data: true }) },
    session: {
      messages: async ({ path }: { path: { id: string } }) => ({ data: histories.get(path.id) ?? [] }),
      prompt,
      promptAsync: prompt,
      create: async ({ body }: { body?: { agent?: string } } = {}) => {
        const res = (await ctx.session.create?.(body?.agent ? { agent: body.agent } : undefined)) as { data?: { id: string }; id?: string } | undefined;
        const id = res?.data?.id ?? res?.id;
        return id ? { data: { id } } : { error: "no session created" };
      },
      abort: async ({ path }: { path: { id: string } }) => ({ data: await ctx.session.interrupt?.({ sessionID: path.id }) }),
    },
  };
  return client as unknown as PluginInput["client"];
}
