/**
 * Builds the compression TUNING set (bench/compress/tuning/README.md): runs of the same public
 * source as the frozen set (bench/compress/frozen/) that the frozen split did NOT take, so rules
 * can be tuned on the same kind of work without ever looking at the frozen runs.
 *
 *   npx tsx bench/compress/tuning/build.ts --source <clone of gruckion/mini-swe-agent> [--out <dir>] [--write-manifest]
 *
 * Selection: of the source's 500 runs, drop the 64 the frozen set took (smallest
 * sha256("frozen:" + id)); of the rest, take the TUNING_RUNS with the smallest
 * sha256("tuning:" + id). A split by a hash of each item, never by its content.
 * `--write-manifest` was run once, when the set was made; without it a difference is an error.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { FROZEN_RUNS, type Manifest, SOURCE_COMMIT, SOURCE_REPO, sha256, writeConvertedRuns, writeOrVerifyManifest } from "../frozen/build";

export const TUNING_DIR = path.resolve(import.meta.dirname);
export const TUNING_MANIFEST = path.join(TUNING_DIR, "manifest.json");
/** Where the converted runs go by default (git-ignored: the data stays out of the repository). */
export const TUNING_OUT = path.join(TUNING_DIR, "runs");
const TRAJS = "swebench_results/20251118_gemini-3-pro-74pct/trajs";
export const TUNING_RUNS = 128;

function main() {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const source = arg("--source") ?? process.env.RECOLLECT_FROZEN_SOURCE;
  if (!source) throw new Error("--source <clone of gruckion/mini-swe-agent> is required");
  const out = arg("--out") ?? TUNING_OUT;
  const write = process.argv.includes("--write-manifest");
  const git = (...args: string[]) => execFileSync("git", ["-C", source, ...args], { maxBuffer: 256 * 1024 * 1024 });
  const all = git("ls-tree", "-r", "--name-only", SOURCE_COMMIT, `${TRAJS}/`)
    .toString()
    .split("\n")
    .filter((f) => f.endsWith(".traj.json"))
    .map((f) => ({ f, instance: path.basename(f, ".traj.json") }));
  const frozen = new Set(
    [...all]
      .sort((a, b) => sha256(`frozen:${a.instance}`).localeCompare(sha256(`frozen:${b.instance}`)))
      .slice(0, FROZEN_RUNS)
      .map((r) => r.instance),
  );
  const chosen = all
    .filter((r) => !frozen.has(r.instance))
    .sort((a, b) => sha256(`tuning:${a.instance}`).localeCompare(sha256(`tuning:${b.instance}`)))
    .slice(0, TUNING_RUNS)
    .sort((a, b) => a.instance.localeCompare(b.instance));
  const runs = writeConvertedRuns(git, chosen, out);
  const manifest: Manifest = {
    source: { repo: SOURCE_REPO, commit: SOURCE_COMMIT, licence: "MIT (LICENSE.md of the repository)", path: TRAJS },
    selection: `of ${all.length}, not the ${FROZEN_RUNS} the frozen set took (smallest sha256("frozen:" + id)); of the rest, the ${TUNING_RUNS} with the smallest sha256("tuning:" + instance id)`,
    converter: "bench/compress/frozen/mini-swe-agent.ts",
    runs,
  };
  writeOrVerifyManifest(TUNING_MANIFEST, manifest, out, write);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
