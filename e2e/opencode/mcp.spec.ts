import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { mcpEntry } from "../../cli/lib/install-mcp";
import { countTokens } from "../../lib/token-count";
import { ensureBuild } from "../../scripts/build-if-needed";
import { startServer, type TestServer } from "../../tests/helpers/server";
import { lastUserText, startFakeLlm, textOf, type ChatRequest, type FakeLlm } from "./helpers/fake-llm";
import { newSession, prompt, startOpencode, tempDir, type Opencode } from "./helpers/opencode";

/**
 * The real OpenCode client with Recollect configured as a remote MCP server (no plugin): the fake
 * LLM calls memory_remember, then memory_recall; the memory lands and the recall result reaches
 * the LLM. The lean tool list costs at most 1,000 tokens in OpenCode's own request to the model,
 * and a write without `project` lands in OpenCode's project (its MCP roots).
 */
test.describe.configure({ mode: "serial" });

let server: TestServer;
let llm: FakeLlm;
let oc: Opencode | undefined;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  if (!process.env.RECOLLECT_SKIP_BUILD) ensureBuild();
  [server, llm] = await Promise.all([startServer(), startFakeLlm()]);
});

test.afterAll(async () => {
  await oc?.stop();
  await server?.stop();
  await llm?.close();
});

test("OpenCode with Recollect as a remote MCP server: memory_remember, then memory_recall reaches the LLM", async () => {
  // The entry `recollect install-mcp --client opencode` writes (the token read from the data dir
  // by OpenCode's {file:} substitution), in a config file OpenCode merges (OPENCODE_CONFIG).
  const configFile = path.join(tempDir("oc-mcp-config-"), "opencode.json");
  fs.writeFileSync(configFile, JSON.stringify({ mcp: { memory: mcpEntry("opencode", server.url, path.join(server.dataDir, "token")) } }));
  oc = await startOpencode({ llmUrl: llm.url, plugin: false, env: { OPENCODE_CONFIG: configFile } });

  const fact = "The payments service retries webhooks five times with exponential backoff";
  const projectFact = "The payments service keeps its webhook secrets in the vault";
  llm.setResponder((req: ChatRequest) => {
    if (req.messages.at(-1)?.role === "tool") return { text: "done" };
    const text = lastUserText(req);
    if (text.includes("project rule")) return { toolCalls: [{ name: "memory_remember", args: { content: projectFact, category: "fact" } }] };
    if (text.includes("remember")) return { toolCalls: [{ name: "memory_remember", args: { content: fact, category: "fact", scope: "global" } }] };
    if (text.includes("webhooks")) return { toolCalls: [{ name: "memory_recall", args: { query: "payments webhooks retries" } }] };
    return { text: "ok" };
  });

  const session = await newSession(oc);
  await prompt(oc, session, "please remember how webhook retries work");
  const tools = llm.requests.map((r) => r.body).find((b) => (b.tools?.length ?? 0) > 0)?.tools ?? [];
  const names = tools.map((t: { function?: { name?: string } }) => t.function?.name);
  expect(names).toEqual(expect.arrayContaining(["memory_remember", "memory_recall", "memory_get_boot_context", "memory_call_tool"]));
  // No plugin: none of its tools.
  expect(names).not.toContain("memory_store");
  // The definitions as OpenCode sends them to the model, every request (issue 40: <= 1,000 tokens).
  const ours = tools.filter((t: { function?: { name?: string } }) => t.function?.name?.startsWith("memory_"));
  const tokens = ours.reduce((n: number, t: unknown) => n + countTokens(JSON.stringify(t)), 0);
  test.info().annotations.push({ type: "memory tool definitions in OpenCode's request", description: `${ours.length} tools, ${tokens} tokens` });
  console.log(`memory_* tool definitions in OpenCode's request: ${ours.length} tools, ${tokens} tokens`);
  expect(ours).toHaveLength(7);
  expect(tokens).toBeLessThanOrEqual(1000);

  const list = await (await server.api("/api/memories?limit=10")).json();
  const stored = list.items.find((m: { content: string }) => m.content === fact);
  expect(stored).toMatchObject({ category: "fact", scope: "global", source: "tool" });

  const from = llm.requests.length;
  await prompt(oc, session, "how do payments webhooks retry?");
  const toolTexts = llm.requests
    .slice(from)
    .flatMap((r) => r.body.messages.filter((m) => m.role === "tool"))
    .map(textOf);
  const recalled = toolTexts.find((t) => t.includes("exponential backoff"));
  expect(recalled).toBeDefined();
  expect(recalled).toContain(`[${stored.id}] fact · global`);

  // No project, no scope: OpenCode answers roots/list with its directory, so the memory is the project's.
  await prompt(oc, session, "please store this project rule");
  const inProject = await (await server.api(`/api/memories?directory=${encodeURIComponent(oc.projectDir)}&limit=10`)).json();
  const all = await (await server.api("/api/memories?limit=50")).json();
  const log = fs
    .readFileSync(path.join(server.dataDir, "logs", "recollect.log"), "utf8")
    .split("\n")
    .filter((l) => l.includes("mcp"));
  expect(
    inProject.items.map((m: { content: string }) => m.content),
    JSON.stringify({ all: all.items, log }),
  ).toContain(projectFact);
  expect(inProject.items.find((m: { content: string }) => m.content === projectFact)).toMatchObject({ scope: "project" });
});
