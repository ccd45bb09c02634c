import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TOOLS } from "../../../lib/mcp/registry";
import { ROOT } from "../../../scripts/build-if-needed";

/**
 * The MCP server is an adapter over lib verbs (issue 43): one tool a file, no SQL and no logging
 * to the console. Imports of the schema, drizzle and better-sqlite3 are refused by the
 * dependency rule `mcp-is-an-adapter-over-verbs` (.dependency-cruiser.cjs); this reads what an
 * import rule cannot see: statements run on a connection handed down through the context.
 */
const MCP = path.join(ROOT, "lib", "mcp");
const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));

describe("lib/mcp is an adapter over verbs", () => {
  it("runs no SQL and no transaction of its own, and logs through the logger", () => {
    const offending = sources(MCP).flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      return [/\.prepare\(/, /\.transaction\(/, /\bctx\.db\b/, /\.exec\(\s*["'`]/, /\bconsole\.(log|error|warn)\(/]
        .filter((re) => re.test(text))
        .map((re) => `${path.relative(ROOT, file)}: ${re}`);
    });
    expect(offending).toEqual([]);
  });

  it("holds one tool a file, each registered once", () => {
    const files = fs.readdirSync(path.join(MCP, "tools")).filter((f) => f.endsWith(".ts"));
    for (const f of files) expect((fs.readFileSync(path.join(MCP, "tools", f), "utf8").match(/defineTool\(/g) ?? []).length, f).toBe(1);
    expect(TOOLS).toHaveLength(files.length);
    expect(new Set(TOOLS.map((t) => t.name)).size).toBe(TOOLS.length);
    // The file is named after the tool (kebab case).
    expect(files.map((f) => f.replace(/\.ts$/, "")).sort()).toEqual(TOOLS.map((t) => t.name.replace(/_/g, "-")).sort());
  });
});
