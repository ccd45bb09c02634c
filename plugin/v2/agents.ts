import type { AgentConfig } from "@opencode-ai/sdk";
import { modelRef } from "../loops/settings";
import type { AgentInfo, ModelRef, PermissionRule } from "./api";

type Effect = PermissionRule["effect"];
type Rule = PermissionRule;

/** `Agent.Info.empty`'s rules (packages/schema/src/agent.ts): the agent's own rules follow and win. */
const BASE_RULES: Rule[] = [
  { action: "*", resource: "*", effect: "allow" },
  { action: "external_directory", resource: "*", effect: "ask" },
];

/** V1 permission keys that OpenCode 2 renamed (docs "Migrate from V1", "Permissions and tools"). */
const ACTION: Record<string, string> = { bash: "shell", task: "subagent", write: "edit", patch: "edit" };

/**
 * A V1 agent entry (what the `config` hook adds) in OpenCode 2's shape: `prompt` -> `system`,
 * `permission` -> the ordered `permissions` array (the last matching rule wins, as in V1's pattern
 * maps) after `Agent.Info.empty`'s, `temperature` -> `request.body`, `model` ("provider/model") ->
 * a `Model.Ref`; the fields `Agent.Info` requires (`request`, `mode`, `hidden`, `permissions`) are
 * always there.
 */
export function agentV2(id: string, v1: AgentConfig): AgentInfo {
  const permissions: Rule[] = [];
  for (const [key, value] of Object.entries((v1.permission ?? {}) as Record<string, unknown>)) {
    const action = ACTION[key] ?? key;
    if (typeof value === "string") permissions.push({ action, resource: "*", effect: value as Effect });
    else if (value && typeof value === "object")
      for (const [resource, effect] of Object.entries(value as Record<string, Effect>)) permissions.push({ action, resource, effect });
  }
  const model = v2Model(v1.model);
  return {
    id,
    ...(v1.description ? { description: v1.description } : {}),
    mode: v1.mode ?? "all",
    hidden: false,
    ...(v1.prompt ? { system: v1.prompt } : {}),
    ...(model ? { model } : {}),
    request: { settings: {}, headers: {}, body: typeof v1.temperature === "number" ? { temperature: v1.temperature } : {} },
    permissions: [...BASE_RULES, ...permissions],
  };
}

/** "provider/model" or "provider/model#variant" as a `Model.Ref`. */
function v2Model(model: string | undefined): ModelRef | undefined {
  const [name, variant] = (model ?? "").split("#", 2);
  const ref = modelRef(name);
  return ref ? { providerID: ref.providerID, id: ref.modelID, ...(variant ? { variant } : {}) } : undefined;
}
