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
  /**
   * The handler reads its body with `readBodyText` (app/api/_lib/read-json.ts, as every route's
   * `readJson`/`parseBody` does): the front gate may then read a small body whole and hand it over
   * as bytes (`givenBody`), the request built without a body stream. Without it, the body always streams.
   */
  takesGivenBody?: true;
  /**
   * The route reads a query string (`?directory=...`): a request-target of its exact path followed
   * by `?` and a query comes direct too (the plugin's `GET /api/context/stable` every 10 s, on the
   * turn's path). Without it, any query sends the request through Next.js.
   */
  takesQuery?: true;
};

const routes = processSingleton("direct-routes", () => new Map<string, DirectHandler>());

/**
 * The whole body of the answers the API's `json()` built (app/api/_lib/handler.ts), and of a
 * compress answer of one chunk (app/api/_lib/compress-body.ts), by response: the front gate writes
 * it as it is instead of reading the response's body stream back (a web stream taken apart again:
 * about 4% of a search's CPU). Weak: gone with the response.
 */
const bodies = processSingleton("direct-bodies", () => new WeakMap<Response, string | Uint8Array>());

/** Notes the text or bytes `res` was built with (its whole body). */
export function rememberBody(res: Response, body: string | Uint8Array): Response {
  bodies.set(res, body);
  return res;
}

/** The text or bytes a response was built with, when `rememberBody` noted it. */
export const rememberedBody = (res: Response): string | Uint8Array | undefined => bodies.get(res);

/**
 * The largest request body the front gate reads whole before it calls a handler (a declared
 * Content-Length, not chunked): a turn's compress request (3 KB with the delta exchange), a
 * search, a recall. Such a body reaches the route as bytes (`givenBody`), not as a web stream fed
 * from the socket: building that stream and reading it back a chunk at a time was about a tenth of
 * the direct path's CPU. Larger bodies still stream, counted against the route's limit as they
 * arrive; so does every body of a handler without `takesGivenBody`.
 */
export const DIRECT_BODY_BYTES = 64 * 1024;

/**
 * The bodies the front gate read whole, by the request it handed the route (the request is built
 * without a body: every direct route reads its body with `readBodyText`, app/api/_lib/read-json.ts,
 * which takes it from here). An Error: the client went away before the body was whole; reading the
 * body throws it, as reading the stream did. Weak: gone with the request.
 */
const requestBodies = processSingleton("direct-request-bodies", () => new WeakMap<Request, Buffer | Error>());

export function giveBody(req: Request, body: Buffer | Error): void {
  requestBodies.set(req, body);
}

/** The body the front gate read for `req`, if it read it. */
export const givenBody = (req: Request): Buffer | Error | undefined => requestBodies.get(req);

const keyOf = (method: string, pathname: string) => `${method} ${pathname}`;

export function registerDirectRoute(method: string, pathname: string, handler: DirectHandler): void {
  routes.set(keyOf(method, pathname), handler);
}

/**
 * The registered handler for a request line, or undefined (the request goes to Next.js). The
 * request-target's path must be the route's exactly: a trailing slash or any other spelling goes
 * through Next.js and its normalisation, and so does a query string, unless the route
 * `takesQuery` (the query is left as sent: the route parses it from the URL as behind Next.js).
 */
export function directRouteFor(method: string | undefined, target: string | undefined): DirectHandler | undefined {
  if (!method || !target) return undefined;
  const exact = routes.get(keyOf(method, target));
  if (exact) return exact;
  const query = target.indexOf("?");
  if (query === -1) return undefined;
  const handler = routes.get(keyOf(method, target.slice(0, query)));
  return handler?.takesQuery ? handler : undefined;
}
