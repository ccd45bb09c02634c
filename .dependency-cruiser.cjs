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
        "(lib/contracts), the pure vocabulary and helpers with no imports of their own (trimming, cutting on code points, the server's proof, " +
        "the loop grant, the layout of a session's record of injected blocks in segments).",
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
          "^lib/injection/record-segments\\.ts$",
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
    {
      name: "memories-does-not-import-search",
      severity: "error",
      comment:
        "lib/search reads memories (rows, DTOs); lib/memories never imports lib/search, so the two folders never import each other. " +
        "A verb's index work goes through lib/indexing.",
      from: { path: "^lib/memories/" },
      to: { path: "^lib/search/" },
    },
    {
      name: "memories-index-through-after-write",
      severity: "error",
      comment:
        "lib/memories tells the indexes of a write through one function (lib/indexing/after-write.ts `updateIndexes`), " +
        "catches them up before a read (before-read.ts) and asks the near-duplicate check (near-duplicate.ts); nothing else of lib/indexing.",
      from: { path: "^lib/memories/" },
      to: { path: "^lib/indexing/", pathNot: ["^lib/indexing/after-write\\.ts$", "^lib/indexing/before-read\\.ts$", "^lib/indexing/near-duplicate\\.ts$"] },
    },
    {
      name: "search-only-reads-the-indexes",
      severity: "error",
      comment:
        "lib/search reads the indexes: from lib/indexing only the catch-up before a read (before-read.ts) and the vector index's lookup (vector-index.ts).",
      from: { path: "^lib/search/" },
      to: { path: "^lib/indexing/", pathNot: ["^lib/indexing/before-read\\.ts$", "^lib/indexing/vector-index\\.ts$"] },
    },
    {
      name: "indexing-derived-through-its-entry",
      severity: "error",
      comment:
        "The index rows written behind creates (lib/indexing/derived.ts) are reached from outside lib/indexing through its public entry " +
        "(lib/indexing/index.ts), or after-write.ts / before-read.ts for memories and search; only derived.ts's own unit test imports it directly.",
      from: { pathNot: ["^lib/indexing/", "^tests/lib/memories/derived\\.test\\.ts$"] },
      to: { path: "^lib/indexing/derived\\.ts$" },
    },
    {
      name: "production-code-imports-no-tests",
      severity: "error",
      comment: "What ships (lib, app, server, cli, plugin, scripts) never imports tests/, e2e/ or bench/: those are not in the package.",
      from: { path: "^(lib|app|server|cli|plugin|scripts)/|^(proxy|instrumentation)\\.ts$" },
      to: { path: "^(tests|e2e|bench)/" },
    },
    {
      name: "no-imports-of-test-files",
      severity: "error",
      comment: "A test or spec file is run, never imported: what two of them share goes in a helper (tests/helpers/, e2e/*/helpers/).",
      from: {},
      to: { path: "\\.(test|spec)\\.tsx?$" },
    },
    {
      name: "bench-and-e2e-drive-the-built-server",
      severity: "error",
      comment:
        "Benchmarks and end-to-end specs measure and drive the built server over HTTP, never the Next.js routes and pages in app/; but bench/plugin/turn-stages.ts, which replays the compress route's own steps in process to time each one, and bench/plugin/turn-route.ts, which calls the compress route in process to take its CPU per turn without the socket, and bench/adversarial/answer-hold.ts, which times the compress answer's encoding in process, and bench/adversarial/worker-hold-work.ts, which runs the compress route's work in this thread or a worker thread to compare the main event loop, and bench/plugin/direct-path.ts, which runs the real compress route behind node:http to compare the direct path's two ways of passing a body.",
      from: { path: "^(bench|e2e)/", pathNot: "^bench/(plugin/(turn-(stages|route)|direct-path)|adversarial/(answer|worker)-hold(-work)?)\\.ts$" },
      to: { path: "^app/" },
    },
    {
      name: "tests-import-bench-helpers-not-benchmarks",
      severity: "error",
      comment: "A test may use a benchmark's generators and scorers (bench/lib/, bench/<area>/<helper>.ts), never a benchmark's entry, which runs it.",
      from: { path: "^tests/" },
      to: { path: "^bench/[^/]+/index\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(\\.next[^/]*|tests/fixtures|cli/\\.dist)/" },
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
