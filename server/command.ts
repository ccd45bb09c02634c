import path from "node:path";

/** The checkout root (this file lives in server/). */
const ROOT = path.resolve(import.meta.dirname, "..");
export const SERVE_SCRIPT = path.join(ROOT, "server", "serve.ts");

/**
 * Node arguments that run the production server (server/serve.ts) in this very process: tsx as a
 * loader rather than its CLI, so signals reach the server itself and a pid is the server's.
 * Spawn with `cwd` at the checkout root (where `tsx` resolves).
 */
export function serveArgs(host: string, port: number): string[] {
  return ["--import", "tsx", SERVE_SCRIPT, "--hostname", host, "--port", String(port)];
}

/** True when a process command line (from /proc/<pid>/cmdline) is this server. */
export const isServeCommandLine = (cmdline: string): boolean => cmdline.includes(path.join("server", "serve.ts"));
