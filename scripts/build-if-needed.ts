import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { currentBundle } from "../cli/bundle.mjs";
import { linkExternals, recordExternalLinks } from "./next-externals";

/** The checkout root (this file lives in scripts/). */
export const ROOT = path.resolve(import.meta.dirname, "..");
// Resolved, not joined: in a project's `npm install recollect` npm may hoist next above the package.
export const NEXT_BIN = createRequire(path.join(ROOT, "package.json")).resolve("next/dist/bin/next");

const SOURCES = ["app", "lib", "public", "proxy.ts", "instrumentation.ts", "next.config.ts", "package.json", "postcss.config.mjs", "drizzle"];

function newestMtime(p: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Where the last build's duration on this machine is kept: the build cache, never packed. */
const lastBuildFile = (distDir: string) => path.join(ROOT, distDir, "cache", "recollect-build-seconds");

/** How long the last build took here ("5m 12s"), or undefined before the first: the only estimate printed. */
export function lastBuildDuration(distDir = process.env.RECOLLECT_DIST_DIR || ".next"): string | undefined {
  try {
    const seconds = Number(fs.readFileSync(lastBuildFile(distDir), "utf8"));
    return Number.isFinite(seconds) && seconds > 0 ? formatSeconds(seconds) : undefined;
  } catch {
    return undefined;
  }
}

export const formatSeconds = (seconds: number) => (seconds < 60 ? `${Math.round(seconds)}s` : `${Math.floor(seconds / 60)}m ${Math.round(seconds % 60)}s`);

/**
 * Bundles the CLI and the server's front (scripts/build-cli.ts, about a second) unless both bundles
 * are current. Fails open: without a bundle `recollect` and the server run through tsx, only slower.
 */
export function ensureCliBundle(): void {
  if (currentBundle(ROOT) && currentBundle(ROOT, "serve")) return;
  const res = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", "build-cli.ts")], { cwd: ROOT, stdio: "inherit" });
  if (res.status !== 0) console.warn("[recollect] the CLI bundle was not built: `recollect` and the server run through tsx (slower)");
}

/** Builds the Next.js app unless a build newer than every source file exists; bundles the CLI first. */
export function ensureBuild(distDir = process.env.RECOLLECT_DIST_DIR || ".next"): void {
  ensureCliBundle();
  const buildId = path.join(ROOT, distDir, "BUILD_ID");
  // An installed package (no .git beside it) is not edited, and npm gives all its files one old
  // mtime: the build it ships is used as it is. Without one it is built once, where it lies.
  const installed = !fs.existsSync(path.join(ROOT, ".git"));
  if (installed && fs.existsSync(buildId)) {
    linkExternals(ROOT, path.join(ROOT, distDir));
    return;
  }
  if (installed) {
    try {
      fs.accessSync(ROOT, fs.constants.W_OK);
    } catch {
      throw new Error(`${ROOT} has no production build and is not writable: reinstall the package, or run \`npm run build\` there as its owner`);
    }
  }
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (built > newest) return;
  // No guessed duration: build times range from one to several minutes with the machine's cores and
  // load; the last build's own time here is printed when there is one.
  const last = lastBuildDuration(distDir);
  const took = last ? ` (the last build here took ${last})` : "";
  console.log(built ? `[recollect] sources changed: rebuilding${took}...` : `[recollect] first start: building the app${took}...`);
  const started = Date.now();
  const res = spawnSync(process.execPath, [NEXT_BIN, "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, RECOLLECT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (res.status !== 0) throw new Error(`next build failed (exit ${res.status})`);
  const seconds = (Date.now() - started) / 1000;
  fs.mkdirSync(path.dirname(lastBuildFile(distDir)), { recursive: true });
  fs.writeFileSync(lastBuildFile(distDir), `${Math.round(seconds)}\n`);
  console.log(`[recollect] built in ${formatSeconds(seconds)}`);
}

// `npm pack` (prepack): the package ships its production build, and the names of the links to
// external packages that npm leaves out of the tarball (see next-externals.ts).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  ensureBuild(".next");
  recordExternalLinks(path.join(ROOT, ".next"));
}
