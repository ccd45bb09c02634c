import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * One owner for state (issue 43, point 3). A database's state lives in `ctx.services`
 * (lib/services.ts) or, below the verbs, in a slot of `lib/db/connection-state.ts`; process-wide
 * values in a `processSingleton`. A module-level `let` or an empty `new Map()` / `Set` / `WeakMap`
 * filled at run time is a cache Next.js makes once per bundle and no test can reset: refused
 * outside the allow-list below, each entry with its reason. docs/services.md names every slot and
 * every process singleton.
 */
const ROOT = path.resolve(__dirname, "../../..");

/** `file:name` -> why a module-level cache is right there. */
const ALLOWED: Record<string, string> = {
  "lib/config.ts:cached": "the configuration read once per process (env and file); tests reset it with resetConfigCache",
  "lib/projects/identify.ts:cache": "directory -> project identity, a memo of git and the file system, not of a database",
  "lib/projects/identify.ts:liveCopies": "directory -> whether it is a live copy of a template, a memo of the file system with its age",
  "lib/enrichment/refs.ts:remotes": "directory -> its git remote (a promise: one `git` a directory), a memo of git",
  "lib/enrichment/refs.ts:knownRemotes": "the settled remotes of `remotes`, read synchronously",
  "lib/search/tokenizer.ts:stemCache": "word -> stem, a memo of a pure function",
  "lib/search/format.ts:wordTermsMemo": "word -> its terms for snippets, a memo of a pure function",
  "lib/search/format.ts:prefixCounts": "a result line's prefix -> its token count, a memo of a pure function",
  "lib/metrics/http.ts:fieldsByRoute": "method, route and path -> the request line's redacted fields, a memo of a pure function",
  "lib/search/date-signal.ts:statedMemo": "reference time and text -> the times it states, a memo of a pure function",
  "lib/search/tokenizer.ts:recent": "text -> tokens for the last few texts, a memo of a pure function",
  "lib/search/bilingual.ts:dictionary": "the bundled dictionary, loaded on first use and never changed",
  "lib/compression/phases/select.ts:tags": "text -> tag, a memo of a pure function",
  "lib/importers/projects.ts:cache": "a foreign tool's project file -> its project, a memo of the file system",
  "lib/security/redact-fields.ts:redactedKeys": "key -> redacted key, a memo of a pure function",
  "lib/compression/phases/assemble.ts:partsShown":
    "request part -> the part answered for it last time (weak: gone with the request's objects), a memo of a pure function",
  "lib/compression/phases/assemble.ts:messagesShown":
    "request message -> the message answered for it last time (weak: gone with the request's objects), a memo of a pure function",
  "lib/injection/stable.ts:blockCache": "rows and budget -> rendered block, a memo of a pure function (the key holds every row's id and update time)",
  "lib/compression/validate.ts:checkedMessages":
    "request messages that passed the shape check (weak: gone with the request's objects), a memo of a pure function of an input never changed",
  "lib/indexing/hamming.ts:compiled": "the Hamming-distance WebAssembly module compiled from constant bytes, once per process (code, not data)",
};

/**
 * The process singletons, each with why it is process-wide rather than a database's (`ctx.services`)
 * or a connection's (`connectionSlot`). The list only shrinks: state of one database goes there.
 */
const PROCESS_SINGLETONS: Record<string, string> = {
  boot: "the booted server itself: its Ctx holds the database's services",
  shutdown: "the steps the process runs on SIGTERM/SIGINT",
  logSink: "the log file, opened by boot and written before and without a database",
  connectionState: "the owner of every connection slot (one WeakMap for all bundles)",
  writeLaterDue: "deferred writes of every connection, flushed when the process exits",
  walIndexDescriptors: "one read-only descriptor per WAL index (-shm), never closed: a close drops the process's SQLite locks on it",
  "sliced-write-gate": "the one sliced write (an import) holding the write lock on its own connection, and the requests waiting for it",
  requestMetrics: "request counts of the process (/api/metrics), recorded before a database is opened",
  injectedBlocks: "counts of the process's injected blocks (/api/metrics)",
  tokenCounts: "token counts by content hash: a memo of a pure function shared by every bundle",
  nearDuplicateStampVersions: "a counter that keeps every connection's index stamps unique",
  "direct-routes": "the route handlers the front gate calls without Next.js (code, not data)",
  "direct-bodies": "the JSON text (or compress bytes) of answers on their way from a route's bundle to the front gate (weak: gone with the response)",
  "direct-request-bodies": "small request bodies the front gate read whole, on their way to a route's bundle (weak: gone with the request)",
  markdownWorker: "one worker thread of the process",
  "team-hub": "the hub's PostgreSQL pool: one per process (RECOLLECT_DATABASE_URL), not per SQLite database",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}
