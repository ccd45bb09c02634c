/**
 * The layer rules (`npm run lint:deps`, run by `npm test`). Type-only imports count for the cycle
 * rule too: a type cycle is still two modules that cannot be read apart.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "Modules that import each other, even for types only: move what they share into a third module.",
      from: {},
      to: { circular: true },
    },
    {
      name: "db-is-the-bottom-layer",
      severity: "error",
      comment:
        "lib/db (schema, open, migrations, triggers, virtual tables, transactions) imports nothing above it: only lib/db, " +
        "the pure leaf modules (paths, errors, vocabulary, process-singleton) and packages. Open-time work of search or memories goes in lib/open-store.ts.",
      from: { path: "^lib/db/" },
      to: {
        path: "^(lib|app|server|cli|plugin|scripts)/",
        pathNot: ["^lib/db/", "^lib/paths\\.ts$", "^lib/errors\\.ts$", "^lib/vocabulary\\.ts$", "^lib/process-singleton\\.ts$"],
      },
    },
    {
      name: "no-next-in-lib",
      severity: "error",
      comment: "lib/ is the application without its HTTP framework: next/* belongs in app/ (or server/).",
      from: { path: "^lib/" },
      to: { path: "^next(/|$)|node_modules/next/" },
    },
    {
      name: "lib-does-not-import-its-callers",
      severity: "error",
      comment: "lib/ is called by app/, server/ and cli/, never the reverse.",
      from: { path: "^lib/" },
      to: { path: "^(app|server|cli)/" },
    },
    {
      name: "mcp-is-an-adapter-over-verbs",
      severity: "error",
      comment:
        "The MCP server (lib/mcp) parses, calls lib verbs and answers, as app/api does: no database schema, no SQL " +
        "(lib/db, drizzle-orm, better-sqlite3). A query it needs is a verb in the lib folder that owns the data.",
      from: { path: "^lib/mcp/" },
      to: { path: ["^lib/db/", "node_modules/(drizzle-orm|better-sqlite3)/", "^(drizzle-orm|better-sqlite3)(/|$)"] },
    },
    {
      name: "plugin-imports-only-contract-types",
      severity: "error",
      comment:
        "The plugin runs inside OpenCode, not the server: from lib/ it may import only types of the API contracts " +
        "(lib/contracts), the pure vocabulary and three helpers with no imports of their own (trimming, cutting on code points, the server's proof).",
      from: { path: "^plugin/" },
      to: {
        path: "^lib/",
        pathNot: [
          "^lib/contracts/",
          "^lib/vocabulary\\.ts$",
          "^lib/trim-end\\.ts$",
          "^lib/text-slice\\.ts$",
          "^lib/security/server-proof\\.ts$",
          "^lib/security/loop-grant\\.ts$",
        ],
      },
    },
    {
      name: "only-the-redactor-brands",
      severity: "error",
      comment:
        "A `Redacted` value is made only by the redactor: lib/security/redaction/brand.ts (asRedacted) is imported, other than for its types, only by lib/security/redaction/ and lib/security/redact-fields.ts. Everyone else gets a Redacted value by calling redact*.",
      from: { pathNot: ["^lib/security/redaction/", "^lib/security/redact-fields\\.ts$"] },
      to: { path: "^lib/security/redaction/brand\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "plugin-imports-contracts-as-types",
      severity: "error",
      comment: "The plugin bundle must not pull zod schemas in: `import type` from lib/contracts.",
      from: { path: "^plugin/" },
      to: { path: "^lib/contracts/", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(\\.next[^/]*|tests/fixtures)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".d.ts"],
    },
    combinedDependencies: false,
    moduleSystems: ["es6", "cjs"],
  },
};
