import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Hooks } from "@opencode-ai/plugin";
import type { Message, Part } from "@opencode-ai/sdk";
import { describe, expect, it, vi } from "vitest";
import { createRecollect } from "../../plugin/recollect";
import type { Runtime } from "../../plugin/runtime";
import { freePort, tempDir } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";
import { messageIds, type WithParts } from "../helpers/plugin-messages";

/** Defects a scripted two-day run in OpenCode found (issue 26), each against the real server. */

const server = sharedServer();

const { uid, user } = messageIds();

async function plugin(directory: string, options: Record<string, unknown> = {}) {
  const hooks = (await createRecollect(
    { directory },
    { url: server.url, dataDir: server.dataDir, autoStart: false, timeoutMs: 5000, compressTimeoutMs: 10_000, ...options },
  )) as Hooks;
  return { hooks, rt: (hooks as { __runtime?: Runtime }).__runtime! };
}
const toolCtx = (sessionID: string, directory: string) =>
  ({
    sessionID,
    messageID: "m",
    agent: "build",
    directory,
    worktree: directory,
    abort: new AbortController().signal,
    metadata() {},
    ask: async () => {},
  }) as never;
/** The block the plugin attached to a user message (recall, nudges), or "". */
const attached = (m: WithParts) =>
  m.parts
    .filter((p) => p.id.startsWith("prt_recollect_"))
    .map((p) => (p as { text: string }).text)
    .join("\n");

/** Counts the plugin's finished POSTs to a path (the calls are real; this only watches them; its warm-up GETs some of the same paths). */
function watchCalls(rt: Runtime, pathname: string) {
  const done = { count: 0 };
  const call = rt.client.call.bind(rt.client);
  rt.client.call = (async (method: string, p: string, o?: object) => {
    const res = await call(method, p, o);
    if (p === pathname && method === "POST") done.count++;
    return res;
  }) as typeof rt.client.call;
  return done;
}

describe("the first message after a start", () => {
  it("does not repeat a pinned memory (shown in the system prompt) in its recall block", async () => {
    const directory = tempDir("plugin-first-msg-");
    const res = await server.api("/api/memories", {
      method: "POST",
      json: { content: "Always use pnpm for installs in this repository", category: "convention", pinned: true, directory },
    });
    expect(res.status).toBe(201);
    const question = "which tool do we use for installs here, pnpm?";

    const { hooks } = await plugin(directory);
    const messages = [user("ses_first_msg", question)];
    await hooks["experimental.chat.messages.transform"]!({}, { messages });
    const system = { system: ["agent prompt"] };
    await hooks["experimental.chat.system.transform"]!({ sessionID: "ses_first_msg", model: {} as never }, system);
    expect(system.system.join("\n")).toContain("Always use pnpm for installs");
    expect(attached(messages[0]!)).not.toContain("Always use pnpm for installs");

    // Without the stable block the same question recalls it: the check above can fail.
    const { hooks: noStable } = await plugin(directory, { stable: false });
    const other = [user("ses_first_msg_2", question)];
    await noStable["experimental.chat.messages.transform"]!({}, { messages: other });
    expect(attached(other[0]!)).toContain("Always use pnpm for installs");
  });
});

describe("the extraction nudge", () => {
  it("sees the turn's own memory_store: no nudge about what the model just stored", async () => {
    const directory = tempDir("plugin-nudge-");
    const { hooks, rt } = await plugin(directory);
    const extracted = watchCalls(rt, "/api/extract");
    const sid = "ses_nudge";
    const said = "We decided to use pnpm for the monorepo.";
    const u1 = user(sid, `Should we use pnpm? ${said}`);
    await hooks["chat.message"]!({ sessionID: sid }, { message: u1.info as never, parts: u1.parts });
    await hooks["experimental.chat.messages.transform"]!({}, { messages: [structuredClone(u1)] });
    await hooks["experimental.chat.system.transform"]!({ sessionID: sid, model: {} as never }, { system: ["agent prompt"] });
    // The model stores it within the turn; then the session goes idle.
    expect(await hooks.tool!.memory_store!.execute({ content: said, category: "decision" } as never, toolCtx(sid, directory))).toMatch(/^Stored /);
    await hooks.event!({ event: { type: "session.idle", properties: { sessionID: sid } } as never });
    await vi.waitFor(() => expect(extracted.count).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });

    const u2 = user(sid, "Good, now set up the workspace file");
    const history = [structuredClone(u1), u2];
    await hooks["experimental.chat.messages.transform"]!({}, { messages: history });
    expect(attached(history[1]!)).not.toContain("not stored yet");
  });

  it("still nudges once about what was said and not stored", async () => {
    const directory = tempDir("plugin-nudge-unstored-");
    const { hooks, rt } = await plugin(directory, { recall: false });
    const extracted = watchCalls(rt, "/api/extract");
    const sid = "ses_nudge_unstored";
    const u1 = user(sid, "Should we use yarn? We decided to use yarn berry for the workspace.");
    await hooks["chat.message"]!({ sessionID: sid }, { message: u1.info as never, parts: u1.parts });
    await hooks["experimental.chat.messages.transform"]!({}, { messages: [structuredClone(u1)] });
    await hooks.event!({ event: { type: "session.idle", properties: { sessionID: sid } } as never });
    await vi.waitFor(() => expect(extracted.count).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
    const u2 = user(sid, "continue");
    const h2 = [structuredClone(u1), u2];
    await hooks["experimental.chat.messages.transform"]!({}, { messages: h2 });
    expect(attached(h2[1]!)).toContain("We decided to use yarn berry");
    const u3 = user(sid, "and the next thing");
    const h3 = [structuredClone(u1), structuredClone(u2), u3];
    await hooks["experimental.chat.messages.transform"]!({}, { messages: h3 });
    // The same bytes on the message that carried it, nothing on the next one.
    expect(attached(h3[1]!)).toBe(attached(h2[1]!));
    expect(attached(h3[2]!)).toBe("");
  });
});

