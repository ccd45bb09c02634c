import { hostnameOf, isLoopbackHost } from "./hosts";

/**
 * The memory browser's own origin. Browsers send a cookie to every port of the host it was set on,
 * so a session cookie set on `127.0.0.1` or `localhost` would go to any other local server the
 * user browses to. The browser is therefore served on a name of its own, `recollect.localhost`
 * (browsers resolve every `*.localhost` name to the loopback, RFC 6761), and the session cookie
 * is set and accepted there only. `RECOLLECT_BROWSER_HOST` names another (a browser that does not
 * resolve `*.localhost`: `127.0.0.1`, and the cookie then reaches other ports again).
 */
export const DEFAULT_BROWSER_HOST = "recollect.localhost";

export function browserHostName(env: NodeJS.ProcessEnv = process.env): string {
  return (env.RECOLLECT_BROWSER_HOST ?? "").trim().toLowerCase() || DEFAULT_BROWSER_HOST;
}

/**
 * Where a browser request on `host` belongs: `http://recollect.localhost:<port>` for any other
 * loopback name (`127.0.0.1:7731`, `localhost:7731`), undefined when it is there already or when
 * the Host is a name the user allowed beyond the loopback (RECOLLECT_ALLOWED_HOSTS: that name is
 * the browser's, a `.localhost` name would not reach this machine from another one).
 */
export function browserOriginFor(host: string | null, own: string = browserHostName()): string | undefined {
  const name = host ? hostnameOf(host) : "";
  if (!name || name === own || !isLoopbackHost(name)) return undefined;
  const port = /:(\d{1,5})$/.exec(host?.trim() ?? "")?.[1];
  return `http://${own.includes(":") ? `[${own}]` : own}${port ? `:${port}` : ""}`;
}
