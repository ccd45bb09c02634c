import type { NextRequest } from "next/server";
import { boot } from "@/lib/boot";
import { badRequest } from "@/lib/errors";
import { MCP_TOOL_LISTS, type McpToolList } from "@/lib/vocabulary";
import { allowedHostsFromEnv, guardRequest } from "@/lib/security/guard";
import { API_SECURITY_HEADERS, withHeaders } from "@/lib/security/headers";
import { requestFields } from "../api/_lib/guard-request";
import { errorResponse } from "../api/_lib/handler";
import { handleMcpRequest } from "./sessions";

export const dynamic = "force-dynamic";

/** The working directory `recollect mcp` (stdio) forwards for its client: the default project of its tools. */
const DIRECTORY_HEADER = "x-recollect-directory";
/** Sent with it when the user named the directory (`--directory`): it then wins over the client's roots. */
const DIRECTORY_PINNED_HEADER = "x-recollect-directory-pinned";

/**
 * The MCP endpoint (Streamable HTTP, docs/mcp.md). The proxy leaves /mcp to this handler, which
 * makes the API's checks: a loopback Host, the API token (a browser session is not enough), and
 * a loopback Origin on every method, since an MCP GET opens a stream that carries data too.
 */
async function handle(req: NextRequest): Promise<Response> {
  let booted: ReturnType<typeof boot> | undefined;
  try {
    booted = boot();
    const { ctx, token } = booted;
    const verdict = guardRequest(
      // Treated as a write whatever the method: the Origin check then applies to GET and DELETE too.
      // A browser session is not enough here: the token only.
      { ...requestFields(req), method: "POST", pathname: "/api/mcp", cookie: null },
      { token, isBrowserSession: () => false, extraAllowedHosts: allowedHostsFromEnv() },
    );
    if (!verdict.ok) {
      const res = Response.json({ error: { code: verdict.code, message: verdict.message, details: null } }, { status: verdict.status });
      if (verdict.status === 401) res.headers.set("www-authenticate", 'Bearer realm="recollect"');
      return withHeaders(res, API_SECURITY_HEADERS);
    }
    const directory = req.headers.get(DIRECTORY_HEADER) ?? undefined;
    const tools = new URL(req.url).searchParams.get("tools");
    if (tools !== null && !(MCP_TOOL_LISTS as readonly string[]).includes(tools)) {
      throw badRequest(`tools: one of ${MCP_TOOL_LISTS.join(", ")}`, { field: "tools" });
    }
    const res = await handleMcpRequest(
      req,
      ctx,
      {
        directory: directory && directory.length <= 4096 ? directory : undefined,
        directoryPinned: req.headers.get(DIRECTORY_PINNED_HEADER) === "true",
        toolList: (tools as McpToolList | null) ?? undefined,
      },
      ctx.config.server.bodyLimitBytes,
    );
    return withHeaders(res, API_SECURITY_HEADERS);
  } catch (error) {
    return withHeaders(errorResponse(error, booted?.ctx), API_SECURITY_HEADERS);
  }
}

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
