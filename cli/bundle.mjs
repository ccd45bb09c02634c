// Which `recollect` (or server front) to run: the esbuild bundle (scripts/build-cli.ts) when it is current, else none.
import fs from "node:fs";
import path from "node:path";

/**
 * The bundle's path when its manifest (cli/.dist/manifest.json for the CLI, serve.manifest.json for the server) exists and every input it lists still has its
 * recorded size and mtime (a stat of each, ~100 files); undefined when any changed, is gone, or
 * there is no bundle, so an edited cli/ or lib/ never runs stale code. An installed package (no
 * .git beside it, as in scripts/build-if-needed.ts) is not edited and npm gives all its files one
 * old mtime: there the sizes alone are compared.
 */
export function currentBundle(root, name = "recollect") {
  const dist = path.join(root, "cli", ".dist");
  // The CLI's manifest kept its first name; the server front's is serve.manifest.json.
  const manifestFile = name === "recollect" ? "manifest.json" : `${name}.manifest.json`;
  const checkMtimes = fs.existsSync(path.join(root, ".git"));
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dist, manifestFile), "utf8"));
  } catch {
    return undefined;
  }
  for (const [input, recorded] of Object.entries(manifest.inputs ?? {})) {
    let stat;
    try {
      stat = fs.statSync(path.join(root, input));
    } catch {
      return undefined;
    }
    if (stat.size !== recorded.size || (checkMtimes && stat.mtimeMs !== recorded.mtimeMs)) return undefined;
  }
  const bundle = path.join(dist, `${name}.mjs`);
  return fs.existsSync(bundle) ? bundle : undefined;
}
