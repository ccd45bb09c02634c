import path from "node:path";
import { currentBundle } from "../cli/bundle.mjs";

/** The checkout root (this file lives in server/). */
const ROOT = path.resolve(import.meta.dirname, "..");
export const SERVE_SCRIPT = path.join(ROOT, "server", "serve.ts");

/**
 * V8's young generation, per semi-space (Node 20's default: 16 MB). The plugin's turn at 200K
 * tokens allocates a few megabytes on the server; with 16 MB one turn in four or five had a
 * scavenge inside its compress request, and those turns cost more (route CPU p50 15 ms against
 * 10 ms). At 64 MB it is one in nine to fifteen (bench/plugin/turn-route.ts --per-turn; docs/benchmarks.md).
 * Scavenges cost by what survives, not by the space's size; the space only grows as far as the
 * allocation rate asks.
 */
export const SEMI_SPACE_MB = 64;

/**
 * glibc's malloc asks the kernel for transparent huge pages on its own mappings (glibc 2.35+;
 * other C libraries and systems ignore the variable). The server's large native buffers (SQLite's
 * page cache, the lexical postings' typed arrays) then take one TLB entry per 2 MB instead of per
 * 4 KB: 18% less server CPU a search at 100,000 memories, lexical and hybrid alike, with the
 * kernel's usual `madvise` mode (two loaded runs each way; 0-170 MB more resident memory:
 * docs/benchmarks.md, session fifteen). A user's own `glibc.malloc.hugetlb` (0 turns it off) is kept.
 */
export const HUGE_PAGES_TUNABLE = "glibc.malloc.hugetlb=1";

/** The environment a server process is spawned with: `base` plus the huge-pages tunable above. */
export function serveEnv<Env extends Record<string, string | undefined>>(base: Env): Env {
  const tunables = base.GLIBC_TUNABLES ?? "";
  if (tunables.split(":").some((entry) => entry.startsWith("glibc.malloc.hugetlb="))) return base;
  return { ...base, GLIBC_TUNABLES: tunables ? `${tunables}:${HUGE_PAGES_TUNABLE}` : HUGE_PAGES_TUNABLE };
}

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
  return [`--max-semi-space-size=${SEMI_SPACE_MB}`, ...(bundle ? [bundle] : ["--import", "tsx", SERVE_SCRIPT]), "--hostname", host, "--port", String(port)];
}

/** True when a process command line (from /proc/<pid>/cmdline) is this server, run through tsx or from its bundle. */
export const isServeCommandLine = (cmdline: string): boolean =>
  cmdline.includes(path.join("server", "serve.ts")) || cmdline.includes(path.join("cli", ".dist", "serve.mjs"));
