import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { getCheckpoint, listCheckpoints } from "../checkpoints/read";
import type { Ctx } from "../ctx";
import { buildStableBlock } from "../injection/stable";
import { resolveProject } from "../projects/resolve";
import { bootContext } from "./boot-context";
import { projectRef, type ToolCaller } from "./project";

/** Resources (the pinned block, the latest checkpoint) and the `boot` prompt, for the caller's project. */
export function registerResources(server: McpServer, ctx: Ctx, caller: ToolCaller) {
  const projectId = () => resolveProject(ctx, projectRef(undefined, caller)) ?? undefined;

  server.registerResource(
    "pinned",
    "memory://pinned",
    { description: "The pinned memories (constraints, directives, preferences) injected into every session of this project", mimeType: "text/plain" },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/plain", text: buildStableBlock(ctx, { project: projectId() }).text || "No pinned memories." }] }),
  );

  server.registerResource(
    "latest-checkpoint",
    "memory://checkpoints/latest",
    { description: "The latest checkpoint of this project (what was being done, decisions, next steps), as Markdown", mimeType: "text/markdown" },
    (uri) => {
      const [latest] = listCheckpoints(ctx, { project: projectId(), limit: 1 }).items;
      const text = latest ? getCheckpoint(ctx, latest.id).markdown : "No checkpoint yet.";
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text }] };
    },
  );

  server.registerPrompt("boot", { description: "Start a session with what Recollect knows about this project" }, async () => {
    const boot = await bootContext(ctx, projectRef(undefined, caller));
    return {
      messages: [
        {
          role: "user",
          content: { type: "text", text: `Here is what you should know before starting (from Recollect, the shared memory):\n\n${boot.text}` },
        },
      ],
    };
  });
}