const files = sourceFiles("lib");
const parsed = files.map((file) => ({ file, sf: ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true) }));

const COLLECTIONS = new Set(["Map", "Set", "WeakMap", "WeakSet"]);

/** Module-level `let`/`var`, and consts initialised with an empty collection: `file:name`. */
function moduleLevelCaches(): string[] {
  const found: string[] = [];
  for (const { file, sf } of parsed) {
    for (const statement of sf.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const d of statement.declarationList.declarations) {
        const name = d.name.getText(sf);
        const init = d.initializer;
        const emptyCollection =
          init !== undefined && ts.isNewExpression(init) && COLLECTIONS.has(init.expression.getText(sf)) && (init.arguments?.length ?? 0) === 0;
        if (!isConst || emptyCollection) found.push(`${file}:${name}`);
      }
    }
  }
  return found;
}

/** The first argument of every call of `fn` with a string literal: the names of the state kept. */
function namesPassedTo(fn: string): string[] {
  const names: string[] = [];
  for (const { sf } of parsed) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.expression.getText(sf) === fn && node.arguments[0] && ts.isStringLiteral(node.arguments[0]))
        names.push(node.arguments[0].text);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return names;
}

describe("state in lib/ has one owner", () => {
  it("no module-level mutable cache outside the allow-list", () => {
    const caches = moduleLevelCaches();
    expect(caches.filter((c) => !(c in ALLOWED))).toEqual([]);
    // An entry whose cache is gone goes too.
    expect(Object.keys(ALLOWED).filter((c) => !caches.includes(c))).toEqual([]);
  });

  it("finds what it refuses", () => {
    const sf = ts.createSourceFile(
      "x.ts",
      "let a = 1;\nconst b = new Map<string, number>();\nconst c = new Set([1]);\nconst d = 2;",
      ts.ScriptTarget.Latest,
      true,
    );
    parsed.push({ file: "probe.ts", sf });
    try {
      expect(moduleLevelCaches().filter((c) => c.startsWith("probe.ts:"))).toEqual(["probe.ts:a", "probe.ts:b"]);
    } finally {
      parsed.pop();
    }
  });

  it("no process singleton outside its list (a database's state is in ctx.services or a connection slot)", () => {
    const singletons = namesPassedTo("processSingleton");
    expect(singletons.filter((name) => !(name in PROCESS_SINGLETONS))).toEqual([]);
    expect(Object.keys(PROCESS_SINGLETONS).filter((name) => !singletons.includes(name))).toEqual([]);
  });

  it("docs/services.md names every connection slot and process singleton", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs/services.md"), "utf8");
    const slots = namesPassedTo("connectionSlot");
    const singletons = namesPassedTo("processSingleton");
    expect(slots.length).toBeGreaterThan(8);
    expect(singletons.length).toBeGreaterThan(10);
    expect([...slots, ...singletons].filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });

  it("docs/services.md names every service of ctx.services", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs/services.md"), "utf8");
    const services = fs.readFileSync(path.join(ROOT, "lib/services.ts"), "utf8");
    const fields = [...(services.match(/export interface Services \{([\s\S]*?)\n\}/)?.[1] ?? "").matchAll(/^ {2}(\w+):/gm)].map((m) => m[1]);
    expect(fields.length).toBeGreaterThan(5);
    expect(fields.filter((f) => !doc.includes(`| \`${f}\` |`))).toEqual([]);
  });
});
