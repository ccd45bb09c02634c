import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathToFileURL } from "node:url";
import { Client as SdkClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { definitionTokens } from "../../lib/mcp/tool-list";
import { ALL_TOOLS, call, connectMcp, LEAN_TOOLS } from "../helpers/mcp-client";
import { startServer, tempDir, type TestServer } from "../helpers/server";

let server: TestServer;
let client: Client;
const directory = tempDir("recollect-mcp-proj-");

/** A fake GitHub API on loopback for enrich_entity and get_context. */
let github: http.Server;
let githubUrl: string;
let githubHits = 0;

beforeAll(async () => {
  github = http.createServer((req, res) => {
    githubHits++;
    const found = req.url === "/api/v3/repos/acme/app/issues/42" && req.headers.authorization === "Bearer test-gh-token";
    res.writeHead(found ? 200 : 404, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        found ? { title: "Flaky login test", state: "open", labels: [{ name: "ci" }], assignees: [{ login: "ada" }], milestone: { title: "v3" } } : {},
      ),
    );
  });
  await new Promise<void>((r) => github.listen(0, "127.0.0.1", r));
  githubUrl = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
  server = await startServer({ env: { GITHUB_TOKEN: "test-gh-token", RECOLLECT_ENRICHMENT_GITHUB_API_URL: `${githubUrl}/api/v3` } });
  client = await connectMcp(server.url, server.token);
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
  await new Promise((r) => github?.close(r));
});

const body = async (res: Response) => res.json() as Promise<any>;

