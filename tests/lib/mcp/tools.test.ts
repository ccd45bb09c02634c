import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OSM_TOOL_ALIASES, OSM_TOOLS } from "../../../lib/mcp/compat";
import { TOOLS } from "../../../lib/mcp/registry";
import { definitionTokens } from "../../../lib/mcp/tool-list";
import { getMemory, listVersions } from "../../../lib/memories";
import { lookupProject } from "../../../lib/projects/lookup";
import { testCtx } from "../../helpers/ctx";
import { ALL_TOOLS, call, connectInProcess, LEAN_TOOLS } from "../../helpers/mcp-client";
import { tempDir } from "../../helpers/server";

/**
 * The `memory` MCP server's tools through the official SDK client, in process (InMemoryTransport)
 * on a real database: the lean list and its cost, call_tool, the client's roots as the default
 * project, and opencode-semantic-memory's tool and argument names. Over HTTP: tests/http/mcp*.test.ts.
 */
const ctx = testCtx();
afterAll(() => ctx.close());

describe("tool lists", () => {
  it("lists the lean set by default, under 1,000 tokens of definitions; every tool stays callable by name", async () => {
    const { client, close } = await connectInProcess(ctx, { directory: tempDir("mcp-lean-") });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(LEAN_TOOLS);
      expect(definitionTokens(tools)).toBeLessThanOrEqual(1000);
      for (const t of tools) {
        expect(t.inputSchema.type).toBe("object");
        // Bounds are enforced on call, not spelled out in every request.
        expect(JSON.stringify(t.inputSchema)).not.toMatch(/maxLength|\$schema/);
      }
      // Not listed, still callable by its name.
      const started = await call(client, "session_start", { session_id: "lean_1" });
      expect(started.isError, started.text).toBe(false);
      expect(started.result.session.id).toBe("lean_1");
    } finally {
      await close();
    }
  });

  it("full lists every tool; osm lists opencode-semantic-memory's names and argument names", async () => {
    const full = await connectInProcess(ctx, { toolList: "full" });
    const osm = await connectInProcess(ctx, { toolList: "osm" });
    try {
      expect((await full.client.listTools()).tools.map((t) => t.name).sort()).toEqual(ALL_TOOLS);
      const osmTools = (await osm.client.listTools()).tools;
      expect(osmTools.map((t) => t.name).sort()).toEqual([...OSM_TOOLS, "call_tool"].sort());
      const claim = osmTools.find((t) => t.name === "claim_item")!;
      expect(Object.keys(claim.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(["session_id", "item_ref"]));
      expect(claim.inputSchema.required).toEqual(["session_id", "item_ref"]);
      const ingest = osmTools.find((t) => t.name === "ingest_file")!;
      expect(ingest.inputSchema.required).toEqual(["file_path"]);
    } finally {
      await full.close();
      await osm.close();
    }
  });

  it("call_tool lists every other tool with its arguments, runs one, and names a wrong argument", async () => {
    const { client, close } = await connectInProcess(ctx, { directory: tempDir("mcp-call-") });
    try {
      const listing = await call(client, "call_tool");
      const names = listing.result.tools.map((t: { name: string }) => t.name).sort();
      expect(names).toEqual(ALL_TOOLS.filter((n) => n !== "call_tool"));
      expect(listing.text).toContain("claim_item(session_id, item, note?, ttl_seconds?, project?)");

      const stored = await call(client, "call_tool", { tool: "remember", args: { content: "call_tool reaches remember", category: "fact" } });
      expect(stored.isError, stored.text).toBe(false);
      const history = await call(client, "call_tool", { tool: "search_history", args: { query: "call_tool reaches" } });
      expect(history.result.results.map((m: { id: string }) => m.id)).toEqual([stored.result.memory.id]);

      const bad = await call(client, "call_tool", { tool: "claim_item", args: { session_id: "s" } });
      expect(bad.isError).toBe(true);
      expect(bad.text).toContain("item");
      const unknown = await call(client, "call_tool", { tool: "no_such_tool", args: {} });
      expect(unknown.isError).toBe(true);
      expect(unknown.text).toContain('no tool "no_such_tool"');
      expect((await call(client, "call_tool", { tool: "call_tool" })).isError).toBe(true);
    } finally {
      await close();
    }
  });
});