describe("auto-start", () => {
  it("restarts a server that dies just after the plugin found it healthy at load (the check is not an attempt)", async () => {
    const port = await freePort();
    const dataDir = tempDir("plugin-autostart-dies-");
    // The server the plugin finds at load.
    let healthChecks = 0;
    const first = http.createServer((req, res) => {
      if (req.url === "/api/health") healthChecks++;
      res.setHeader("content-type", "application/json");
      res.end(req.url === "/api/health" ? '{"status":"ok"}' : '{"block":"","tokens":0,"memoryIds":[],"hash":"h"}');
    });
    await new Promise<void>((r) => first.listen(port, "127.0.0.1", r));
    const script = path.join(dataDir, "fake-server.mjs");
    fs.writeFileSync(
      script,
      `import http from "node:http";
const s = http.createServer((req, res) => { res.setHeader("content-type", "application/json"); res.end(req.url === "/api/health" ? '{"status":"ok"}' : '{"block":"","tokens":0,"memoryIds":[],"hash":"h"}'); });
s.listen(Number(process.env.RECOLLECT_PORT), process.env.RECOLLECT_HOST);
setTimeout(() => process.exit(0), 20000);`,
    );
    const { hooks, rt } = await plugin(tempDir("plugin-autostart-proj-"), {
      url: `http://127.0.0.1:${port}`,
      dataDir,
      autoStart: true,
      startCommand: [process.execPath, script],
    });
    await vi.waitFor(() => expect(healthChecks).toBeGreaterThan(0), { timeout: 30_000, interval: 20 });
    await vi.waitFor(() => expect(rt.starter.busy).toBe(false), { timeout: 30_000, interval: 20 });
    expect(rt.starter.attempted).toBe(false);
    // It dies; the next turn's call is refused and starts it again at once.
    first.closeAllConnections();
    await new Promise<void>((r) => first.close(() => r()));
    await hooks["experimental.chat.system.transform"]!({ sessionID: "ses_dies", model: {} as never }, { system: ["agent prompt"] });
    await vi.waitFor(() => expect(rt.starter.attempted).toBe(true), { timeout: 30_000, interval: 50 });
    await vi.waitFor(() => expect(rt.client.breaker.state).toBe("closed"), { timeout: 30_000, interval: 50 });
  });
});

/** A finished assistant step with a short answer. */
const answer = (sessionID: string, text: string): WithParts => {
  const id = uid("msg");
  return { info: { id, sessionID, role: "assistant" } as Message, parts: [{ id: uid("prt"), sessionID, messageID: id, type: "text", text } as Part] };
};
async function turnOf(hooks: Hooks, sessionID: string, history: WithParts[]) {
  const messages = history.map((m) => structuredClone(m));
  await hooks["experimental.chat.messages.transform"]!({}, { messages });
  const system = { system: ["agent prompt"] };
  await hooks["experimental.chat.system.transform"]!({ sessionID, model: {} as never }, system);
  return { messages: messages.map((m) => JSON.stringify(m)), system: system.system };
}

