/**
 * Rebuilds the frozen compression set (bench/compress/frozen/README.md) from its pinned public
 * source and checks every run against manifest.json (sha256 of the source file and of the
 * converted run).
 *
 *   npx tsx bench/compress/frozen/build.ts --source <clone of gruckion/mini-swe-agent> [--out <dir>] [--write-manifest]
 *
 * `--source` is a clone (work tree or bare) holding commit SOURCE_COMMIT; the runs are read from
 * that commit with `git show`, so the clone's checked-out state does not matter.
 * `--write-manifest` was run once, when the set was frozen; without it a difference is an error.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { convertMiniSweAgent } from "./mini-swe-agent";

export const FROZEN_DIR = path.resolve(import.meta.dirname);
export const MANIFEST = path.join(FROZEN_DIR, "manifest.json");
/** Where the converted runs go by default (git-ignored: the data stays out of the repository). */
export const DEFAULT_OUT = path.join(FROZEN_DIR, "runs");

export const SOURCE_REPO = "gruckion/mini-swe-agent";
export const SOURCE_COMMIT = "d12a71affd95403b036b2bdbd827349b77bfffb9";
const TRAJS = "swebench_results/20251118_gemini-3-pro-74pct/trajs";
/** Runs taken: those whose sha256 of "frozen:" + instance id is smallest (a split by hash, not by content). */
export const FROZEN_RUNS = 64;

export interface ManifestRun {
  name: string;
  instance: string;
  path: string;
  sourceSha256: string;
  runSha256: string;
}
export interface Manifest {
  source: { repo: string; commit: string; licence: string; path: string };
  selection: string;
  converter: string;
  runs: ManifestRun[];
}

export const sha256 = (s: string | Buffer) => createHash("sha256").update(s).digest("hex");

/** Converts each chosen trajectory at SOURCE_COMMIT into `out` (one JSON file a run) and returns its manifest rows (the tuning set's builder shares it). */
export function writeConvertedRuns(git: (...args: string[]) => Buffer, chosen: { f: string; instance: string }[], out: string): ManifestRun[] {
  fs.mkdirSync(out, { recursive: true });
  const runs: ManifestRun[] = [];
  for (const { f, instance } of chosen) {
    const raw = git("show", `${SOURCE_COMMIT}:${f}`);
    const name = `mini-swe-agent__${instance}`;
    const run = convertMiniSweAgent(name, instance, raw.toString("utf8"));
    if (!run) throw new Error(`${f}: no steps`);
    const text = JSON.stringify(run);
    fs.writeFileSync(path.join(out, `${name}.json`), text);
    runs.push({ name, instance, path: f, sourceSha256: sha256(raw), runSha256: sha256(text) });
  }
  return runs;
}

function main() {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const source = arg("--source") ?? process.env.RECOLLECT_FROZEN_SOURCE;
  if (!source) throw new Error("--source <clone of gruckion/mini-swe-agent> is required");
  const out = arg("--out") ?? DEFAULT_OUT;
  const write = process.argv.includes("--write-manifest");
  const git = (...args: string[]) => execFileSync("git", ["-C", source, ...args], { maxBuffer: 256 * 1024 * 1024 });
  const files = git("ls-tree", "-r", "--name-only", SOURCE_COMMIT, `${TRAJS}/`)
    .toString()
    .split("\n")
    .filter((f) => f.endsWith(".traj.json"));
  const chosen = files
    .map((f) => ({ f, instance: path.basename(f, ".traj.json") }))
    .sort((a, b) => sha256(`frozen:${a.instance}`).localeCompare(sha256(`frozen:${b.instance}`)))
    .slice(0, FROZEN_RUNS)
    .sort((a, b) => a.instance.localeCompare(b.instance));
  const runs = writeConvertedRuns(git, chosen, out);
  const manifest: Manifest = {
    source: { repo: SOURCE_REPO, commit: SOURCE_COMMIT, licence: "MIT (LICENSE.md of the repository)", path: TRAJS },
    selection: `the ${FROZEN_RUNS} instances with the smallest sha256("frozen:" + instance id), of ${files.length}`,
    converter: "bench/compress/frozen/mini-swe-agent.ts",
    runs,
  };
  writeOrVerifyManifest(MANIFEST, manifest, out, write);
}

/** `--write-manifest` writes the manifest; otherwise the rebuilt runs must equal the committed one, run for run. */
export function writeOrVerifyManifest(file: string, manifest: Manifest, out: string, write: boolean) {
  const { runs } = manifest;
  if (write) {
    fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`wrote ${file}: ${runs.length} runs`);
    return;
  }
  const saved = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  const differ = saved.runs.filter((r, i) => JSON.stringify(r) !== JSON.stringify(runs[i]));
  if (differ.length || saved.runs.length !== runs.length)
    throw new Error(`the rebuilt set differs from ${path.basename(file)}: ${differ.map((r) => r.name).join(", ")}`);
  console.log(`${runs.length} runs rebuilt in ${out}, identical to ${path.basename(file)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
