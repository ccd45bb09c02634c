import path from "node:path";

/**
 * Loop options, from the plugin entry's `loops` object (or dotted keys `loops.coderAgent`):
 * which agents run the phases, the watchdog, where worktrees go, the sandbox.
 */
export interface LoopSettings {
  coderAgent: string;
  auditorAgent: string;
  /** A phase without progress this long is re-triggered; `maxStalls` in a row end the loop. */
  stallTimeoutMs: number;
  maxStalls: number;
  maxConsecutiveErrors: number;
  /** How often the driver reports to the server and learns of a cancel. */
  pollMs: number;
  /** Running loops of the project that no live OpenCode drives are adopted (0 = never). */
  adoptPollMs: number;
  worktreesDir: string;
  /** The model of loop sessions when the loop names none (`provider/model`). */
  executionModel?: string;
  /** Tools a loop session may not call: a loop never waits on a human or starts a loop. */
  blockedTools: string[];
  sandbox: { mode: "none" | "docker"; image: string; docker: string };
}

type Options = Record<string, unknown>;
const num = (v: unknown) =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : undefined;
const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

export const DEFAULT_BLOCKED_TOOLS = ["question", "memory_loop", "memory_loop_cancel", "memory_loop_status", "plan_execute", "memory_plan_execute"];
export const DEFAULT_SANDBOX_IMAGE = "recollect-loop-sandbox:latest";

export function loopSettings(options: Options, dataDir: string, env: Record<string, string | undefined> = process.env): LoopSettings {
  const nested = (options.loops && typeof options.loops === "object" ? options.loops : {}) as Options;
  const get = (key: string) => nested[key] ?? options[`loops.${key}`];
  const sandbox = (get("sandbox") && typeof get("sandbox") === "object" ? get("sandbox") : {}) as Options;
  return {
    coderAgent: str(get("coderAgent")) ?? "code",
    auditorAgent: str(get("auditorAgent")) ?? "auditor",
    stallTimeoutMs: num(get("stallTimeoutMs")) ?? 60_000,
    maxStalls: num(get("maxStalls")) ?? 5,
    maxConsecutiveErrors: num(get("maxConsecutiveErrors")) ?? 3,
    pollMs: num(get("pollMs")) ?? 2000,
    adoptPollMs: num(get("adoptPollMs")) ?? 5000,
    worktreesDir: str(get("worktreesDir")) ?? path.join(dataDir, "worktrees"),
    executionModel: str(get("executionModel")) ?? str(options.executionModel),
    blockedTools: Array.isArray(get("blockedTools")) ? (get("blockedTools") as unknown[]).map(String) : DEFAULT_BLOCKED_TOOLS,
    sandbox: {
      mode: sandbox.mode === "docker" ? "docker" : "none",
      image: str(sandbox.image) ?? DEFAULT_SANDBOX_IMAGE,
      docker: str(sandbox.docker) ?? str(env.RECOLLECT_DOCKER) ?? "docker",
    },
  };
}

/** `provider/model` -> the SDK's model reference. */
export function modelRef(model: string | undefined): { providerID: string; modelID: string } | undefined {
  if (!model) return undefined;
  const at = model.indexOf("/");
  if (at <= 0 || at === model.length - 1) return undefined;
  return { providerID: model.slice(0, at), modelID: model.slice(at + 1) };
}
