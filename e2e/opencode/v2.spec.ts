import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ensureBuild } from "../../scripts/build-if-needed";
import { startServer, type TestServer } from "../../tests/helpers/server";
import { lastUserText, startFakeLlm, systemTexts, textOf, type FakeLlm } from "./helpers/fake-llm";
import { PLUGIN_ENTRY, tempDir } from "./helpers/opencode";

/**
 * The plugin in a real OpenCode 2 client. OpenCode 2 is not on the npm registry these machines
 * reach, so this runs only when `OPENCODE2_BIN` names its binary (`opencode` 2.x, or the beta's
 * `opencode2`); otherwise every test reports itself skipped with that reason. The same checks as
 * the contract test (tests/http/plugin-v2.test.ts), through the real client: the module loads by
 * its `setup`, the stable block and the recall block reach the model, a tool call stores a memory.
 *
 *   OPENCODE2_BIN=/path/to/opencode npx playwright test e2e/opencode/v2.spec.ts
 */

const BIN = process.env.OPENCODE2_BIN;
test.skip(!BIN, "OPENCODE2_BIN is not set: no OpenCode 2 binary on this machine (it is not on the npm registry here)");

let server: TestServer;
let llm: FakeLlm;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  if (!process.env.RECOLLECT_SKIP_BUILD) ensureBuild();
  [server, llm] = await Promise.all([startServer(), startFakeLlm()]);
});

test.afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

/** `opencode run <words>` of OpenCode 2 in an isolated home, the plugin configured in the V2 shape. */
async function run(projectDir: string, home: string, words: string[]): Promise<{ code: number; out: string }> {
  const config = {
    model: "mock/mock-model",
    permissions: [{ action: "*", resource: "*", effect: "allow" }],
    providers: {
      mock: {
        package: "aisdk:@ai-sdk/openai-compatible",
        settings: { baseURL: `${llm.url}/v1`, apiKey: "x" },
        models: { "mock-model": { name: "Mock", capabilities: { tools: true }, limit: { context: 200000, output: 8192 } } },
      },
    },
    plugins: [{ package: PLUGIN_ENTRY, options: { url: server.url, dataDir: server.dataDir, autoStart: false, timeoutMs: 5000, directory: projectDir } }],
  };
  fs.writeFileSync(path.join(projectDir, "opencode.json"), JSON.stringify(config, null, 2));
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_DATA_HOME: path.join(home, ".local/share"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_STATE_HOME: path.join(home, ".local/state"),
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_SHARE: "1",
  };
  return new Promise((resolve, reject) => {
    const child = spawn(BIN!, ["run", ...words], { cwd: projectDir, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, out }));
  });
}

test("OpenCode 2 loads the module by setup: stable block, recall and a stored memory reach the real client", async () => {
  test.setTimeout(300_000);
  const projectDir = tempDir("oc2-project-");
  const home = tempDir("oc2-home-");
  expect(
    (
      await server.api("/api/memories", {
        method: "POST",
        json: { content: "Never commit generated files", category: "constraint", pinned: true, directory: projectDir },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await server.api("/api/memories", {
        method: "POST",
        json: { content: "The invoice PDF renderer needs fonts from /usr/share/fonts/noto", category: "gotcha", directory: projectDir },
      })
    ).status,
  ).toBe(201);
  const since = llm.requests.length;
  llm.setResponder((req) => {
    const asked = lastUserText(req);
    if (/remember that/i.test(asked) && !req.messages.some((m) => m.role === "tool"))
      return { toolCalls: [{ name: "memory_store", args: { content: "The staging database is reset every Monday", category: "fact" } }] };
    return { text: "Done." };
  });

  const first = await run(projectDir, home, ["why", "does", "the", "invoice", "PDF", "renderer", "fail?"]);
  expect(first.code, first.out).toBe(0);
  const turn = llm.requests.slice(since).find((r) => r.body.tools?.length);
  expect(turn, "a request with tools reached the fake model").toBeDefined();
  expect(systemTexts(turn!.body).join("\n")).toContain("Never commit generated files");
  expect(
    turn!.body.messages
      .filter((m) => m.role === "user")
      .map(textOf)
      .join("\n"),
  ).toContain("/usr/share/fonts/noto");
  expect(turn!.body.tools!.map((t) => t.function.name)).toEqual(expect.arrayContaining(["memory_search", "memory_store", "memory_expand"]));

  const second = await run(projectDir, home, ["remember", "that", "the", "staging", "database", "is", "reset", "on", "Mondays"]);
  expect(second.code, second.out).toBe(0);
  const found = (await (await server.api("/api/search", { method: "POST", json: { query: "staging database reset", directory: projectDir } })).json()) as {
    results: { content: string }[];
  };
  expect(found.results.map((r) => r.content)).toContain("The staging database is reset every Monday");
  const loaded = JSON.parse(fs.readFileSync(path.join(server.dataDir, "plugin-entry.json"), "utf8")) as { generation: number };
  expect(loaded.generation).toBe(2);
});
