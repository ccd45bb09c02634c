import crypto from "node:crypto";

/**
 * Claude Code and Codex hooks that reach the server without a Node.js process per prompt: Claude
 * Code's own HTTP hooks (UserPromptSubmit, PreCompact, Stop) and, where `curl` is installed, a
 * `curl` command for the others (docs/agents.md). Such a request carries this key, not the API
 * token: an HMAC of the token over the server's address, the agent and the folder its transcripts
 * live in. It opens `POST /api/agents/hook/<agent>` only, on that address only: a program that
 * takes the port while Recollect is down and relays the key to the real server on another port is
 * refused (the real server checks its own listen address), and it names the one folder the server
 * may read that agent's transcripts from. The API token never goes into an agent's settings.
 */
export const AGENT_HOOK_HEADER = "x-recollect-hook";
export const AGENT_HOOK_AGENTS = ["claude-code", "codex"] as const;
export type AgentHookAgent = (typeof AGENT_HOOK_AGENTS)[number];

export const agentHookPath = (agent: AgentHookAgent) => `/api/agents/hook/${agent}`;

/** The agent whose hook path `pathname` is, if it is one. */
export function agentOfHookPath(pathname: string): AgentHookAgent | undefined {
  return AGENT_HOOK_AGENTS.find((agent) => pathname === agentHookPath(agent));
}

export function agentHookKey(token: string, address: string, agent: AgentHookAgent, transcriptRoot: string): string {
  return crypto.createHmac("sha256", token).update(`recollect-agent-hook:v1\0${address}\0${agent}\0${transcriptRoot}`).digest("hex");
}

/** Whether `key` is this server's key for `address`, `agent` and `transcriptRoot` (constant time). */
export function isAgentHookKey(token: string, key: string, address: string, agent: AgentHookAgent, transcriptRoot: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(key) || !transcriptRoot) return false;
  return crypto.timingSafeEqual(Buffer.from(key, "hex"), Buffer.from(agentHookKey(token, address, agent, transcriptRoot), "hex"));
}
