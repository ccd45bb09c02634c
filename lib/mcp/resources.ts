import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestId } from "@modelcontextprotocol/sdk/types.js";
import { getCheckpoint, listCheckpoints } from "../checkpoints/read";
import type { Ctx } from "../ctx";
import { buildStableBlock } from "../injection/stable";
import { resolveProject } from "../projects/resolve";
import { bootContext } from "./boot-context";
import { projectRef } from "./project";

/** Resources (the pinned block, the latest checkpoint) and the `boot` prompt, for the caller's project. */
export function registerResources(server: McpServer, ctx: Ctx, directoryOf: (requestId?: RequestId) => Promise<string | undefined>) {
  const ref = async (requestId: RequestId) => projectRef(undefined, { directory: await directoryOf(requestId) });
  const projectId = async (requestId: RequestId) => resolveProject(ctx, await ref(requestId)) ?? undefined;

  server.registerResource(
    "pinned",
    "memory://pinned",
    { description: "The pinned memories (constraints, directives, preferences) injected into every session of this project", mimeType: "text/plain" },
    async (uri, extra) => ({
      contents: [
        { uri: uri.href, mimeType: "text/plain", text: buildStableBlock(ctx, { project: await projectId(extra.requestId) }).text || "No pinned memories." },
      ],
    }),
  );

  server.registerResource(
    "latest-checkpoint",
    "memory://checkpoints/latest",
    { description: "The latest checkpoint of this project (what was being done, decisions, next steps), as Markdown", mimeType: "text/markdown" },
    async (uri, extra) => {
      const [latest] = listCheckpoints(ctx, { project: await projectId(extra.requestId), limit: 1 }).items;
      const text = latest ? getCheckpoint(ctx, latest.id).markdown : "No checkpoint yet.";
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text }] };
    },
  );

  server.registerPrompt("boot", { description: "Start a session with what Recollect knows about this project" }, async (extra) => {
    const boot = await bootContext(ctx, await ref(extra.requestId));
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
