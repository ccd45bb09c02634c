import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { documentedFigures, measurePackage, packDryRun } from "../../scripts/package-size";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * What `npm install -g recollect` would get: the package is publishable and carries the CLI, the
 * server, the plugin entry and the migrations, never the tests. `npm pack --dry-run` (run once, for
 * both the file list and the sizes) lists the tarball's files without building or writing anything.
 */
describe("the npm package", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));

  it("is publishable, with the recollect bin and the plugin as its entry", () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.bin).toEqual({ recollect: "cli/recollect.mjs" });
    expect(pkg.main).toBe("plugin/index.ts");
    expect(pkg.exports["."]).toBe("./plugin/index.ts");
    expect(pkg.scripts.prepack).toMatch(/build-if-needed/);
    // What the bin needs at run time is a dependency, not a devDependency.
    // opencode-zod: the zod 4.1.8 of the plugin's own `tool()` helper (plugin/tool.ts), at run time.
    for (const dep of ["tsx", "next", "better-sqlite3", "commander", "smol-toml", "yaml", "opencode-zod"]) expect(pkg.dependencies[dep], dep).toBeDefined();
    // Not @opencode-ai/plugin: its effect dependency asks for Node 22 (an EBADENGINE on every install); types and tests only.
    expect(pkg.dependencies["@opencode-ai/plugin"]).toBeUndefined();
    expect(pkg.devDependencies["@opencode-ai/plugin"]).toBeDefined();
  });

  // `npm pack --dry-run` gzips the whole package (about 67 MB): 123 s at load 30 on 2 cores.
  it("packs the CLI, server, plugin, migrations and app, and no tests, benchmarks or caches", { timeout: 300_000 }, () => {
    const files = new Set(packDryRun().files.map((f) => f.path));
    for (const f of [
      "cli/recollect.mjs",
      "cli/index.ts",
      "plugin/index.ts",
      "server/serve.ts",
      "lib/db/schema.ts",
      "scripts/build-if-needed.ts",
      "scripts/install-plugin.ts",
      "scripts/next-externals.ts",
      "next.config.ts",
      "app/layout.tsx",
    ])
      expect(files.has(f), f).toBe(true);
    expect([...files].some((f) => f.startsWith("drizzle/") && f.endsWith(".sql"))).toBe(true);
    for (const f of files) expect(f, f).not.toMatch(/^(tests|e2e|bench|node_modules|\.git)\/|^\.next\/(cache|types|diagnostics)\//);
    // Lean: no source maps (45 MB of 67 MB before) and no file traces (only deployment tools read them).
    for (const f of files) expect(f, f).not.toMatch(/\.map$|\.nft\.json$/);
  });

  // The figures in docs/install.md come from scripts/package-size.ts, never by hand: they must
  // still describe the package (within 10%). Needs the production build the package ships.
  it.skipIf(!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID")))(
    "docs/install.md gives the tarball's measured size (`npx tsx scripts/package-size.ts --write` refreshes it)",
    { timeout: 300_000 },
    () => {
      const measured = measurePackage();
      const documented = documentedFigures();
      expect(documented, "docs/install.md has no package-size block").toBeDefined();
      const near = (doc: number, real: number) => Math.abs(doc - real) / real <= 0.1;
      expect(near(documented!.files, measured.files), `${documented!.files} files documented, ${measured.files} packed`).toBe(true);
      expect(near(documented!.packedMb, measured.packedBytes / 1e6), `${documented!.packedMb} MB documented, ${measured.packedBytes} bytes packed`).toBe(true);
      expect(near(documented!.unpackedMb, measured.unpackedBytes / 1e6)).toBe(true);
      expect(measured.sourceMaps).toBe(0);
    },
  );
});