describe("a session continued after OpenCode restarts", () => {
  it("gets the same resume and recall blocks from its first message on, and does not recall again what they show", async () => {
    const directory = tempDir("plugin-restart-");
    for (const content of [
      "The CSV exporter writes UTF-8 with a BOM for Excel",
      "Spreadsheet header rows are always in English, whatever the locale",
      "Monthly reports are named by year and month, like report-2026-01",
    ]) {
      const res = await server.api("/api/memories", { method: "POST", json: { content, category: "decision", directory } });
      expect(res.status).toBe(201);
    }
    const cp = await server.api("/api/checkpoints", {
      method: "POST",
      json: {
        directory,
        sessionID: "ses_restart_prev",
        trigger: "compaction",
        messages: [{ info: { id: "m1", role: "user" }, parts: [{ type: "text", text: "Build the CSV exporter for the monthly reports." }] }],
      },
    });
    expect(cp.status).toBe(201);

    const sid = "ses_restart";
    const before = await plugin(directory);
    await before.hooks.event!({ event: { type: "session.created", properties: { info: { id: sid, title: "t" } } } as never });
    const history = [user(sid, "How does the CSV exporter encode its files?")];
    const first = await turnOf(before.hooks, sid, history);
    history.push(answer(sid, "It writes UTF-8."), user(sid, "And the CSV spreadsheet header rows, what language?"));
    const second = await turnOf(before.hooks, sid, history);
    expect(second.system.join("\n")).toContain("Resuming from an earlier session");
    expect(second.messages[0]).toContain("UTF-8 with a BOM");
    expect(second.messages[0]).toBe(first.messages[0]);
    // The second message's block has the header memory, not again the one the first block shows.
    expect(second.messages[2]).toContain("always in English");
    expect(second.messages[2]).not.toContain("UTF-8 with a BOM");
    expect(second.messages.join("\n")).not.toContain("named by year and month");
    // What was injected is on the server once the plugin saved it.
    await vi.waitFor(
      async () => {
        const kv = await (await server.api(`/api/kv/recollect/injected/${sid}?directory=${encodeURIComponent(directory)}`)).json();
        expect(Object.keys(kv.value?.attached ?? {})).toHaveLength(2);
      },
      { timeout: 30_000, interval: 50 },
    );

    // OpenCode restarts: a new plugin that never saw the session.
    const after = await plugin(directory);
    history.push(
      answer(sid, "The header is UTF-8 too."),
      user(sid, "thanks; one more time, the CSV exporter encoding, the spreadsheet header rows, and how are monthly reports named?"),
    );
    const third = await turnOf(after.hooks, sid, history);
    expect(third.system).toEqual(second.system);
    expect(third.messages.slice(0, second.messages.length)).toEqual(second.messages);
    // What the earlier blocks show was restored with them: not recalled a second time, while what
    // they do not show is.
    expect(third.messages[4]).toContain("named by year and month");
    expect(third.messages[4]).not.toContain("UTF-8 with a BOM");
    expect(third.messages[4]).not.toContain("always in English");
  });
});

describe("a new session", () => {
  it("resumes from the latest session's state at idle, not from an older compaction checkpoint", async () => {
    const directory = tempDir("plugin-latest-");
    const cp = await server.api("/api/checkpoints", {
      method: "POST",
      json: {
        directory,
        sessionID: "ses_latest_old",
        trigger: "compaction",
        messages: [{ info: { id: "m1", role: "user" }, parts: [{ type: "text", text: "Build the CSV exporter for the monthly reports." }] }],
      },
    });
    expect(cp.status).toBe(201);
    // A later session works on something else and goes idle, without compacting.
    const { hooks, rt } = await plugin(directory);
    const later = "ses_latest_new";
    const laterHistory = [
      { info: { id: "n1", sessionID: later, role: "user" }, parts: [{ id: "np1", type: "text", text: "Migrate the billing service to Postgres 16." }] },
      { info: { id: "n2", sessionID: later, role: "assistant" }, parts: [{ id: "np2", type: "text", text: "Started the migration of the billing tables." }] },
    ];
    // OpenCode's own client (outside our control) answers the history read.
    rt.opencode = { session: { messages: async () => ({ data: laterHistory }) } } as never;
    const checkpoints = watchCalls(rt, "/api/checkpoints");
    await hooks.event!({ event: { type: "session.created", properties: { info: { id: later, title: "billing" } } } as never });
    await hooks.event!({ event: { type: "session.idle", properties: { sessionID: later } } as never });
    await vi.waitFor(() => expect(checkpoints.count).toBe(1), { timeout: 30_000, interval: 50 });

    const fresh = "ses_latest_fresh";
    await hooks.event!({ event: { type: "session.created", properties: { info: { id: fresh, title: "next" } } } as never });
    const { system } = await turnOf(hooks, fresh, [user(fresh, "let us continue")]);
    const resume = system.find((s) => s.includes("Resuming from an earlier session")) ?? "";
    expect(resume).toContain("billing");
    expect(resume).not.toContain("CSV exporter");
  });
});
