import { execFileSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import plugin from "../../plugin/index";
import type { Message } from "../../plugin/v2/api";
import { V2Host } from "../opencode2/host";
import { freePort, tempDir } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";

/**
 * The V2 entry (the default export's `setup`) in a host implementing OpenCode 2's plugin context
 * (tests/opencode2/host.ts), end to end against the real server. The V1 entry of the same module
 * is tested by tests/http/plugin.test.ts and, in the real OpenCode 1.18.33, e2e/opencode/.
 */

const server = sharedServer();

async function host(directory: string, options: Record<string, unknown> = {}) {
  const h = new V2Host({ url: server.url, dataDir: server.dataDir, autoStart: false, timeoutMs: 5000, compressTimeoutMs: 10_000, directory, ...options });
  await h.load(plugin);
  return h;
}
const texts = (m: Message | undefined) => (m?.content ?? []).filter((c) => c.type === "text").map((c) => String((c as { text: string }).text));
const toolResult = (ms: Message[], name: string) => {
  for (const m of ms)
    for (const c of m.content) if (c.type === "tool-result" && c.name === name) return String((c as { result: { value: unknown } }).result.value);
  return undefined;
};

describe("the module loads in both generations", () => {
  it("default-exports { id, setup } for OpenCode 2 and server() for OpenCode 1, and setup registers every capability", async () => {
    expect(plugin.id).toBe("recollect");
    expect(typeof plugin.setup).toBe("function");
    expect(typeof plugin.server).toBe("function");
    const h = await host(tempDir("v2-load-"));
    expect(h.hookNames().sort()).toEqual(["session.compaction", "session.context", "session.prompt", "tool.execute.after", "tool.execute.before"]);
    expect([...h.tools.keys()]).toEqual(
      expect.arrayContaining([
        "memory_search",
        "memory_store",
        "memory_expand",
        "memory_plan_execute",
        "memory_review_findings",
        "memory_consolidate",
        "memory_loop",
      ]),
    );
    expect([...h.commands.keys()]).toEqual(expect.arrayContaining(["remember", "recall", "forget", "checkpoint", "resume", "memory", "review", "loop"]));
    const architect = h.agents.get("architect")!;
    expect(architect.system).toBeTruthy();
    expect(architect.permissions).toEqual(
      expect.arrayContaining([
        { action: "edit", resource: "*", effect: "deny" },
        { action: "shell", resource: "*", effect: "deny" },
      ]),
    );
    expect(h.agents.get("auditor")?.mode).toBe("subagent");
    await h.unload();
  });
});

describe("a session through the V2 hooks", () => {
  it("stable block in the system context, recall on the user message, the same bytes on every later request", async () => {
    const directory = tempDir("v2-turn-");
    const pin = await server.api("/api/memories", {
      method: "POST",
      json: { content: "Never commit generated files", category: "constraint", pinned: true, directory },
    });
    expect(pin.status).toBe(201);
    const fact = await server.api("/api/memories", {
      method: "POST",
      json: { content: "The invoice PDF renderer needs fonts from /usr/share/fonts/noto", category: "gotcha", directory },
    });
    expect(fact.status).toBe(201);
    const h = await host(directory);
    const sid = "ses_v2_turn";
    await h.prompt(sid, "why does the invoice PDF renderer fail?");
    const first = await h.request(sid);
    expect(first.system[0]!.text).toBe("You are the build agent.");
    expect(first.system.map((p) => p.text).join("\n")).toContain("Never commit generated files");
    const block = texts(first.messages[0]).slice(1).join("\n");
    expect(block).toContain("/usr/share/fonts/noto");

    await h.answer(sid, { text: "Looking.", tool: { name: "bash", input: { command: "ls" }, output: "fonts/" } });
    const second = await h.request(sid);
    expect(second.system).toEqual(first.system);
    expect(texts(second.messages[0])).toEqual(texts(first.messages[0]));
    await h.unload();
  });

  it("compresses a long tool output, stable across requests, with a hash memory_expand resolves", async () => {
    const directory = tempDir("v2-compress-");
    const h = await host(directory, { recall: false });
    const sid = "ses_v2_compress";
    const big = Array.from({ length: 600 }, (_, i) => `line ${i}: compiling module ${i % 13} ok`).join("\n") + "\nERROR: build failed in module 7\n";
    await h.prompt(sid, "build it");
    await h.answer(sid, { tool: { name: "bash", input: { command: "npm run build" }, output: big } });
    for (let i = 0; i < 4; i++) {
      await h.prompt(sid, `step ${i}`);
      await h.answer(sid, { tool: { name: "bash", input: { command: `echo ${i}` }, output: `done ${i}` } });
    }
    const first = await h.request(sid);
    const compressed = toolResult(first.messages, "bash")!;
    expect(compressed.length).toBeLessThan(big.length / 2);
    expect(compressed).toContain("ERROR: build failed in module 7");
    const hash = compressed.match(/memory_expand\("([0-9a-f]+)"\)/)?.[1];
    expect(hash).toBeDefined();
    const expanded = await h.answer(sid, { tool: { name: "memory_expand", input: { hash } } });
    expect(expanded.output).toContain("line 599: compiling module");
    const second = await h.request(sid);
    expect(toolResult(second.messages, "bash")).toBe(compressed);
    await h.unload();
  });

  it("a tool call stores a memory, a command runs without a model call, the compaction stores a checkpoint", async () => {
    const directory = tempDir("v2-tools-");
    const h = await host(directory);
    const sid = "ses_v2_tools";
    await h.prompt(sid, "we decided to use pnpm for the workspace");
    await h.request(sid);
    const stored = await h.answer(sid, { tool: { name: "memory_store", input: { content: "The workspace uses pnpm, not npm", category: "decision" } } });
    expect(stored.output).toMatch(/^Stored /);
    const found = (await (await server.api(`/api/search`, { method: "POST", json: { query: "pnpm workspace", directory } })).json()) as {
      results: { content: string }[];
    };
    expect(found.results.map((r) => r.content)).toContain("The workspace uses pnpm, not npm");

    expect(await h.command(sid, "remember", "convention: tests live beside their module")).toBeUndefined();
    expect(h.prompted).toEqual([]); // handled by the plugin: nothing admitted for the model
    const listed = (await (await server.api(`/api/memories?directory=${encodeURIComponent(directory)}&limit=50`)).json()) as {
      items?: { content: string }[];
      memories?: { content: string }[];
    };
    expect(JSON.stringify(listed)).toContain("tests live beside their module");

    await h.answer(sid, { text: "Switched the workspace to pnpm." });
    const compaction = await h.compact(sid);
    expect(compaction.system.length).toBeGreaterThan(1);
    const cps = (await (await server.api(`/api/checkpoints?directory=${encodeURIComponent(directory)}&sessionID=${sid}`)).json()) as {
      checkpoints?: { trigger: string }[];
      items?: { trigger: string }[];
    };
    expect(JSON.stringify(cps)).toContain("compaction");
    await h.unload();
  });

  it("the read-only guard refuses an architect's edit, and agent-only tools stay out of other agents' requests", async () => {
    const h = await host(tempDir("v2-guard-"));
    const sid = "ses_v2_guard";
    await h.prompt(sid, "plan the change");
    const req = await h.request(sid, "architect");
    expect(Object.keys(req.tools)).toContain("memory_plan_execute");
    const edit = await h.answer(sid, { tool: { name: "edit", input: { filePath: "a.ts" } } }, "architect");
    expect(String(edit.output)).toContain("read-only");
    const build = await h.request(sid, "build");
    expect(Object.keys(build.tools)).not.toContain("memory_plan_execute");
    expect(Object.keys(build.tools)).toContain("memory_search");
    await h.unload();
  });

  it("checkpoints and extracts at idle (session.execution.succeeded)", async () => {
    const directory = tempDir("v2-idle-");
    const h = await host(directory);
    const sid = "ses_v2_idle";
    await h.prompt(sid, "fix the flaky login test");
    await h.request(sid);
    await h.answer(sid, { text: "The login test waited on a fixed timeout; it now waits for the redirect." });
    h.idle(sid);
    await vi.waitFor(
      async () => {
        const cps = (await (await server.api(`/api/checkpoints?directory=${encodeURIComponent(directory)}&sessionID=${sid}`)).json()) as unknown;
        expect(JSON.stringify(cps)).toContain(sid);
      },
      { timeout: 30_000, interval: 100 },
    );
    await h.unload();
  });
});

describe("loops on the V2 entry", () => {
  it("adopts a loop with a run grant and runs its phase on the coder agent in the loop's worktree, to completion", async () => {
    const directory = tempDir("v2-loop-");
    execFileSync("sh", ["-c", "git init -q && git config user.email a@b.c && git config user.name a && echo a > f && git add f && git commit -qm init"], {
      cwd: directory,
    });
    const h = await host(directory, { loops: { worktreesDir: tempDir("v2-loop-wt-"), pollMs: 300, adoptPollMs: 300 } });
    const requests: { sessionID: string; agent: string; tools: string[] }[] = [];
    // The model: the coder's request goes through the plugin's hooks, answers with the promise, one step's usage, idle.
    h.onPrompt = async (sessionID, _text, agent) => {
      const req = await h.request(sessionID, agent);
      requests.push({ sessionID, agent, tools: Object.keys(req.tools) });
      const { assistantMessageID } = await h.answer(sessionID, { text: "Done.\n<promise>LOOP_COMPLETE</promise>" }, agent);
      h.event("session.step.ended", {
        sessionID,
        assistantMessageID,
        finish: "stop",
        cost: 0.002,
        tokens: { input: 120, output: 8, reasoning: 0, cache: { read: 0, write: 0 } },
      });
      h.idle(sessionID);
    };
    try {
      // What `recollect loop start` sends, with the token: the loop carries a run grant.
      const created = await server.api("/api/loops", { method: "POST", json: { directory, task: "Write the changelog", maxIterations: 2, audit: false } });
      expect(created.status).toBe(201);
      const loop = (await created.json()) as { id: string };
      let ended: Record<string, unknown> = {};
      await vi.waitFor(
        async () => {
          ended = (await (await server.api(`/api/loops/${loop.id}`)).json()) as Record<string, unknown>;
          expect(ended.status).toBe("completed");
        },
        { timeout: 30_000, interval: 200 },
      );
      expect(ended).toMatchObject({ iteration: 1, tokensInput: 120, tokensOutput: 8 });
      expect(String(ended.driver)).toMatch(/^drv_/);
      // One session, made through the V2 session API in the loop's worktree, switched to the coder agent.
      expect(h.sessions.size).toBe(1);
      const [[sid, session]] = [...h.sessions.entries()];
      expect(session.agent).toBe("code");
      expect(session.title).toMatch(/^loop .* #1 code$/);
      expect(session.directory).toBeTruthy();
      expect(session.directory).not.toBe(directory);
      expect(h.prompted).toEqual([expect.objectContaining({ sessionID: sid, agent: "code", text: expect.stringContaining("Write the changelog") })]);
      // The loop's blocked tools stay out of its requests; the memory tools are there.
      expect(requests).toHaveLength(1);
      expect(requests[0]!.tools).toContain("memory_search");
      expect(requests[0]!.tools).not.toContain("memory_loop");
      expect(requests[0]!.tools).not.toContain("memory_plan_execute");
    } finally {
      await h.unload();
    }
  });

  it("a phase that fails (session.execution.failed) is run again in a fresh session, and the loop goes on", async () => {
    const directory = tempDir("v2-loop-err-");
    execFileSync("sh", ["-c", "git init -q && git config user.email a@b.c && git config user.name a && echo a > f && git add f && git commit -qm init"], {
      cwd: directory,
    });
    const h = await host(directory, { loops: { worktreesDir: tempDir("v2-loop-err-wt-"), pollMs: 300, adoptPollMs: 300 } });
    let prompts = 0;
    h.onPrompt = async (sessionID, _text, agent) => {
      await h.request(sessionID, agent);
      if (++prompts === 1) {
        h.event("session.execution.failed", { sessionID, error: { type: "UnknownError", message: "the provider hung up" } });
        return;
      }
      await h.answer(sessionID, { text: "<promise>LOOP_COMPLETE</promise>" }, agent);
      h.idle(sessionID);
    };
    try {
      const created = await server.api("/api/loops", { method: "POST", json: { directory, task: "Fix the flaky test", maxIterations: 1, audit: false } });
      const loop = (await created.json()) as { id: string };
      let ended: Record<string, unknown> = {};
      await vi.waitFor(
        async () => {
          ended = (await (await server.api(`/api/loops/${loop.id}`)).json()) as Record<string, unknown>;
          expect(ended.status).toBe("completed");
        },
        { timeout: 30_000, interval: 200 },
      );
      expect(ended).toMatchObject({ consecutiveErrors: 0, lastError: "the provider hung up" });
      expect(h.sessions.size).toBe(2);
      expect([...h.sessions.values()].map((x) => x.agent)).toEqual(["code", "code"]);
    } finally {
      await h.unload();
    }
  });
});

describe("fail open", () => {
  it("with the server stopped, requests go out as they came in and tools say memory is unavailable", async () => {
    const port = await freePort();
    const h = await host(tempDir("v2-down-"), { url: `http://127.0.0.1:${port}`, timeoutMs: 200, breakerFailures: 1 });
    const sid = "ses_v2_down";
    await h.prompt(sid, "why does the build fail?");
    await h.answer(sid, { tool: { name: "bash", input: { command: "make" }, output: "x\n".repeat(2000) } });
    await h.prompt(sid, "and now?");
    const req = await h.request(sid);
    expect(req.system.map((p) => p.text)).toEqual(["You are the build agent."]);
    expect(toolResult(req.messages, "bash")).toBe("x\n".repeat(2000));
    expect(texts(req.messages.at(-1))).toEqual(["and now?"]);
    const search = await h.answer(sid, { tool: { name: "memory_search", input: { query: "build" } } });
    expect(search.output).toMatch(/unavailable/i);
    expect(await h.command(sid, "memory", "")).toBeUndefined();
    await h.unload();
  });
});
