import fs from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

/**
 * The `recollect` CLI as one ESM bundle (cli/.dist/recollect.mjs, git-ignored), so a command starts
 * without tsx's module hooks (~1 s of CPU a call). cli/recollect.mjs runs it only while every input
 * listed in its manifest still has the size and mtime recorded here; otherwise it falls back to tsx.
 * The server's front (server/serve.ts) is bundled the same way (cli/.dist/serve.mjs): a server then
 * starts without tsx hooking every module Next.js loads (about 0.9 s of CPU a start, docs/testing.md);
 * server/command.ts takes it on the same condition.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
export const DIST_DIR = path.join(ROOT, "cli", ".dist");
export const BUNDLE = path.join(DIST_DIR, "recollect.mjs");
export const MANIFEST = path.join(DIST_DIR, "manifest.json");
export const SERVE_BUNDLE = path.join(DIST_DIR, "serve.mjs");
export const SERVE_MANIFEST = path.join(DIST_DIR, "serve.manifest.json");

export interface CliManifest {
  /** Inputs relative to the checkout root, with the size and mtime they had when bundled. */
  inputs: Record<string, { size: number; mtimeMs: number }>;
}

// Modules that find files next to themselves (install-mcp's BIN, serve.ts's ROOT, agent prompts,
// main guards) must see their ORIGINAL location: import.meta is rewritten to that file's URL,
// computed from the bundle's own URL at run time (a relative path, so no machine path is baked in).
const IMPORT_META = /\bimport\.meta\.(url|dirname|filename)\b/g;
const originalLocation: Plugin = {
  name: "original-import-meta",
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, "utf8");
      if (!source.includes("import.meta.")) return undefined;
      const rel = JSON.stringify(path.relative(DIST_DIR, args.path).split(path.sep).join("/"));
      const url = `new URL(${rel}, import.meta.url)`;
      const contents = source.replace(IMPORT_META, (_m, field: string) =>
        field === "url" ? `${url}.href` : field === "filename" ? `__recollectPath(${url})` : `__recollectDir(__recollectPath(${url}))`,
      );
      return { contents, loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
    });
  },
};

/** Bundles `entry` into `outfile` and writes the manifest of its inputs; returns the number of inputs. */
async function bundle(entry: string, outfile: string, manifest: string): Promise<number> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    metafile: true,
    logLevel: "warning",
    banner: { js: 'import { fileURLToPath as __recollectPath } from "node:url";\nimport { dirname as __recollectDir } from "node:path";' },
    plugins: [originalLocation],
  });
  const inputs: CliManifest["inputs"] = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const stat = fs.statSync(path.join(ROOT, input));
    inputs[input] = { size: stat.size, mtimeMs: stat.mtimeMs };
  }
  fs.writeFileSync(manifest, `${JSON.stringify({ inputs } satisfies CliManifest)}\n`);
  return Object.keys(inputs).length;
}

/** Bundles the CLI (cli/index.ts) and the server's front (server/serve.ts); returns the number of inputs. */
export async function buildCli(): Promise<number> {
  const [cli, serve] = await Promise.all([bundle("cli/index.ts", BUNDLE, MANIFEST), bundle("server/serve.ts", SERVE_BUNDLE, SERVE_MANIFEST)]);
  return cli + serve;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const count = await buildCli();
  console.log(`[recollect] CLI and server bundled: ${path.relative(ROOT, BUNDLE)}, ${path.relative(ROOT, SERVE_BUNDLE)} (${count} inputs)`);
}
