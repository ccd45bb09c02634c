import { z } from "zod";

/**
 * Contract of `POST /api/agents/hook`: one lifecycle hook of another coding agent (Claude Code,
 * Codex), as the agent wrote it on the hook's stdin, relayed by `agents/hook.mjs`. Both agents share
 * the event names and the snake_case fields read here; unknown fields are accepted and ignored.
 */
export const AGENTS = ["claude-code", "codex"] as const;
export type Agent = (typeof AGENTS)[number];

export const HOOK_EVENTS = ["SessionStart", "UserPromptSubmit", "PreCompact", "Stop"] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** A transcript's text as the hook read it (JSON lines); bounded like the plugin's histories. */
export const TRANSCRIPT_MAX_CHARS = 64 * 1024 * 1024;

/** One hook's event as the agent wrote it (on a command hook's stdin, or as an HTTP hook's body). */
export const agentHookEvent = z.looseObject({
  hook_event_name: z.enum(HOOK_EVENTS),
  session_id: z.string().min(1).max(200),
  cwd: z.string().min(1).max(4096),
  /** UserPromptSubmit: the user's words. */
  prompt: z.string().max(200_000).optional(),
  /** SessionStart: startup, resume, clear or compact. */
  source: z.string().max(40).optional(),
  /** PreCompact: manual or auto. */
  trigger: z.string().max(40).optional(),
  /** The session's transcript file (JSON lines); read by the server only for an HTTP hook, under its folder. */
  transcript_path: z.string().max(4096).optional(),
});

/** The body of an HTTP hook: the event alone, at most this many bytes (the prompt is its largest field). */
export const AGENT_HTTP_HOOK_BODY_BYTES = 1024 * 1024;

export const agentHookInput = z
  .object({
    agent: z.enum(AGENTS),
    event: agentHookEvent,
    /** PreCompact and Stop: the session's transcript (JSON lines), read by the hook from `transcript_path`. */
    transcript: z.string().max(TRANSCRIPT_MAX_CHARS).optional(),
  })
  .strict();
export type AgentHookInput = z.input<typeof agentHookInput>;
export type ParsedAgentHookInput = z.output<typeof agentHookInput>;

/**
 * The answer: `output` is what the hook prints for the agent (its JSON hook output), or null when
 * the hook has nothing to add. `did` says what Recollect did, for logs and tests.
 */
export interface AgentHookResult {
  output: { hookSpecificOutput: { hookEventName: HookEvent; additionalContext: string } } | null;
  did: string[];
}