describe("the default project: the client's roots", () => {
  it("a write without project goes to the client's first root, asked once per session", async () => {
    const root = tempDir("mcp-root-");
    const other = tempDir("mcp-cwd-");
    const { client, rootsAsked, close } = await connectInProcess(ctx, { directory: other }, { roots: [root] });
    try {
      const a = await call(client, "remember", { content: "Roots decide the project of this memory", category: "fact" });
      expect(a.isError, a.text).toBe(false);
      expect(a.result.memory.projectId).toBe(lookupProject(ctx, root));
      expect(a.result.memory.scope).toBe("project");
      const recall = await call(client, "recall", { query: "roots decide the project" });
      expect(recall.result.results.map((m: { id: string }) => m.id)).toEqual([a.result.memory.id]);
      expect(rootsAsked()).toBe(1);

      // The client says its roots changed: asked again at the next call.
      await client.sendRootsListChanged();
      await call(client, "get_boot_context", {});
      expect(rootsAsked()).toBe(2);

      // An explicit project wins over the roots.
      const b = await call(client, "remember", { content: "An explicit project wins over roots", category: "fact", project: other });
      expect(b.result.memory.projectId).toBe(lookupProject(ctx, other));
    } finally {
      await close();
    }
  });

  it("a subdirectory root is its repository's project, as the plugin's directory is", async () => {
    const repo = tempDir("mcp-root-repo-");
    fs.mkdirSync(path.join(repo, ".git"));
    fs.mkdirSync(path.join(repo, "packages", "app"), { recursive: true });
    const { client, close } = await connectInProcess(ctx, {}, { roots: [path.join(repo, "packages", "app")] });
    try {
      const r = await call(client, "remember", { content: "A memory from a package of the repository", category: "fact" });
      expect(r.result.memory.projectId).toBe(lookupProject(ctx, repo));
    } finally {
      await close();
    }
  });

  it("without roots: the directory `recollect mcp` forwards; `--directory` wins over roots", async () => {
    const cwd = tempDir("mcp-bridge-cwd-");
    const plain = await connectInProcess(ctx, { directory: cwd });
    const pinned = tempDir("mcp-pinned-");
    const withPin = await connectInProcess(ctx, { directory: pinned, directoryPinned: true }, { roots: [tempDir("mcp-ignored-root-")] });
    try {
      const a = await call(plain.client, "remember", { content: "No roots: the bridge's directory", category: "fact" });
      expect(a.result.memory.projectId).toBe(lookupProject(ctx, cwd));
      const b = await call(withPin.client, "remember", { content: "A pinned directory beats roots", category: "fact" });
      expect(b.result.memory.projectId).toBe(lookupProject(ctx, pinned));
      expect(withPin.rootsAsked()).toBe(0);
    } finally {
      await plain.close();
      await withPin.close();
    }
  });
});

describe("bulk_archive calls the verb", () => {
  it("archives a project's live memories of a category in one go, each keeping the reason", async () => {
    const dir = tempDir("mcp-bulk-");
    const elsewhere = tempDir("mcp-bulk-other-");
    const { client, close } = await connectInProcess(ctx, { directory: dir });
    try {
      const ids: string[] = [];
      for (const c of ["idea: cache the embeddings on disk", "idea: shard the index by project"])
        ids.push((await call(client, "remember", { content: c, category: "idea" })).result.memory.id);
      const kept = (await call(client, "remember", { content: "idea: a dark theme", category: "idea", project: elsewhere })).result.memory.id;
      const r = await call(client, "bulk_archive", { category: "idea", project: dir, reason: "ideas triaged" });
      expect(r.isError, r.text).toBe(false);
      expect(r.result.archived.sort()).toEqual(ids.sort());
      for (const id of ids) {
        expect(getMemory(ctx, id).status).toBe("archived");
        expect(listVersions(ctx, id).map((v) => v.reason)).toContain("ideas triaged");
      }
      expect(getMemory(ctx, kept).status).toBe("active");
      expect((await call(client, "bulk_archive", { reason: "x" })).text).toContain("ids");
    } finally {
      await close();
    }
  });
});

