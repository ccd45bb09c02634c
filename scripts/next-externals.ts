import fs from "node:fs";
import path from "node:path";

/**
 * Turbopack loads some server-external packages (better-sqlite3, sqlite-vec) under a hashed name,
 * `<dist>/node_modules/better-sqlite3-<hash>`, a symlink to the package that it makes at build
 * time. `npm pack` leaves symlinks out, so an installed package would fail at start with "Cannot
 * find module 'better-sqlite3-<hash>'". At pack time their names go into a manifest the tarball
 * carries; an installed package links them again to wherever npm put the packages.
 */
const MANIFEST = "external-links.json";

/** `{ "better-sqlite3-<hash>": "better-sqlite3" }`: each hashed link of the build and its package. */
export type ExternalLinks = Record<string, string>;

/** Reads the build's hashed links (`npm pack`): the package each one points to. */
export function recordExternalLinks(distRoot: string): ExternalLinks {
  const dir = path.join(distRoot, "node_modules");
  const links: ExternalLinks = {};
  if (fs.existsSync(dir)) {
    for (const name of fs.readdirSync(dir)) {
      const full = path.join(dir, name);
      if (!fs.lstatSync(full).isSymbolicLink()) continue;
      // The target ends in node_modules/<name> or node_modules/@scope/<name>.
      const target = fs.readlinkSync(full).split(path.sep);
      const at = target.lastIndexOf("node_modules");
      if (at >= 0 && at < target.length - 1) links[name] = target.slice(at + 1).join("/");
    }
  }
  fs.writeFileSync(path.join(distRoot, MANIFEST), JSON.stringify(links, null, 2) + "\n");
  return links;
}

/** The directory of `pkg` as Node resolves it from `from`: the nearest node_modules/<pkg> up the tree. */
function findPackageDir(pkg: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", pkg);
    if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Recreates the manifest's links that are missing (an installed package); returns the ones made. */
export function linkExternals(root: string, distRoot: string): string[] {
  const manifest = path.join(distRoot, MANIFEST);
  if (!fs.existsSync(manifest)) return [];
  const links = JSON.parse(fs.readFileSync(manifest, "utf8")) as ExternalLinks;
  const made: string[] = [];
  for (const [name, pkg] of Object.entries(links)) {
    const link = path.join(distRoot, "node_modules", name);
    if (fs.existsSync(link)) continue;
    const target = findPackageDir(pkg, root);
    if (!target) throw new Error(`the build needs the package ${pkg}, which is not installed: reinstall recollect`);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.rmSync(link, { force: true }); // a dangling link
    fs.symlinkSync(path.relative(path.dirname(link), target), link, "dir");
    made.push(name);
  }
  return made;
}
