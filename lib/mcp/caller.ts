import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { RootsListChangedNotificationSchema, type RequestId } from "@modelcontextprotocol/sdk/types.js";
import { logger } from "../logging/logger";
import type { ToolList } from "./tool-list";

/** What the transport knows about an MCP client beyond its messages. */
export interface ToolCaller {
  /** The directory `recollect mcp` forwards: its `--directory`, else the directory it runs in. */
  directory?: string;
  /** The user named it (`--directory`): it then wins over the client's roots. */
  directoryPinned?: boolean;
  /** Which tools `tools/list` shows (`?tools=` on the URL); default `mcp.toolList`. */
  toolList?: ToolList;
}

/** How long a client may take to answer roots/list before the tools go on without its root. */
const ROOTS_TIMEOUT_MS = 10_000;
const MAX_DIRECTORY_CHARS = 4096;

/**
 * The caller's directory, the tools' default project: `recollect mcp --directory`, else the
 * client's first `file://` root (MCP roots/list, asked once per session and again after the client
 * says its roots changed), else the directory `recollect mcp` runs in. The root is resolved to its
 * project as the plugin's directory is (git root, worktrees, remotes: lib/projects).
 */
export function callerDirectory(server: Server, caller: ToolCaller): (requestId?: RequestId) => Promise<string | undefined> {
  let roots: Promise<string | undefined> | undefined;
  server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
    roots = undefined;
  });
  return async (requestId) => {
    if (caller.directory && caller.directoryPinned) return caller.directory;
    if (server.getClientCapabilities()?.roots) {
      roots ??= firstRoot(server, requestId);
      const root = await roots;
      if (root) return root;
    }
    return caller.directory;
  };
}

async function firstRoot(server: Server, requestId: RequestId | undefined): Promise<string | undefined> {
  try {
    // Sent on the stream of the request being answered: a client need not hold a GET stream open.
    const { roots } = await server.listRoots(undefined, { relatedRequestId: requestId, timeout: ROOTS_TIMEOUT_MS });
    for (const root of roots) {
      if (!root.uri.startsWith("file:")) continue;
      const directory = fileURLToPath(root.uri);
      if (path.isAbsolute(directory) && directory.length <= MAX_DIRECTORY_CHARS) return directory;
    }
  } catch (error) {
    logger.warn("mcp: the client declares roots but did not list them; the tools use the forwarded directory, if any", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return undefined;
}
