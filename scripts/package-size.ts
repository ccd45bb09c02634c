import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * What `npm pack` puts in the tarball, measured from `npm pack --dry-run` on the current build
 * (no build, nothing written): files, packed and unpacked bytes, the build's share, source maps.
 *
 *   npx tsx scripts/package-size.ts            # prints the figures (--json for JSON)
 *   npx tsx scripts/package-size.ts --write    # also rewrites the figures block of docs/install.md
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const DOC = path.join(ROOT, "docs", "install.md");
const BEGIN = "<!-- package-size: written by scripts/package-size.ts -->";
const END = "<!-- /package-size -->";

export interface PackageSize {
  files: number;
  packedBytes: number;
  unpackedBytes: number;
  buildFiles: number;
  buildBytes: number;
  sourceMaps: number;
}

export interface PackDryRun {
  entryCount: number;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

let packed: PackDryRun | undefined;
/**
 * `npm pack --dry-run --json` of the checkout, run once per process: it gzips the whole tarball in
 * memory (seconds), and the package test reads both its file list and its sizes.
 */
export function packDryRun(): PackDryRun {
  if (!packed) {
    const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    packed = (JSON.parse(out) as PackDryRun[])[0]!;
  }
  return packed;
}

export function measurePackage(): PackageSize {
  const pack = packDryRun();
  const build = pack.files.filter((f) => f.path.startsWith(".next/"));
  return {
    files: pack.entryCount,
    packedBytes: pack.size,
    unpackedBytes: pack.unpackedSize,
    buildFiles: build.length,
    buildBytes: build.reduce((n, f) => n + f.size, 0),
    sourceMaps: pack.files.filter((f) => f.path.endsWith(".map")).length,
  };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** The sentence docs/install.md carries between its markers. */
export function figuresText(s: PackageSize): string {
  return `The tarball holds ${s.files.toLocaleString("en")} files, ${mb(s.packedBytes)} packed and ${mb(s.unpackedBytes)} unpacked, of which the production build is ${s.buildFiles.toLocaleString("en")} files and ${mb(s.buildBytes)}; ${s.sourceMaps} source maps.`;
}

/** The figures block of docs/install.md, parsed back (undefined without one). */
export function documentedFigures(text = fs.readFileSync(DOC, "utf8")): { files: number; packedMb: number; unpackedMb: number } | undefined {
  const block = text.slice(text.indexOf(BEGIN), text.indexOf(END));
  const m = /holds ([\d,]+) files, ([\d.]+) MB packed and ([\d.]+) MB unpacked/.exec(block);
  return m ? { files: Number(m[1]!.replace(/,/g, "")), packedMb: Number(m[2]), unpackedMb: Number(m[3]) } : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const size = measurePackage();
  if (process.argv.includes("--json")) console.log(JSON.stringify(size, null, 2));
  else console.log(figuresText(size));
  if (process.argv.includes("--write")) {
    const text = fs.readFileSync(DOC, "utf8");
    const start = text.indexOf(BEGIN);
    const end = text.indexOf(END);
    if (start < 0 || end < start) throw new Error(`${DOC}: no ${BEGIN} ... ${END} block`);
    fs.writeFileSync(DOC, `${text.slice(0, start + BEGIN.length)}\n${figuresText(size)}\n${text.slice(end)}`);
    console.log(`wrote ${path.relative(ROOT, DOC)}`);
  }
}
