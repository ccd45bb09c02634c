import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../cli/run";
import { pathToFileURL } from "node:url";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { ALL_TOOLS, call, LEAN_TOOLS } from "../helpers/mcp-client";
import { freePort, startServer, tempDir, type TestServer } from "../helpers/server";
import { currentBundle } from "../../cli/bundle.mjs";
import { ROOT } from "../../scripts/build-if-needed";

/** `recollect mcp`: the official SDK client over stdio, forwarded to the running server. */
let server: TestServer;
const cwd = tempDir("recollect-mcp-stdio-cwd-");

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const body = async (res: Response) => res.json() as Promise<any>;

async function stdioClient(env: Record<string, string>, roots?: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp"],
    cwd,
    env: { ...(process.env as Record<string, string>), NO_COLOR: "1", ...env },
    stderr: "pipe",
  });
  let err = "";
  transport.stderr?.on("data", (d) => (err += d));
  const client = new Client({ name: "recollect-stdio-test", version: "1.0.0" }, { capabilities: roots ? { roots: {} } : {} });
  if (roots) client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.map((r) => ({ uri: pathToFileURL(r).href })) }));
  await client.connect(transport);
  return { client, stderr: () => err };
}

describe("recollect mcp (stdio)", { timeout: 180_000 }, () => {
  it("lists the lean tools and calls every one by name, the results matching the HTTP API's view", async () => {
    // The global setup bundles the CLI: these clients run `recollect mcp` from the bundle, as users do.
    expect(currentBundle(ROOT)).toBeDefined();
    const { client } = await stdioClient({ RECOLLECT_URL: server.url, RECOLLECT_DATA_DIR: server.dataDir });
    try {
      expect(client.getServerVersion()?.name).toBe("memory");
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(LEAN_TOOLS);

      // No project argument: the tools default to the directory `recollect mcp` runs in.
      const remembered = await call(client, "remember", {
        content: "Stdio clients share the memory via the server",
        category: "fact",
        scope: "project",
        entities: ["#5"],
      });
      expect(remembered.isError, remembered.text).toBe(false);
      const id = remembered.result.memory.id;
      const viaApi = await body(await server.api(`/api/memories/${id}`));
      expect(viaApi).toMatchObject({ id, scope: "project", source: "tool" });
      const projects = await body(await server.api(`/api/memories?directory=${encodeURIComponent(cwd)}`));
      expect(projects.items.map((m: any) => m.id)).toEqual([id]);

      const recall = await call(client, "recall", { query: "stdio clients share memory" });
      const search = await body(await server.api("/api/search", { method: "POST", json: { query: "stdio clients share memory", directory: cwd } }));
      expect(recall.result.results.map((m: any) => m.id)).toEqual(search.results.map((m: any) => m.id));
      expect(recall.result.results[0].id).toBe(id);

      const file = path.join(tempDir("recollect-mcp-stdio-export-"), "all.json");
      const notes = path.join(tempDir("recollect-mcp-stdio-notes-"), "decisions.md");
      fs.writeFileSync(notes, "# Decisions\n\n- The stdio bridge forwards every call to the running server.\n");
      fs.writeFileSync(path.join(cwd, "AGENTS.md"), "# Rules\n\n- Never commit generated files.\n");
      const other = (await call(client, "remember", { content: "a blocker: the staging database is down", category: "blocker" })).result.memory.id;
      const calls: [string, Record<string, unknown>][] = [
        ["edit_memory", { id, title: "Stdio bridge" }],
        ["get_context", { entity_ref: "#5" }],
        ["get_boot_context", {}],
        ["get_linked_memories", { memory_id: id }],
        ["get_memory", { id }],
        ["link_memories", { from: id, to: other }],
        ["call_tool", { tool: "get_memory", args: { id } }],
        ["search_history", { query: "stdio" }],
        ["session_start", { session_id: "stdio_1", working_on: "#5" }],
        ["session_heartbeat", { session_id: "stdio_1" }],
        ["claim_item", { session_id: "stdio_1", item: "#5" }],
        ["get_active_sessions", {}],
        ["release_item", { session_id: "stdio_1", item: "#5" }],
        ["session_end", { session_id: "stdio_1", summary: "done" }],
        ["resolve_blocker", { id: other }],
        ["unresolve_blocker", { id: other }],
        ["log_session", { summary: "stdio session", learnings: ["stdio needs no port"] }],
        ["export_memories", { output_path: file }],
        ["import_memories", { input_path: file, dry_run: true }],
        ["enrich_entity", { entity_ref: "#5" }],
        ["status", {}],
        ["bootstrap", { dry_run: true }],
        ["ingest_file", { path: notes }],
        ["consolidate", { dry_run: true }],
        ["distill", { dry_run: true }],
        ["archive_memory", { id: other, reason: "done" }],
        ["bulk_archive", { ids: [other], reason: "again" }],
        ["delete_memory", { id: other, permanent: true, confirm: true }],
      ];
      for (const [name, args] of calls) {
        const r = await call(client, name, args);
        expect(r.isError, `${name}: ${r.text}`).toBe(false);
      }
      expect(ALL_TOOLS.filter((t) => t !== "recall" && t !== "remember" && !calls.some(([n]) => n === t))).toEqual([]);
      expect(JSON.parse(fs.readFileSync(file, "utf8")).memories.length).toBeGreaterThan(0);
      expect((await body(await server.api("/api/sessions/stdio_1"))).status).toBe("ended");
      expect((await body(await server.api(`/api/memories/${id}`))).title).toBe("Stdio bridge");
      expect((await server.api(`/api/memories/${other}`)).status).toBe(404);
      expect((await call(client, "recall", { query: "x", limit: 0 })).text).toContain("limit");
    } finally {
      await client.close();
    }
  });

  it("a client's roots reach the server through the bridge and win over the directory it runs in", async () => {
    const root = tempDir("recollect-mcp-stdio-root-");
    const { client, stderr } = await stdioClient({ RECOLLECT_URL: server.url, RECOLLECT_DATA_DIR: server.dataDir }, [root]);
    try {
      const r = await call(client, "remember", { content: "Stdio roots pick the project", category: "fact" });
      expect(r.isError, `${r.text} ${stderr()}`).toBe(false);
      const listed = await body(await server.api(`/api/memories?directory=${encodeURIComponent(root)}`));
      expect(listed.items.map((m: any) => m.id)).toEqual([r.result.memory.id]);
    } finally {
      await client.close();
    }
  });

  it("starts the server when it is not running", async () => {
    const dataDir = tempDir("recollect-mcp-autostart-");
    const port = await freePort();
    const env = {
      RECOLLECT_URL: `http://127.0.0.1:${port}`,
      RECOLLECT_PORT: String(port),
      RECOLLECT_DATA_DIR: dataDir,
      RECOLLECT_EMBEDDING_PROVIDER: "none",
      XDG_CONFIG_HOME: tempDir("recollect-mcp-cfg-"),
      RECOLLECT_TOKEN: "",
    };
    const { client, stderr } = await stdioClient(env);
    try {
      const r = await call(client, "status");
      expect(r.isError, stderr()).toBe(false);
      expect(r.result.health.database.path).toContain(dataDir);
    } finally {
      await client.close();
      const stopped = await runCli(["stop", "--json"], { env });
      expect(stopped.json()).toMatchObject({ wasRunning: true });
    }
  });

  it("fails with a message on stderr (not stdout) when told not to start the server", async () => {
    const port = await freePort();
    const res = await runCli(["mcp", "--no-start"], { env: { RECOLLECT_URL: `http://127.0.0.1:${port}`, RECOLLECT_DATA_DIR: tempDir() } });
    expect(res.code).toBe(3);
    expect(res.stdout).toBe("");
    expect(res.stderr).toContain("not running");
  });

  it("does not start the server either under RECOLLECT_AUTOSTART=0 (the plugin's switch, for every client)", async () => {
    const port = await freePort();
    const res = await runCli(["mcp"], { env: { RECOLLECT_URL: `http://127.0.0.1:${port}`, RECOLLECT_DATA_DIR: tempDir(), RECOLLECT_AUTOSTART: "0" } });
    expect(res.code).toBe(3);
    expect(res.stderr).toContain("not running");
  });
});