/** Every opencode-semantic-memory tool Recollect answers, called with its own tool and argument names. */
describe("opencode-semantic-memory's tool signatures", () => {
  const dir = tempDir("mcp-osm-");
  let session: Awaited<ReturnType<typeof connectInProcess>>;
  const osm = (name: string, args: Record<string, unknown> = {}) => call(session.client, name, args);
  const stored = async (content: string, category = "fact") =>
    (await osm("remember", { content, category, working_directory: dir })).result.memory.id as string;
  beforeAll(async () => {
    session = await connectInProcess(ctx, {}, {});
  });
  afterAll(() => session.close());

  const cases: [string, () => Promise<void>][] = [
    [
      "remember(content, category, what, why, learned, entities, working_directory)",
      async () => {
        const r = await osm("remember", {
          content: "Ship the importer first",
          category: "goal",
          what: "importer",
          why: "users migrate",
          learned: "order matters",
          entities: ["#9"],
          working_directory: dir,
        });
        expect(r.isError, r.text).toBe(false);
        expect(r.result.memory).toMatchObject({ category: "plan", projectId: lookupProject(ctx, dir) });
        expect(r.result.memory.content).toContain("Why: users migrate");
      },
    ],
    [
      "recall(query, limit, working_directory)",
      async () => {
        const id = await stored("The osm recall alias finds zircon tokens");
        const r = await osm("recall", { query: "zircon tokens", limit: 5, working_directory: dir, traverse: true });
        expect(r.result.results.map((m: { id: string }) => m.id)).toEqual([id]);
      },
    ],
    [
      "search_history(query, category, limit)",
      async () => {
        const id = await stored("A decision about basalt caching", "decision");
        const r = await osm("search_history", { query: "basalt caching", category: "decision", limit: 3 });
        expect(r.result.results.map((m: { id: string }) => m.id)).toContain(id);
      },
    ],
    [
      "get_context(entity_ref)",
      async () => {
        const id = await stored("Issue #4711 needs a migration");
        const r = await osm("get_context", { entity_ref: "#4711" });
        expect(r.result.memories.map((m: { id: string }) => m.id)).toEqual([id]);
      },
    ],
    ["get_boot_context(working_directory)", async () => expect((await osm("get_boot_context", { working_directory: dir })).isError).toBe(false)],
    [
      "get_ground_truth(working_directory, decision_limit)",
      async () => {
        const r = await osm("get_ground_truth", { working_directory: dir, decision_limit: 5 });
        expect(r.isError, r.text).toBe(false);
        expect(r.result.parts).toBeDefined();
      },
    ],
    [
      "get_by_id(memory_id)",
      async () => {
        const id = await stored("Fetched by its id");
        expect((await osm("get_by_id", { memory_id: id })).result.memory.id).toBe(id);
      },
    ],
    [
      "create_link(source_memory_id, target_memory_id, link_type) and get_linked_memories(memory_id, link_types)",
      async () => {
        const a = await stored("Link source about granite");
        const b = await stored("Link target about granite");
        const link = await osm("create_link", { source_memory_id: a, target_memory_id: b, link_type: "related", strength: 0.9 });
        expect(link.isError, link.text).toBe(false);
        const linked = await osm("get_linked_memories", { memory_id: a, link_types: ["related"] });
        expect(linked.result.links.map((l: { kind: string; memory: { id: string } }) => [l.kind, l.memory.id])).toEqual([["relates", b]]);
      },
    ],
    [
      "edit_memory(memory_id, content, what)",
      async () => {
        const id = await stored("Before the edit");
        const r = await osm("edit_memory", { memory_id: id, content: "After the edit", what: "Edited title" });
        expect(r.isError, r.text).toBe(false);
        expect(getMemory(ctx, id)).toMatchObject({ content: "After the edit", title: "Edited title" });
      },
    ],
    [
      "archive_memory(memory_id, reason)",
      async () => {
        const id = await stored("To be archived by the alias");
        await osm("archive_memory", { memory_id: id, reason: "stale" });
        expect(getMemory(ctx, id).status).toBe("archived");
      },
    ],
    [
      "delete_memory(memory_id) archives (restorable)",
      async () => {
        const id = await stored("To be deleted by the alias");
        expect((await osm("delete_memory", { memory_id: id, also_delete_vector: true })).result.removed).toBe(false);
        expect(getMemory(ctx, id).status).toBe("archived");
      },
    ],
    [
      "bulk_archive(memory_ids, reason)",
      async () => {
        const id = await stored("Bulk archived by memory_ids");
        expect((await osm("bulk_archive", { memory_ids: [id], reason: "cleanup" })).result.archived).toEqual([id]);
      },
    ],
    [
      "resolve_blocker(memory_id) and unresolve_blocker(memory_id)",
      async () => {
        const id = await stored("The build server is down", "blocker");
        expect((await osm("resolve_blocker", { memory_id: id })).result.memory.status).toBe("resolved");
        expect((await osm("unresolve_blocker", { memory_id: id })).result.memory.status).toBe("active");
      },
    ],
    [
      "log_session(summary, learnings, working_directory)",
      async () => {
        const r = await osm("log_session", { summary: "Ported the aliases", learnings: ["aliases need tests"], working_directory: dir });
        expect(r.result.learnings).toHaveLength(1);
      },
    ],
    [
      "session_start(session_id, working_on), session_heartbeat(session_id), get_active_sessions(), claim_item(session_id, item_ref), release_item(session_id, item_ref), session_end(session_id, summary), session_wrap_up(session_id, summary)",
      async () => {
        // Sessions and claims belong to a project: the caller's root or `working_directory` elsewhere; here, the one of a second client.
        const withDir = await connectInProcess(ctx, { directory: dir });
        try {
          const c = (name: string, args: Record<string, unknown>) => call(withDir.client, name, args);
          expect((await c("session_start", { session_id: "osm_1", working_on: "#12" })).isError).toBe(false);
          expect((await c("session_heartbeat", { session_id: "osm_1" })).isError).toBe(false);
          const claim = await c("claim_item", { session_id: "osm_1", item_ref: "#12" });
          expect(claim.isError, claim.text).toBe(false);
          expect(claim.result.claim.item).toBe("#12");
          expect((await c("get_active_sessions", {})).text).toContain("claims: #12");
          expect((await c("release_item", { session_id: "osm_1", item_ref: "#12" })).result.released).toBe(true);
          expect((await c("session_end", { session_id: "osm_1", summary: "done" })).result.session.status).toBe("ended");
          await c("session_start", { session_id: "osm_2" });
          expect((await c("session_wrap_up", { session_id: "osm_2", summary: "wrapped" })).result.session.status).toBe("ended");
        } finally {
          await withDir.close();
        }
      },
    ],
    ["enrich_entity(entity_ref)", async () => expect((await osm("enrich_entity", { entity_ref: "src/app.ts" })).result.status).toBe("not_a_tracker_item")],
    [
      "ingest_file(file_path)",
      async () => {
        const file = path.join(tempDir("mcp-osm-notes-"), "notes.md");
        fs.writeFileSync(file, "# Decisions\n\n- The aliases map file_path to path.\n");
        const r = await osm("ingest_file", { file_path: file });
        expect(r.isError, r.text).toBe(false);
        expect(r.result.counts.new).toBe(1);
      },
    ],
    [
      "bootstrap_memory(path, index_code)",
      async () => {
        fs.writeFileSync(path.join(dir, "AGENTS.md"), "# Rules\n\n- Never commit generated files.\n");
        const r = await osm("bootstrap_memory", { path: dir, index_code: false });
        expect(r.isError, r.text).toBe(false);
        expect(r.result.directory).toBe(dir);
      },
    ],
    [
      "consolidate_memory(working_directory, days_stale)",
      async () => {
        const r = await osm("consolidate_memory", { working_directory: dir, days_stale: 30 });
        expect(r.isError, r.text).toBe(false);
        expect(r.text).toMatch(/^Looked at \d+ memories/);
      },
    ],
    [
      "export_memories(output_path, working_directory) and import_memories(input_path, dry_run, skip_duplicates)",
      async () => {
        const file = path.join(tempDir("mcp-osm-export-"), "out.json");
        const out = await osm("export_memories", { output_path: file, working_directory: dir, include_archived: true });
        expect(out.isError, out.text).toBe(false);
        const back = await osm("import_memories", { input_path: file, dry_run: true, skip_duplicates: true });
        expect(back.result).toMatchObject({ dryRun: true, created: 0 });
      },
    ],
    [
      "session_start(session_id, working_on, working_directory), session_heartbeat(session_id, working_directory), claim_item(session_id, item_ref, working_directory), get_active_sessions(working_directory), release_item(session_id, item_ref, working_directory)",
      async () => {
        // A client without roots: the project comes from `working_directory` alone.
        const project = lookupProject(ctx, dir);
        const started = await osm("session_start", { session_id: "osm_wd", working_on: "#77", working_directory: dir });
        expect(started.result.session.projectId).toBe(project);
        expect((await osm("session_heartbeat", { session_id: "osm_wd", working_directory: dir })).isError).toBe(false);
        const claim = await osm("claim_item", { session_id: "osm_wd", item_ref: "#77", working_directory: dir });
        expect(claim.isError, claim.text).toBe(false);
        expect(claim.result.claim).toMatchObject({ item: "#77", projectId: project });
        expect((await osm("get_active_sessions", { working_directory: dir })).text).toContain("claims: #77");
        expect((await osm("get_active_sessions", { working_directory: tempDir("mcp-osm-other-") })).text).not.toContain("#77");
        expect((await osm("release_item", { session_id: "osm_wd", item_ref: "#77", working_directory: dir })).result.released).toBe(true);
      },
    ],
    [
      "search_history(query, working_directory)",
      async () => {
        const other = tempDir("mcp-osm-other-");
        const mine = await stored("Obsidian caching was dropped for this project");
        const theirs = (await osm("remember", { content: "Obsidian caching was dropped over there", category: "fact", working_directory: other })).result.memory
          .id;
        const ids = (await osm("search_history", { query: "obsidian caching", working_directory: dir })).result.results.map((m: { id: string }) => m.id);
        expect(ids).toContain(mine);
        expect(ids).not.toContain(theirs);
      },
    ],
    [
      "get_context(entity_ref, working_directory) and enrich_entity(entity_ref, working_directory)",
      async () => {
        // A short ref (#5) means an issue of the project whose origin `working_directory` names.
        const repo = tempDir("mcp-osm-git-");
        execFileSync("git", ["init", "-q"], { cwd: repo });
        execFileSync("git", ["remote", "add", "origin", "https://github.com/acme/widget.git"], { cwd: repo });
        const context = await osm("get_context", { entity_ref: "#5", working_directory: repo });
        expect(context.isError, context.text).toBe(false);
        expect(context.result.tracker?.ref).toBe("github:acme/widget#5");
        // Disabled for this call: the ref is resolved all the same, and no token in the environment reaches GitHub.
        ctx.config.enrichment.enabled = false;
        try {
          const enriched = await osm("enrich_entity", { entity_ref: "#5", working_directory: repo });
          expect(enriched.result).toMatchObject({ status: "disabled", ref: "github:acme/widget#5" });
        } finally {
          ctx.config.enrichment.enabled = true;
        }
      },
    ],
    [
      "bootstrap_memory(working_directory)",
      async () => {
        const project = tempDir("mcp-osm-boot-");
        fs.writeFileSync(path.join(project, "AGENTS.md"), "# Rules\n\n- Keep the changelog in order.\n");
        const r = await osm("bootstrap_memory", { working_directory: project, index_code: false });
        expect(r.isError, r.text).toBe(false);
        expect(r.result.directory).toBe(project);
      },
    ],
  ];

  it.each(cases)("%s", async (_name, run) => {
    await run();
  });

  it("every listed osm name but memory_status (HTTP test: it reads the server's boot) has a case above", () => {
    const covered = cases.map(([name]) => name).join(" ");
    const missing = OSM_TOOLS.filter((n) => n !== "memory_status" && !new RegExp(`\\b${n}\\(`).test(covered));
    expect(missing).toEqual([]);
  });

  it("every argument alias of its tools is called by a case above, by its own tool name", () => {
    // Case titles read `osm_name(arg, arg...)`: which arguments each of its names was called with.
    const called = new Map<string, Set<string>>();
    for (const [title] of cases)
      for (const m of title.matchAll(/(\w+)\(([^)]*)\)/g)) for (const arg of m[2].split(/,\s*/)) called.set(m[1], (called.get(m[1]) ?? new Set()).add(arg));
    const osmNames = (tool: string) => OSM_TOOLS.filter((n) => n === tool || OSM_TOOL_ALIASES[n] === tool);
    const missing = TOOLS.flatMap((tool) =>
      osmNames(tool.name).length === 0
        ? []
        : Object.keys(tool.argAliases ?? {})
            .filter((alias) => !osmNames(tool.name).some((n) => called.get(n)?.has(alias)))
            .map((alias) => `${tool.name}: ${alias}`),
    );
    expect(missing).toEqual([]);
    expect([...called.values()].reduce((n, args) => n + args.size, 0)).toBeGreaterThan(40);
  });

  it("numeric ids (its ids are integers) are taken as text: an unknown one is a not-found error naming it", async () => {
    const r = await osm("get_by_id", { memory_id: 42 });
    expect(r.isError).toBe(true);
    expect(r.text).toContain("42");
  });
});
