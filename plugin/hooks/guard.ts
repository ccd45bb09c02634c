import { READ_ONLY_AGENTS } from "../agents";
import { isReadOnlyCommand } from "../agents/types";

/** Tools that change files: refused to read-only agents whatever the permission config says. */
const EDIT_TOOLS = new Set(["edit", "write", "patch", "multiedit", "apply_patch"]);
const MAX_SESSIONS = 256;

/** Thrown from `tool.execute.before` to refuse a call: OpenCode hands its message to the model as the tool's error. */
export class ReadOnlyRefusal extends Error {
  constructor(agent: string, tool: string) {
    super(`The ${agent} agent is read-only: ${tool} refused. Write a plan instead; the code agent (or memory_plan_execute) makes the changes.`);
    this.name = "ReadOnlyRefusal";
  }
}

/**
 * The message-level read-only guard. The agent of each session's latest user message is known
 * from `chat.message`; a tool call that edits files in a session whose agent is read-only
 * (architect, auditor) is refused, even where a user's permission config allowed edits, and so is
 * a shell command other than the reading ones (`isReadOnlyCommand`).
 */
export class AgentGuard {
  private readonly agents = new Map<string, string>();

  noteAgent(sessionID: string, agent: string | undefined) {
    if (!agent) return;
    this.agents.delete(sessionID);
    this.agents.set(sessionID, agent);
    if (this.agents.size > MAX_SESSIONS) this.agents.delete(this.agents.keys().next().value!);
  }

  agentOf(sessionID: string): string | undefined {
    return this.agents.get(sessionID);
  }

  check(tool: string, sessionID: string, args: Record<string, unknown> = {}) {
    const agent = this.agents.get(sessionID);
    if (!agent || !READ_ONLY_AGENTS.has(agent)) return;
    if (EDIT_TOOLS.has(tool)) throw new ReadOnlyRefusal(agent, tool);
    // A read-only agent's shell: the reading commands only (git log --output=FILE writes a file, `git diff > f` too).
    if (tool === "bash" && !isReadOnlyCommand(String(args.command ?? "")))
      throw new ReadOnlyRefusal(agent, `bash "${String(args.command ?? "").slice(0, 200)}"`);
  }
}
