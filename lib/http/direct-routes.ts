import { processSingleton } from "../process-singleton";

/**
 * Hot API routes the production server may answer without Next.js's request handler.
 *
 * Next.js's path costs about 3 ms of CPU a request before and after a route runs (its request
 * objects, the app-route runtime, a web-stream response piped into the socket); on
 * `POST /api/search`, which the plugin and MCP call on every turn, that is a third of the request.
 * A route listed here registers its handler (the same `route()` wrapper: guard, errors, headers,
 * log line) the first time Next.js loads it; from then on the front gate (server/direct.ts) calls
 * it with a request built as the handler's `requestClass` (a NextRequest for a route), or a
 * standard Request. Same handler, same module instance, same answers: only the framework's
 * wrapping is skipped.
 */

/** What the front gate builds a request from (a signal always: a client that goes away aborts it). */
export type DirectRequestInit = Omit<RequestInit, "signal"> & { signal?: AbortSignal };

export type DirectHandler = ((req: Request) => Promise<Response>) & {
  /**
   * The Request class the handler takes (NextRequest for a route): the front gate builds the
   * request as one, once. Wrapping a standard Request in a NextRequest builds it twice (headers
   * copied, the body stream and abort signal taken over): about 0.3 ms of CPU a request.
   */
  requestClass?: new (
    input: URL,
    init: DirectRequestInit,
  ) => Request;
};

const routes = processSingleton("direct-routes", () => new Map<string, DirectHandler>());

/**
 * The JSON text of the answers the API's `json()` built (app/api/_lib/handler.ts), by response: the
 * front gate writes it as it is instead of reading the response's body stream back (a web stream
 * taken apart again: about 4% of a search's CPU). Weak: gone with the response.
 */
const bodies = processSingleton("direct-bodies", () => new WeakMap<Response, string>());

/** Notes the text `res` was built with (its whole body). */
export function rememberBody(res: Response, text: string): Response {
  bodies.set(res, text);
  return res;
}

/** The text a response was built with, when `rememberBody` noted it. */
export const rememberedBody = (res: Response): string | undefined => bodies.get(res);

const keyOf = (method: string, pathname: string) => `${method} ${pathname}`;

export function registerDirectRoute(method: string, pathname: string, handler: DirectHandler): void {
  routes.set(keyOf(method, pathname), handler);
}

/**
 * The registered handler for a request line, or undefined (the request goes to Next.js). The
 * request-target must be the path exactly: a query string, a trailing slash or any other
 * spelling goes through Next.js and its normalisation.
 */
export function directRouteFor(method: string | undefined, target: string | undefined): DirectHandler | undefined {
  if (!method || !target) return undefined;
  return routes.get(keyOf(method, target));
}