describe("MCP over Streamable HTTP (official SDK client)", () => {
  it("is named memory and lists the lean set (<= 1,000 tokens); ?tools=full lists every tool, ?tools=osm its names", async () => {
    expect(client.getServerVersion()?.name).toBe("memory");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(LEAN_TOOLS);
    expect(definitionTokens(tools)).toBeLessThanOrEqual(1000);
    for (const t of tools) {
      expect(t.description, t.name).toBeTruthy();
      expect(t.inputSchema.type).toBe("object");
    }
    const remember = tools.find((t) => t.name === "remember")!;
    expect(remember.inputSchema.required).toEqual(expect.arrayContaining(["content", "category"]));

    const full = await connectMcp(server.url, server.token, {}, { tools: "full" });
    const osm = await connectMcp(server.url, server.token, {}, { tools: "osm" });
    try {
      expect((await full.listTools()).tools.map((t) => t.name).sort()).toEqual(ALL_TOOLS);
      expect((await osm.listTools()).tools.map((t) => t.name)).toEqual(expect.arrayContaining(["memory_status", "consolidate_memory", "claim_item"]));
      // opencode-semantic-memory's status tool, by its name (it reads the server's boot: here, not in process).
      const status = await call(osm, "memory_status");
      expect(status.isError, status.text).toBe(false);
      expect(status.text).toContain("search: lexical");
    } finally {
      await full.close();
      await osm.close();
    }
    const bogus = await fetch(`${server.url}/mcp?tools=everything`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(bogus.status).toBe(400);
    expect(await bogus.text()).toContain("tools");
  });

  it("a client with roots: a write without project goes to its root's project (roots/list answered over the call's stream)", async () => {
    const root = tempDir("recollect-mcp-root-");
    const rooted = new SdkClient({ name: "rooted", version: "1" }, { capabilities: { roots: {} } });
    let asked = 0;
    rooted.setRequestHandler(ListRootsRequestSchema, () => {
      asked++;
      return { roots: [{ uri: pathToFileURL(root).href }] };
    });
    await rooted.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${server.token}` } } }),
    );
    try {
      const r = await call(rooted, "remember", { content: "Rooted clients write into their project", category: "fact" });
      expect(r.isError, r.text).toBe(false);
      const listed = await body(await server.api(`/api/memories?directory=${encodeURIComponent(root)}`));
      expect(listed.items.map((m: any) => m.id)).toEqual([r.result.memory.id]);
      expect(asked).toBe(1);
    } finally {
      await rooted.close();
    }
  });

  it("remember -> the HTTP API sees the memory; recall and search_history find it as POST /api/search does", async () => {
    const r = await call(client, "remember", {
      content: "We chose SQLite WAL mode for the zebra-cache service",
      category: "decision",
      why: "readers never block the writer",
      entities: ["#123"],
      project: directory,
      tags: ["storage"],
    });
    expect(r.isError).toBe(false);
    const id = r.result.memory.id as string;
    expect(r.text).toContain(`[${id}] decision · project · just now`);

    const viaApi = await body(await server.api(`/api/memories/${id}`));
    expect(viaApi).toMatchObject({ id, category: "decision", scope: "project", tags: ["storage"], source: "tool" });
    expect(viaApi.content).toContain("Why: readers never block the writer");

    const recall = await call(client, "recall", { query: "zebra-cache WAL", project: directory, compact: true });
    const search = await body(await server.api("/api/search", { method: "POST", json: { query: "zebra-cache WAL", directory } }));
    expect(recall.result.results.map((m: any) => m.id)).toEqual(search.results.map((m: any) => m.id));
    // The age at the recall: "just now", or minutes on a loaded machine.
    expect(recall.text.split("\n")[0]).toMatch(new RegExp(`^\\[${id}\\] decision · project · (just now|\\d+m): We chose SQLite`));

    await call(client, "archive_memory", { id, reason: "moved to postgres" });
    expect((await call(client, "recall", { query: "zebra-cache WAL", project: directory })).result.results).toEqual([]);
    const history = await call(client, "search_history", { query: "zebra-cache WAL", project: directory });
    expect(history.result.results.map((m: any) => m.id)).toEqual([id]);
    expect(history.text).toContain("archived");
    const versions = await body(await server.api(`/api/memories/${id}/versions`));
    expect(JSON.stringify(versions)).toContain("moved to postgres");
  });

  it("edit_memory, delete_memory (permanent needs confirm), bulk_archive", async () => {
    const a = (await call(client, "remember", { content: "Use pnpm in the frontend", category: "convention", scope: "global" })).result.memory.id;
    const edited = await call(client, "edit_memory", { id: a, content: "Use pnpm in the frontend and the docs site", pinned: true });
    expect(edited.isError).toBe(false);
    expect(await body(await server.api(`/api/memories/${a}`))).toMatchObject({ content: "Use pnpm in the frontend and the docs site", pinned: true });

    const refused = await call(client, "delete_memory", { id: a, permanent: true });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain("confirm");
    expect((await server.api(`/api/memories/${a}`)).status).toBe(200);
    const soft = await call(client, "delete_memory", { id: a });
    expect(soft.result.removed).toBe(false);
    expect((await body(await server.api(`/api/memories/${a}`))).status).toBe("archived");
    await call(client, "delete_memory", { id: a, permanent: true, confirm: true });
    expect((await server.api(`/api/memories/${a}`)).status).toBe(404);

    const ideas = [];
    for (const t of ["idea one about caching", "idea two about queues"])
      ideas.push((await call(client, "remember", { content: t, category: "idea", scope: "global" })).result.memory.id);
    const bulk = await call(client, "bulk_archive", { category: "idea", reason: "ideas triaged" });
    expect(bulk.result.archived.sort()).toEqual(ideas.sort());
    for (const id of ideas) expect((await body(await server.api(`/api/memories/${id}`))).status).toBe("archived");
    const byIds = await call(client, "bulk_archive", { ids: ["no-such-id"], reason: "x" });
    expect(byIds.result.notFound).toEqual(["no-such-id"]);
  });

  it("get_context, get_linked_memories, log_session, blockers, get_boot_context", async () => {
    const blocker = (await call(client, "remember", { content: "CI is red on main because of #77", category: "blocker", project: directory })).result.memory.id;
    const ctx = await call(client, "get_context", { entity_ref: "#77" });
    expect(ctx.result.memories.map((m: any) => m.id)).toEqual([blocker]);
    const viaApi = await body(await server.api(`/api/memories?entity=${encodeURIComponent("#77")}&status=all`));
    expect(viaApi.items.map((m: any) => m.id)).toEqual([blocker]);

    let boot = await call(client, "get_boot_context", { project: directory });
    expect(boot.result.parts).toContain("Unresolved blockers");
    expect(boot.text).toContain(blocker);
    const resolved = await call(client, "resolve_blocker", { id: blocker, note: "fixed by reverting" });
    expect(resolved.result.memory.status).toBe("resolved");
    expect((await body(await server.api(`/api/memories/${blocker}`))).status).toBe("resolved");
    boot = await call(client, "get_boot_context", { project: directory });
    expect(boot.text).not.toContain(blocker);
    expect((await call(client, "unresolve_blocker", { id: blocker })).result.memory.status).toBe("active");
    const notBlocker = (await call(client, "remember", { content: "a plain fact about tabs", category: "fact", scope: "global" })).result.memory.id;
    const wrong = await call(client, "resolve_blocker", { id: notBlocker });
    expect(wrong.isError).toBe(true);
    expect(wrong.text).toContain("not a blocker");

    const log = await call(client, "log_session", {
      summary: "Migrated the login form",
      learnings: ["The login form needs CSRF tokens on retry"],
      project: directory,
    });
    const summaryId = log.result.summary.id;
    const learningId = log.result.learnings[0].id;
    const links = await call(client, "get_linked_memories", { memory_id: summaryId });
    expect(links.result.links.map((l: any) => [l.kind, l.memory.id])).toEqual([["derived_from", learningId]]);
    const apiLinks = await body(await server.api(`/api/memories/${summaryId}/links`));
    expect(JSON.stringify(apiLinks)).toContain(learningId);
    expect((await call(client, "get_linked_memories", { memory_id: summaryId, link_types: ["supersedes"] })).result.links).toEqual([]);
  });

  it("consolidate and distill propose into the review inbox; the API sees the proposals", async () => {
    const older = (
      await call(client, "remember", { content: "Deploy previews are built with Netlify for every branch.", category: "decision", project: directory })
    ).result.memory.id;
    const newer = (
      await call(client, "remember", { content: "We switched from Netlify to Cloudflare Pages for the previews.", category: "decision", project: directory })
    ).result.memory.id;
    const dry = await call(client, "consolidate", { project: directory, dry_run: true });
    expect(dry.text).toContain("Dry run");
    expect(dry.result.proposals.map((p: any) => [p.kind, p.memoryIds])).toContainEqual(["supersede", [newer, older]]);
    expect((await body(await server.api("/api/inbox?countOnly=true"))).counts.proposals.supersede).toBe(0);
    const real = await call(client, "consolidate", { project: directory });
    expect(real.result.created).toBeGreaterThanOrEqual(1);
    const inbox = await body(await server.api("/api/inbox"));
    const item = inbox.items.find((i: any) => i.type === "proposal" && i.kind === "supersede");
    expect(item.memories.map((m: any) => m.id)).toEqual([newer, older]);
    expect(item.reason).toContain("Netlify");

    const skills = await call(client, "distill", { project: directory, dry_run: true });
    expect(skills.isError).toBeFalsy();
    expect(skills.text).toMatch(/^0 recurring procedure/);
  });

  it("enrich_entity fetches tracker metadata (fake GitHub on loopback); get_context shows it from the cache", async () => {
    const repo = tempDir("recollect-mcp-repo-");
    execFileSync("git", ["init", "-q"], { cwd: repo });
    execFileSync("git", ["remote", "add", "origin", `${githubUrl}/acme/app.git`], { cwd: repo });
    const memoryId = (await call(client, "remember", { content: "The login test is flaky, see #42", category: "gotcha", project: repo })).result.memory.id;
    const before = await call(client, "get_context", { entity_ref: "#42", project: repo });
    expect(before.result.tracker).toEqual({ ref: "github:acme/app#42", item: null });
    const hits = githubHits;
    const enriched = await call(client, "enrich_entity", { entity_ref: "#42", project: repo });
    expect(enriched.isError, enriched.text).toBe(false);
    expect(enriched.text).toContain("[open] Flaky login test · labels: ci · assignees: ada · milestone: v3");
    expect(githubHits).toBe(hits + 1);
    const after = await call(client, "get_context", { entity_ref: "#42", project: repo });
    expect(after.text.split("\n")[0]).toBe("github:acme/app#42: [open] Flaky login test · labels: ci · assignees: ada · milestone: v3");
    expect(after.result.memories).toHaveLength(1);
    expect(githubHits).toBe(hits + 1);
    expect((await call(client, "enrich_entity", { entity_ref: "src/app.ts" })).result.status).toBe("not_a_tracker_item");
    const recall = await call(client, "recall", { query: "login test flaky", project: repo, compact: true });
    expect(recall.text).toContain("(#42 open: Flaky login test): The login test is flaky");
    // The HTTP API's search results carry the same cached tracker state.
    const search = await body(await server.api("/api/search", { method: "POST", json: { query: "login test flaky", directory: repo } }));
    expect(search.results[0].id).toBe(memoryId);
    expect(search.results[0].trackers).toEqual([
      { entity: "#42", ref: "github:acme/app#42", item: expect.objectContaining({ state: "open", title: "Flaky login test" }) },
    ]);
    // The memory's page shows the state badge.
    const page = await (await server.page(`/memories/${memoryId}`)).text();
    expect(page).toContain('data-testid="tracker-item"');
    expect(page).toMatch(/>open<\/span>.*github:acme\/app#42.*Flaky login test/s);
  });

  it("sessions and claims: a conflict is a tool error naming the holder; the API sees the same sessions", async () => {
    await call(client, "session_start", { session_id: "mcp_a", working_on: "#12", title: "Agent A", project: directory });
    await call(client, "session_start", { session_id: "mcp_b", project: directory });
    expect((await call(client, "session_heartbeat", { session_id: "mcp_a", working_on: "#13", project: directory })).result.session.workingOn).toBe("#13");
    expect((await call(client, "claim_item", { session_id: "mcp_a", item: "#13", project: directory })).isError).toBe(false);
    const conflict = await call(client, "claim_item", { session_id: "mcp_b", item: "#13", project: directory });
    expect(conflict.isError).toBe(true);
    expect(conflict.text).toContain('session mcp_a ("Agent A")');

    const active = await call(client, "get_active_sessions", { project: directory });
    const api = await body(await server.api(`/api/sessions?directory=${encodeURIComponent(directory)}`));
    expect(active.result.sessions.map((s: any) => s.id).sort()).toEqual(api.items.map((s: any) => s.id).sort());
    expect(active.text).toContain("claims: #13");

    expect((await call(client, "release_item", { session_id: "mcp_a", item: "#13", project: directory })).result.released).toBe(true);
    expect((await call(client, "session_end", { session_id: "mcp_a", summary: "done" })).result.session.status).toBe("ended");
    expect((await body(await server.api("/api/sessions/mcp_a"))).status).toBe("ended");
  });

  it("export_memories and import_memories on files of this machine; status", async () => {
    const dir = tempDir("recollect-mcp-export-");
    const file = path.join(dir, "out.json");
    const out = await call(client, "export_memories", { output_path: file, categories: ["fact"] });
    expect(out.isError).toBe(false);
    const exported = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(exported.memories.length).toBe(out.result.count);
    expect(exported.memories.every((m: any) => m.category === "fact")).toBe(true);
    // A file that exists is replaced only when asked.
    const again = await call(client, "export_memories", { output_path: file, categories: ["fact"] });
    expect(again.isError).toBe(true);
    expect(again.text).toContain("overwrite: true");
    expect((await call(client, "export_memories", { output_path: file, categories: ["fact"], overwrite: true })).isError).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(["out.json"]);

    const dry = await call(client, "import_memories", { input_path: file, dry_run: true });
    expect(dry.result).toMatchObject({ dryRun: true, created: 0, duplicates: out.result.count });
    const missing = await call(client, "import_memories", { input_path: path.join(dir, "nope.json") });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain("input_path");

    const status = await call(client, "status");
    const health = await body(await server.api("/api/health"));
    expect(status.result.health.counts).toEqual(health.counts);
    expect(status.text).toContain("search: lexical");
  });

  it("resources (pinned, latest checkpoint) and the boot prompt", async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(["memory://checkpoints/latest", "memory://pinned"]);
    await call(client, "remember", { content: "Never force-push to main", category: "constraint", scope: "global", pinned: true });
    const pinned = await client.readResource({ uri: "memory://pinned" });
    expect((pinned.contents[0] as { text: string }).text).toContain("Never force-push to main");
    const prompt = await client.getPrompt({ name: "boot" });
    expect(JSON.stringify(prompt.messages)).toContain("Never force-push to main");
  });

  it("bad arguments: a tool error naming the field", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["recall", { query: "x", limit: "ten" }, "limit"],
      ["recall", { limit: 3 }, "query"],
      ["remember", { content: "x", category: "nonsense" }, "category"],
      ["claim_item", { session_id: "s", item: "#1" }, "project"],
      ["export_memories", { output_path: "relative/file.json" }, "output_path"],
    ];
    for (const [tool, args, field] of cases) {
      const r = await call(client, tool, args);
      expect(r.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(r.text, tool).toContain(field);
    }
  });
});

describe("the /mcp endpoint's gate", () => {
  const init = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  };
  const post = (headers: Record<string, string>) =>
    fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(init),
    });

  it("401 without the token or with a wrong one; the SDK client fails to connect", async () => {
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: "Bearer wrong" })).status).toBe(401);
    await expect(connectMcp(server.url, "wrong")).rejects.toThrow();
    expect((await post({ authorization: `Bearer ${server.token}` })).status).toBe(200);
  });

  it("403 for a foreign Host or Origin, whatever the method", async () => {
    const auth = { authorization: `Bearer ${server.token}` };
    expect((await post({ ...auth, origin: "https://evil.example" })).status).toBe(403);
    const get = await fetch(`${server.url}/mcp`, { headers: { ...auth, origin: "https://evil.example", accept: "text/event-stream" } });
    expect(get.status).toBe(403);
    await expect(connectMcp(server.url, server.token, { origin: "http://evil.example" })).rejects.toThrow();
    const foreignHost = await rawPost(server.port, "evil.example", JSON.stringify(init), server.token);
    expect(foreignHost).toMatch(/^HTTP\/1\.1 403/);
  });

  it("a session the client ended (DELETE) is gone: 404 afterwards", async () => {
    const c = await connectMcp(server.url, server.token);
    const transport = (c as unknown as { transport: { sessionId?: string; terminateSession: () => Promise<void> } }).transport;
    const sid = transport.sessionId!;
    expect(sid).toBeTruthy();
    await transport.terminateSession();
    await c.close();
    expect((await post({ authorization: `Bearer ${server.token}`, "mcp-session-id": sid })).status).toBe(404);
  });

  it("an unknown session id is 404", async () => {
    const res = await post({ authorization: `Bearer ${server.token}`, "mcp-session-id": "nope" });
    expect(res.status).toBe(404);
  });
});

/** fetch cannot send a foreign Host header: a raw request does. */
async function rawPost(port: number, host: string, payload: string, token: string): Promise<string> {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
      );
    });
    let data = "";
    socket.on("data", (d) => (data += d));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
}

describe("MCP sessions beyond mcp.maxSessions", () => {
  it("closes the least recently used session; the others keep working", async () => {
    const small = await startServer({ env: { RECOLLECT_MCP_MAX_SESSIONS: "2" } });
    const clients: Client[] = [];
    try {
      const a = await connectMcp(small.url, small.token);
      const b = await connectMcp(small.url, small.token);
      clients.push(a, b);
      // a is used after b: b is now the least recently used.
      expect((await call(a, "status")).isError).toBe(false);
      const c = await connectMcp(small.url, small.token);
      clients.push(c);
      await expect(call(b, "status")).rejects.toThrow(/unknown or closed MCP session/);
      expect((await call(a, "status")).isError).toBe(false);
      expect((await call(c, "status")).isError).toBe(false);
    } finally {
      await Promise.all(clients.map((x) => x.close().catch(() => undefined)));
      await small.stop();
    }
  });
});
