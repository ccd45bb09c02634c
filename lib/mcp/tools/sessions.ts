import { z } from "zod";
import { listSessionsQuery } from "../../contracts/sessions";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { claimInput, endSessionInput, registerSessionInput } from "../../contracts/sessions";
import type { ClaimDto, SessionDto } from "../../contracts/sessions";
import type { Ctx } from "../../ctx";
import { claimItem, endSession, heartbeat, listSessions, registerSession, releaseClaim } from "../../sessions";
import { projectRef, type ToolCaller } from "../project";
import { guarded, toolResult } from "../result";
import { projectArg } from "./memories";

/** Sessions and claims: who works on what, so parallel agents do not collide (409s name the holder). */

const sessionShape = registerSessionInput.shape;
const sessionId = sessionShape.sessionID.describe("this agent session's id (any stable string)");
const claimShape = claimInput.shape;

export function registerSessionTools(server: McpServer, ctx: Ctx, caller: ToolCaller) {
  server.registerTool(
    "session_start",
    {
      description: "Register this agent session on the project, with what it works on; other agents see it in get_active_sessions.",
      inputSchema: { session_id: sessionId, working_on: sessionShape.workingOn, title: sessionShape.title, agent: sessionShape.agent, project: projectArg },
    },
    (a) =>
      guarded(() => {
        const s = registerSession(ctx, { ...projectRef(a.project, caller), sessionID: a.session_id, workingOn: a.working_on, title: a.title, agent: a.agent });
        return toolResult(`Session ${s.id} started.\n${formatSession(s)}`, { session: s });
      }),
  );

  server.registerTool(
    "session_heartbeat",
    {
      description: "Keep this session alive (sessions without a heartbeat go stale and lose their claims); optionally update working_on.",
      inputSchema: { session_id: sessionId, working_on: z.string().max(1000).optional(), project: projectArg },
    },
    (a) =>
      guarded(() => {
        const s = heartbeat(ctx, a.session_id, { ...projectRef(a.project, caller), workingOn: a.working_on });
        return toolResult(`Session ${s.id} alive.`, { session: s });
      }),
  );

  server.registerTool(
    "session_end",
    {
      description: "End this session (its claims are released); give a short summary of what was done.",
      inputSchema: { session_id: sessionId, summary: endSessionInput.shape.summary },
    },
    (a) =>
      guarded(() => {
        const s = endSession(ctx, a.session_id, { summary: a.summary });
        return toolResult(`Session ${s.id} ended.`, { session: s });
      }),
  );

  server.registerTool(
    "get_active_sessions",
    {
      description: "The agent sessions active on the project and what each has claimed.",
      inputSchema: { project: projectArg },
      annotations: { readOnlyHint: true },
    },
    (a) =>
      guarded(() => {
        const { items } = listSessions(ctx, listSessionsQuery.parse(projectRef(a.project, caller)));
        return toolResult(items.length ? items.map(formatSession).join("\n") : "No active sessions.", { sessions: items });
      }),
  );

  server.registerTool(
    "claim_item",
    {
      description: "Claim an issue (#123), a file or a task before working on it. Fails naming the holder when another session has it.",
      inputSchema: { session_id: sessionId, item: claimShape.item, note: claimShape.note, ttl_seconds: claimShape.ttlSeconds, project: projectArg },
    },
    (a) =>
      guarded(() => {
        const claim = claimItem(ctx, { ...projectRef(a.project, caller), sessionID: a.session_id, item: a.item, note: a.note, ttlSeconds: a.ttl_seconds });
        return toolResult(`Claimed ${formatClaim(claim)}`, { claim });
      }),
  );

  server.registerTool(
    "release_item",
    {
      description: "Release an item this session claimed.",
      inputSchema: { session_id: sessionId, item: claimShape.item, project: projectArg },
    },
    (a) =>
      guarded(() => {
        const out = releaseClaim(ctx, { ...projectRef(a.project, caller), sessionID: a.session_id, item: a.item });
        return toolResult(out.released ? `Released "${a.item}".` : `"${a.item}" was not claimed.`, out);
      }),
  );
}

export function formatSession(s: SessionDto): string {
  const claims = s.claims.length ? ` · claims: ${s.claims.map((c) => c.item).join(", ")}` : "";
  return `- ${s.id}${s.title ? ` "${s.title}"` : ""}${s.agent ? ` (${s.agent})` : ""} · ${s.status}${s.workingOn ? ` · working on: ${s.workingOn}` : ""}${claims}`;
}

const formatClaim = (c: ClaimDto) => `"${c.item}" (${c.kind}) until ${c.expiresAt}`;
