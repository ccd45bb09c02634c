import type { AgentConfig } from "@opencode-ai/sdk";
import type { AgentInfo } from "./api";

type Effect = "allow" | "deny" | "ask";
type Rule = { action: string; resource: string; effect: Effect };

/** V1 permission keys that OpenCode 2 renamed (docs "Migrate from V1", "Permissions and tools"). */
const ACTION: Record<string, string> = { bash: "shell", task: "subagent", write: "edit", patch: "edit" };

/**
 * A V1 agent entry (what the `config` hook adds) in OpenCode 2's shape: `prompt` -> `system`,
 * `permission` -> the ordered `permissions` array (the last matching rule wins, as in V1's pattern
 * maps), `temperature` -> `request.body`, `model` unchanged.
 */
export function agentV2(id: string, v1: AgentConfig): AgentInfo {
  const permissions: Rule[] = [];
  for (const [key, value] of Object.entries((v1.permission ?? {}) as Record<string, unknown>)) {
    const action = ACTION[key] ?? key;
    if (typeof value === "string") permissions.push({ action, resource: "*", effect: value as Effect });
    else if (value && typeof value === "object")
      for (const [resource, effect] of Object.entries(value as Record<string, Effect>)) permissions.push({ action, resource, effect });
  }
  return {
    id,
    ...(v1.description ? { description: v1.description } : {}),
    ...(v1.mode ? { mode: v1.mode } : {}),
    ...(v1.prompt ? { system: v1.prompt } : {}),
    ...(v1.model ? { model: v1.model } : {}),
    ...(typeof v1.temperature === "number" ? { request: { body: { temperature: v1.temperature } } } : {}),
    ...(permissions.length ? { permissions } : {}),
  };
}
