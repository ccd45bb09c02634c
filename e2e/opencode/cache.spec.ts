import { expect, test } from "@playwright/test";
import { countTokens } from "../../lib/token-count";
import { ensureBuild } from "../../scripts/build-if-needed";
import { startServer, type TestServer } from "../../tests/helpers/server";
import { lastUserText, startFakeLlm, type ChatRequest, type FakeLlm } from "./helpers/fake-llm";
import { newSession, prompt, startOpencode, type Opencode } from "./helpers/opencode";

/**
 * What the plugin costs in the real OpenCode client's requests (issue 26): the memory tools'
 * fixed size, and a session continued after OpenCode restarts keeping its bytes (the provider's
 * cached prefix).
 */

let server: TestServer;
let llm: FakeLlm;
const running: Opencode[] = [];

test.beforeAll(async () => {
  test.setTimeout(600_000);
  if (!process.env.RECOLLECT_SKIP_BUILD) ensureBuild();
  [server, llm] = await Promise.all([startServer(), startFakeLlm()]);
});

test.afterAll(async () => {
  for (const oc of running) await oc.stop();
  await server?.stop();
  await llm?.close();
});

const pluginEnv = () => ({
  RECOLLECT_URL: server.url,
  RECOLLECT_DATA_DIR: server.dataDir,
  RECOLLECT_AUTOSTART: "0",
  RECOLLECT_PLUGIN_TIMEOUT_MS: "5000",
  RECOLLECT_PLUGIN_COMPRESS_TIMEOUT_MS: "10000",
});
const agentRequests = (from = 0) =>
  llm.requests
    .slice(from)
    .map((r) => r.body)
    .filter((b) => (b.tools?.length ?? 0) > 0);
const lastRole = (r: ChatRequest) => r.messages[r.messages.length - 1]?.role;

async function start(restartOf?: Opencode) {
  const oc = await startOpencode({ llmUrl: llm.url, env: pluginEnv(), ...(restartOf ? { restartOf } : {}) });
  running.push(oc);
  return oc;
}

test("the memory tools' definitions in a real request take at most 260 tokens", async () => {
  llm.setResponder(() => ({ text: "ok" }));
  const oc = await start();
  const from = llm.requests.length;
  await prompt(oc, await newSession(oc), "hello");
  const req = agentRequests(from)[0]!;
  const memory = (req.tools ?? []).filter((t) => t.function.name.startsWith("memory_"));
  expect(memory.map((t) => t.function.name).sort(), JSON.stringify((req.tools ?? []).map((t) => t.function.name))).toEqual([
    "memory_expand",
    "memory_search",
    "memory_store",
  ]);
  const tokens = memory.reduce((n, t) => n + countTokens(JSON.stringify(t)), 0);
  expect(tokens).toBeLessThanOrEqual(260);
  await oc.stop();
});

test("a session continued after OpenCode restarts sends the same bytes from its first message on", async () => {
  llm.setResponder((req) => (lastRole(req) === "tool" ? { text: "done" } : { text: `Noted: ${lastUserText(req).slice(0, 40)}` }));
  const first = await start();
  await server.api("/api/memories", {
    method: "POST",
    json: { content: "The CSV exporter writes UTF-8 with a BOM for Excel", category: "decision", directory: first.projectDir },
  });
  const session = await newSession(first);
  await prompt(first, session, "How does the CSV exporter encode its files?");
  const from = llm.requests.length;
  await prompt(first, session, "And the header row of the CSV exporter?");
  const before = agentRequests(from).at(-1)!;
  expect(JSON.stringify(before.messages)).toContain("UTF-8 with a BOM");
  await first.stop();

  const second = await start(first);
  const from2 = llm.requests.length;
  await prompt(second, session, "thanks, go on");
  const after = agentRequests(from2)[0]!;
  // Everything the last request before the restart sent comes first, byte for byte.
  expect(after.messages.slice(0, before.messages.length).map((m) => JSON.stringify(m))).toEqual(before.messages.map((m) => JSON.stringify(m)));
  await second.stop();
});
