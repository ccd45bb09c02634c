import { tool } from "../tool";
import type { Runtime } from "../runtime";

const z = tool.schema;

/** `provider/model` -> the SDK's model reference. */
export function parseModel(spec: string | undefined): { providerID: string; modelID: string } | undefined {
  const i = spec?.indexOf("/") ?? -1;
  return spec && i > 0 && i < spec.length - 1 ? { providerID: spec.slice(0, i), modelID: spec.slice(i + 1) } : undefined;
}

/** The architect's hand-over: a new `code` session whose first prompt is the approved plan. */
export function planTools(rt: Runtime) {
  return {
    memory_plan_execute: tool({
      description: "Execute an approved plan in a new code session (the plan becomes its first prompt). Only after the user approved the plan.",
      args: {
        plan: z.string().min(1).max(100_000).describe("the approved plan, complete and self-contained"),
        title: z.string().max(200).optional(),
      },
      async execute({ plan, title }, ctx) {
        const oc = rt.opencode;
        if (!oc) return "Cannot start a session here: no OpenCode client.";
        const query = { directory: ctx.directory || rt.directory };
        const created = await oc.session.create({ body: { title: title ?? `Execute: ${plan.split("\n")[0]!.slice(0, 80)}` }, query });
        const id = created.data?.id;
        if (!id) return `Could not create the session: ${JSON.stringify(created.error ?? "no id")}`;
        const model = parseModel(rt.settings.executionModel);
        // Not awaited to its end: the new session runs on its own while this one goes on.
        const started = await oc.session.promptAsync({
          path: { id },
          query,
          body: { agent: "code", ...(model ? { model } : {}), parts: [{ type: "text", text: plan }] },
        });
        if (started.error) return `Session ${id} created but the plan was not sent: ${JSON.stringify(started.error)}`;
        return `Started session ${id} (agent code${model ? `, model ${rt.settings.executionModel}` : ""}) with the plan as its first prompt.`;
      },
    }),
  };
}
