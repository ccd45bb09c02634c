/** Host names: what a Host header names, which names are the loopback (the gate, the guard, MCP, the browser host). */

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/**
 * The name in a Host header, or "" when the header is not exactly `name[:port]` or `[v6][:port]`
 * (RFC 9110's authority without userinfo). Anything else (`localhost/x.localhost`,
 * `localhost?.localhost`, two values joined by a comma, a port past 65535) is no name at all:
 * such a Host passes no loopback check, whatever it ends with.
 */
export function hostnameOf(host: string): string {
  const m = HOST_SYNTAX.exec(host.trim().toLowerCase());
  if (!m || (m[2] !== undefined && Number(m[2]) > 65535)) return "";
  return m[1];
}
const HOST_SYNTAX = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/;

/** RECOLLECT_ALLOWED_HOSTS: extra Host names a user who binds beyond loopback lists (the gate, the guard, MCP). */
export function allowedHostsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.RECOLLECT_ALLOWED_HOSTS ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export function isLoopbackHost(hostname: string, extraAllowed: readonly string[] = []): boolean {
  return LOOPBACK_NAMES.has(hostname) || /^127(?:\.\d{1,3}){3}$/.test(hostname) || hostname.endsWith(".localhost") || extraAllowed.includes(hostname);
}
