import path from "node:path";
import { currentBundle } from "../cli/bundle.mjs";

/** The checkout root (this file lives in server/). */
const ROOT = path.resolve(import.meta.dirname, "..");
export const SERVE_SCRIPT = path.join(ROOT, "server", "serve.ts");

/**
 * Node arguments that run the production server (server/serve.ts) in this very process, so signals
 * reach the server itself and a pid is the server's: its esbuild bundle (cli/.dist/serve.mjs,
 * scripts/build-cli.ts) while that is current, which spares tsx's hooks on every module Next.js
 * loads (about 0.9 s of CPU a start); else tsx as a loader rather than its CLI.
 * `RECOLLECT_SERVE_TSX=1` (or `tsx: true`) forces tsx. Spawn with `cwd` at the checkout root (where `tsx` resolves).
 */
export function serveArgs(host: string, port: number, options: { tsx?: boolean } = {}): string[] {
  const tsx = options.tsx ?? process.env.RECOLLECT_SERVE_TSX === "1";
  const bundle = tsx ? undefined : currentBundle(ROOT, "serve");
  return [...(bundle ? [bundle] : ["--import", "tsx", SERVE_SCRIPT]), "--hostname", host, "--port", String(port)];
}

/** True when a process command line (from /proc/<pid>/cmdline) is this server, run through tsx or from its bundle. */
export const isServeCommandLine = (cmdline: string): boolean =>
  cmdline.includes(path.join("server", "serve.ts")) || cmdline.includes(path.join("cli", ".dist", "serve.mjs"));
