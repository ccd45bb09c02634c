import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * What `npm install -g recollect` would get: the package is publishable and carries the CLI, the
 * server, the plugin entry and the migrations, never the tests. `npm pack --dry-run` lists the
 * tarball's files without building or writing anything.
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
    // @opencode-ai/plugin: the plugin imports its `tool` helper at run time.
    for (const dep of ["tsx", "next", "better-sqlite3", "commander", "smol-toml", "yaml", "@opencode-ai/plugin"])
      expect(pkg.dependencies[dep], dep).toBeDefined();
  });

  it("packs the CLI, server, plugin, migrations and app, and no tests, benchmarks or caches", { timeout: 120_000 }, () => {
    const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const files = new Set((JSON.parse(out)[0].files as { path: string }[]).map((f) => f.path));
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
    for (const f of files) expect(f, f).not.toMatch(/^(tests|e2e|bench|node_modules|\.git)\/|^\.next\/(cache|types)\//);
  });
});
