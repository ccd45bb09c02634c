import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import type { Hooks } from "@opencode-ai/plugin";
import type { Message, Part } from "@opencode-ai/sdk";
import { describe, expect, it, vi } from "vitest";
import { createRecollect } from "../../plugin/recollect";
import type { Runtime } from "../../plugin/runtime";
import { freePort, tempDir } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";
import { messageIds, type WithParts } from "../helpers/plugin-messages";

/** The plugin's hooks and tools, run in Node against the real server (OpenCode itself: e2e/opencode). */

const server = sharedServer();
const directory = tempDir("plugin-http-proj-");

const { uid, user } = messageIds();
const assistant = (sessionID: string, tool: string, output: string, input: Record<string, unknown> = { command: "npm test" }): WithParts => {
  const id = uid("msg");
  return {
    info: { id, sessionID, role: "assistant" } as Message,
    parts: [
      { id: uid("prt"), sessionID, messageID: id, type: "text", text: "Running it." } as Part,
      {
        id: uid("prt"),
        sessionID,
        messageID: id,
        type: "tool",
        callID: uid("call"),
        tool,
        state: { status: "completed", input, output, title: tool, metadata: {}, time: { start: 1, end: 2 } },
      } as Part,
    ],
  };
};

async function plugin(options: Record<string, unknown> = {}) {
  const hooks = (await createRecollect(
    { directory },
    { url: server.url, dataDir: server.dataDir, autoStart: false, timeoutMs: 5000, compressTimeoutMs: 10_000, ...options },
  )) as Hooks;
  return { hooks, rt: (hooks as { __runtime?: Runtime }).__runtime! };
}
const ctxFor = (sessionID: string) => ({
  sessionID,
  messageID: "m",
  agent: "build",
  directory,
  worktree: directory,
  abort: new AbortController().signal,
  metadata() {},
  ask: async () => {},
});
const system = async (hooks: Hooks, sessionID: string) => {
  const out = { system: ["agent prompt"] };
  await hooks["experimental.chat.system.transform"]!({ sessionID, model: {} as never }, out);
  return out.system;
};

describe("system.transform", () => {
  it("injects the pinned block as a second system string, the same bytes every turn", async () => {
    const res = await server.api("/api/memories", {
      method: "POST",
      json: { content: "Always write tests first", category: "directive", pinned: true, directory },
    });
    expect(res.status).toBe(201);
    const { hooks } = await plugin();
    const first = await system(hooks, "ses_sys");
    expect(first[0]).toBe("agent prompt");
    expect(first[1]).toContain("directive:\n- Always write tests first");
    expect(await system(hooks, "ses_sys")).toEqual(first);
    // A title request gets nothing.
    const title = { system: ["You are a title generator. You output ONLY a thread title."] };
    await hooks["experimental.chat.system.transform"]!({ sessionID: "ses_sys", model: {} as never }, title);
    expect(title.system.length).toBe(1);
  });
});

describe("stable block refresh", () => {
  it("reuses the last block within stableRefreshMs; a session keeps its block until a compaction, or until a pin asked for at once (issue 40)", async () => {
    const dir = tempDir("plugin-http-refresh-");
    const hooks = (await createRecollect(
      { directory: dir },
      { url: server.url, dataDir: server.dataDir, autoStart: false, timeoutMs: 5000, stableRefreshMs: 3000 },
    )) as Hooks;
    const pin = (content: string) => server.api("/api/memories", { method: "POST", json: { content, category: "constraint", pinned: true, directory: dir } });
    // Only Date is faked: the plugin reads the window from Date.now(), while fetch and its timeouts run on real time.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      expect((await pin("Never push to main on Fridays")).status).toBe(201);
      const first = await system(hooks, "ses_refresh");
      expect(first[1]).toContain("Never push to main on Fridays");

      // Pinned elsewhere (the browser): the session goes on with the block its cached prefix starts
      // with; a new session gets the latest once the window has passed.
      expect((await pin("Run the linter before every commit")).status).toBe(201);
      vi.advanceTimersByTime(3100);
      expect(await system(hooks, "ses_refresh")).toEqual(first);
      expect((await system(hooks, "ses_refresh_new"))[1]).toContain("Run the linter before every commit");
      // A compaction rewrites the prefix anyway: from there on the session shows it.
      await hooks.event!({ event: { type: "session.compacted", properties: { sessionID: "ses_refresh" } } as never });
      expect((await system(hooks, "ses_refresh"))[1]).toContain("Run the linter before every commit");

      // Pinned by the model through memory_store: from the next cache break...
      const stored = (await hooks.tool!.memory_store!.execute(
        { content: "Migrations are reviewed by two people", category: "constraint", pinned: true } as never,
        { ...ctxFor("ses_refresh"), directory: dir } as never,
      )) as string;
      expect(stored).toContain("pinned");
      expect((await system(hooks, "ses_refresh"))[1]).not.toContain("Migrations are reviewed by two people");
      // ... or at once when the user asked for it.
      await hooks.tool!.memory_store!.execute(
        { content: "Releases are cut on Tuesdays", category: "constraint", pinned: true, now: true } as never,
        { ...ctxFor("ses_refresh"), directory: dir } as never,
      );
      const now = (await system(hooks, "ses_refresh"))[1];
      expect(now).toContain("Releases are cut on Tuesdays");
      expect(now).toContain("Migrations are reviewed by two people");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("stable block served from the plugin's cache", () => {
  const injectedInto = (memoryId: string) => {
    const db = new Database(path.join(server.dataDir, "recollect.db"), { readonly: true });
    try {
      return (db.prepare("SELECT session_id AS s FROM access_log WHERE memory_id = ? AND kind = 'inject' ORDER BY id").all(memoryId) as { s: string }[]).map(
        (r) => r.s,
      );
    } finally {
      db.close();
    }
  };

  it("is recorded as an injection into the session that got it, though no request fetched it", async () => {
    const dir = tempDir("plugin-http-cached-");
    const hooks = (await createRecollect(
      { directory: dir },
      { url: server.url, dataDir: server.dataDir, autoStart: false, timeoutMs: 5000, stableRefreshMs: 600_000 },
    )) as Hooks;
    const res = await server.api("/api/memories", {
      method: "POST",
      json: { content: "Cached stable: releases are tagged from main only", category: "constraint", pinned: true, directory: dir },
    });
    const pinned = (await res.json()) as { id: string };
    expect((await system(hooks, "ses_cached_a"))[1]).toContain("releases are tagged from main only");
    // Within stableRefreshMs the second session gets the cached block: no GET for it.
    expect((await system(hooks, "ses_cached_b"))[1]).toContain("releases are tagged from main only");
    await vi.waitFor(() => expect(injectedInto(pinned.id).sort()).toEqual(["ses_cached_a", "ses_cached_b"]), { timeout: 30_000, interval: 100 });
  });

  it("POST /api/context/stable/injected records once per session and hash, keeps only existing memories, and names a bad field", async () => {
    const res = await server.api("/api/memories", {
      method: "POST",
      json: { content: "Cached stable report: the CI cache is keyed on the lockfile", category: "constraint", pinned: true, directory },
    });
    const pinned = (await res.json()) as { id: string };
    const report = (json: unknown) => server.api("/api/context/stable/injected", { method: "POST", json });
    const body = { sessionID: "ses_cached_report", hash: "h-1", memoryIds: [pinned.id, "no-such-memory"] };
    expect(await (await report(body)).json()).toEqual({ recorded: true });
    expect(await (await report(body)).json()).toEqual({ recorded: false });
    expect(await (await report({ ...body, hash: "h-2" })).json()).toEqual({ recorded: true });
    await vi.waitFor(() => expect(injectedInto(pinned.id)).toEqual(["ses_cached_report", "ses_cached_report"]), { timeout: 30_000, interval: 100 });
    const bad = await report({ hash: "h", memoryIds: [] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/^sessionID/);
    expect((await fetch(`${server.url}/api/context/stable/injected`, { method: "POST", body: JSON.stringify(body) })).status).toBe(401);
  });
});

describe("messages.transform", () => {
  it("attaches the recall block to the latest user message, and the same bytes to it on later turns", async () => {
    await server.api("/api/memories", {
      method: "POST",
      json: { content: "The invoice PDF renderer needs fonts from /usr/share/fonts/noto", category: "gotcha", directory },
    });
    const { hooks } = await plugin();
    const sid = "ses_recall";
    const history: WithParts[] = [user(sid, "why does the invoice PDF renderer fail?")];
    const turn1 = structuredClone(history);
    await hooks["experimental.chat.messages.transform"]!({}, { messages: turn1 });
    const attached = turn1[0]!.parts.find((p) => p.id.startsWith("prt_recollect_")) as Extract<Part, { type: "text" }>;
    expect(attached?.text).toContain("/usr/share/fonts/noto");
    expect(attached.synthetic).toBe(true);

    history.push(assistant(sid, "bash", "ok"), user(sid, "thanks, now something else entirely"));
    const turn2 = structuredClone(history);
    await hooks["experimental.chat.messages.transform"]!({}, { messages: turn2 });
    const again = turn2[0]!.parts.find((p) => p.id.startsWith("prt_recollect_")) as Extract<Part, { type: "text" }>;
    expect(again.text).toBe(attached.text);
    expect(turn2[2]!.parts.some((p) => p.id.startsWith("prt_recollect_"))).toBe(false);
  });

  it("does not recall again what an earlier message's block still shows, but does once a compaction dropped it", async () => {
    await server.api("/api/memories", {
      method: "POST",
      json: { content: "The ledger export runs nightly at 02:00 UTC from the reports worker", category: "decision", directory },
    });
    const { hooks } = await plugin();
    const sid = "ses_recall_shown";
    const block = (m: WithParts) => (m.parts.find((p) => p.id.startsWith("prt_recollect_")) as Extract<Part, { type: "text" }> | undefined)?.text ?? "";
    const history: WithParts[] = [user(sid, "when does the ledger export run?")];
    await hooks["experimental.chat.messages.transform"]!({}, { messages: structuredClone(history) });
    history.push(assistant(sid, "bash", "ok"), user(sid, "and the ledger export, which worker runs it?"));
    const turn2 = structuredClone(history);
    await hooks["experimental.chat.messages.transform"]!({}, { messages: turn2 });
    expect(block(turn2[0]!)).toContain("ledger export runs nightly");
    expect(block(turn2[2]!)).not.toContain("ledger export runs nightly");
    // After a compaction the first message is gone from the history: the memory is shown again.
    const compacted = [assistant(sid, "bash", "summary of the work so far"), user(sid, "remind me: the ledger export schedule?")];
    await hooks["experimental.chat.messages.transform"]!({}, { messages: compacted });
    expect(block(compacted[1]!)).toContain("ledger export runs nightly");
  });

  it("runs a new message's recall search ahead when the message arrives (chat.message), once the server said it takes that: the turn's block is the same as the recall route gives", async () => {
    await server.api("/api/memories", {
      method: "POST",
      json: { content: "The billing worker retries a failed invoice export three times, then pages on-call", category: "gotcha", directory },
    });
    const { hooks } = await plugin({ stable: false, resume: false });
    const sid = uid("ses");
    const block = (m: WithParts) => (m.parts.find((p) => p.id.startsWith("prt_recollect_")) as Extract<Part, { type: "text" }> | undefined)?.text;
    const warms: { body: Record<string, unknown>; answer: Promise<unknown> }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = realFetch(input, init);
      if (new URL(String(input)).pathname === "/api/context/recall/warm")
        warms.push({ body: JSON.parse(String(init?.body)), answer: res.then((r) => r.clone().json()) });
      return res;
    }) as typeof fetch;
    // `warmsBy`: how many run-ahead requests have gone out once this turn's message hook ran.
    const turn = async (history: WithParts[], warmsBy: number) => {
      const last = history[history.length - 1]!;
      await hooks["chat.message"]!({ sessionID: sid }, { message: last.info as never, parts: structuredClone(last.parts) });
      // OpenCode's own work between the two hooks (41 ms or more, bench/plugin/hook-gap.ts) lets the
      // run-ahead request land first; here the test waits for it to go out (the client may first
      // prove its token) and for its answer, or a loaded machine could let the transform's request
      // overtake it (then the server answers `warmed: false`).
      await vi.waitFor(() => expect(warms.length).toBe(warmsBy), { timeout: 30_000, interval: 5 });
      await Promise.all(warms.map((w) => w.answer));
      const sent = structuredClone(history);
      await hooks["experimental.chat.messages.transform"]!({}, { messages: sent });
      return sent;
    };
    try {
      const history: WithParts[] = [user(sid, "hello there, let us start")];
      // Before the first answer the plugin does not know the server takes it: nothing ahead.
      await turn(history, 0);
      expect(warms).toEqual([]);
      history.push(assistant(sid, "bash", "ok"), user(sid, "what does the billing worker do when an invoice export fails?"));
      const turn2 = await turn(history, 1);
      expect(warms.map((w) => w.body)).toEqual([
        { directory, sessionID: sid, messageID: turn2[2]!.info.id, query: "what does the billing worker do when an invoice export fails?", exclude: [] },
      ]);
      expect(await warms[0]!.answer).toEqual({ warmed: true });
      expect(block(turn2[2]!)).toContain("pages on-call");
      const alone = await server.api("/api/context/recall", {
        method: "POST",
        json: { directory, query: "what does the billing worker do when an invoice export fails?", sessionID: sid, messageID: turn2[2]!.info.id },
      });
      expect(block(turn2[2]!)).toBe(((await alone.json()) as { block: string }).block);
      // The same words again: the turn recalls nothing (messages.ts planBlock), so nothing runs ahead.
      history.push(assistant(sid, "bash", "it retries"), user(sid, "what does the billing worker do when an invoice export fails?"));
      await turn(history, 1);
      expect(warms.length).toBe(1);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("after its first turn, asks for a new message's recall and records its blocks in the compress request: one request a turn (the record of a last block at idle), the same block as the recall route gives, no recall for the same words again", async () => {
    await server.api("/api/memories", {
      method: "POST",
      json: { content: "The staging deploy needs the VPN profile staging-eu loaded first", category: "gotcha", directory },
    });
    const { hooks } = await plugin({ stable: false, resume: false });
    const sid = uid("ses");
    const block = (m: WithParts) => (m.parts.find((p) => p.id.startsWith("prt_recollect_")) as Extract<Part, { type: "text" }> | undefined)?.text;
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      // The turn's calls (a GET of /api/compress is the sidebar's savings, not a turn's).
      const sent = init?.method === "POST" && typeof init.body === "string" ? JSON.parse(init.body) : {};
      if (init?.method === "POST" && (url.pathname === "/api/compress" || url.pathname === "/api/context/recall"))
        calls.push(`${url.pathname}${sent.recall ? " +recall" : ""}${sent.injected ? " +injected" : ""}`);
      // The record of injected blocks: on its own only before the server said it takes it along.
      if (init?.method === "PUT" && url.pathname.startsWith("/api/kv/recollect/injected/")) calls.push("PUT injected");
      return realFetch(input, init);
    }) as typeof fetch;
    const history: WithParts[] = [user(sid, "hello there, let us start")];
    try {
      await hooks["experimental.chat.messages.transform"]!({}, { messages: structuredClone(history) });
      await vi.waitFor(() => expect(calls.sort()).toEqual(["/api/compress", "/api/context/recall"]), { timeout: 30_000, interval: 50 });
      history.push(assistant(sid, "bash", "ok"), user(sid, "how do I run the staging deploy?"));
      calls.length = 0;
      const turn2 = structuredClone(history);
      await hooks["experimental.chat.messages.transform"]!({}, { messages: turn2 });
      // The session's record goes along, and the server adds this message's block to it.
      expect(calls).toEqual(["/api/compress +recall +injected"]);
      const record = async () =>
        (await (await server.api(`/api/kv/recollect/injected/${sid}?directory=${encodeURIComponent(directory)}`)).json()) as {
          value: { attached: Record<string, string> };
        };
      expect((await record()).value.attached[turn2[2]!.info.id]).toBe(block(turn2[2]!));
      // The same block the recall route gives for that message.
      const alone = await server.api("/api/context/recall", {
        method: "POST",
        json: { directory, query: "how do I run the staging deploy?", sessionID: sid, messageID: turn2[2]!.info.id },
      });
      expect(block(turn2[2]!)).toContain("VPN profile staging-eu");
      expect(block(turn2[2]!)).toBe(((await alone.json()) as { block: string }).block);
      // A step of the same turn (no new user message): compression alone, the block's bytes unchanged.
      history.push(assistant(sid, "bash", "deployed"));
      calls.length = 0;
      const turn3 = structuredClone(history);
      await hooks["experimental.chat.messages.transform"]!({}, { messages: turn3 });
      // Nothing owed: no record.
      expect(calls).toEqual(["/api/compress"]);
      expect(block(turn3[2]!)).toBe(block(turn2[2]!));
      // A block that is more than the recall block (here a note for the turn) is owed: it goes with
      // the next request, or at idle on its own when the session stops first.
      const state = (hooks as { __runtime?: Runtime }).__runtime!.sessions.get(sid);
      state.pendingNote = "[Recollect] a note for this turn";
      await server.api("/api/memories", {
        method: "POST",
        json: { content: "The nightly backup job writes to the cold-storage bucket archive-eu", category: "decision", directory },
      });
      history.push(user(sid, "where does the nightly backup job write?"));
      calls.length = 0;
      const turn4 = structuredClone(history);
      await hooks["experimental.chat.messages.transform"]!({}, { messages: turn4 });
      expect(calls).toEqual(["/api/compress +recall"]);
      expect(block(turn4[4]!)).toContain("archive-eu");
      expect(block(turn4[4]!)).toContain("a note for this turn");
      await hooks.event!({ event: { type: "session.idle", properties: { sessionID: sid } } as never });
      await vi.waitFor(async () => expect((await record()).value.attached[turn4[4]!.info.id]).toBe(block(turn4[4]!)), { timeout: 30_000, interval: 50 });
      expect(calls).toContain("PUT injected");
      // The plugin has the PUT's answer (nothing owed any more).
      await vi.waitFor(() => expect(state.injectedRecorded).toBe(state.injectedVersion), { timeout: 30_000, interval: 50 });
      // The same words again while the first asking is still in the history: no recall, no block.
      history.push(assistant(sid, "bash", "it writes to archive-eu"), user(sid, "where does the nightly backup job write?"));
      calls.length = 0;
      const turn6 = structuredClone(history);
      await hooks["experimental.chat.messages.transform"]!({}, { messages: turn6 });
      expect(calls).toEqual(["/api/compress"]);
      expect(block(turn6[6]!)).toBeUndefined();
      expect(block(turn6[4]!)).toContain("archive-eu");
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("writes the compressed history back into the same array, with a hash memory_expand resolves", async () => {
    const { hooks } = await plugin({ recall: false });
    const sid = "ses_compress";
    const big = Array.from({ length: 600 }, (_, i) => `line ${i}: compiling module ${i % 13} ok`).join("\n") + "\nERROR: build failed in module 7\n";
    const history: WithParts[] = [user(sid, "build it"), assistant(sid, "bash", big)];
    for (let i = 0; i < 4; i++) history.push(user(sid, `step ${i}`), assistant(sid, "bash", `done ${i}`, { command: `echo ${i}` }));
    const messages = structuredClone(history);
    const output = { messages };
    await hooks["experimental.chat.messages.transform"]!({}, output);
    expect(output.messages).toBe(messages);
    const part = messages[1]!.parts.find((p) => p.type === "tool") as Extract<Part, { type: "tool" }>;
    const compressed = (part.state as { output: string }).output;
    expect(compressed.length).toBeLessThan(big.length / 2);
    expect(compressed).toContain("ERROR: build failed in module 7");
    const hash = compressed.match(/memory_expand\("([0-9a-f]+)"\)/)?.[1];
    expect(hash).toBeDefined();
    const expand = await hooks.tool!.memory_expand!.execute({ hash } as never, ctxFor(sid) as never);
    expect(expand).toContain("line 599: compiling module");

    // Next turns: OpenCode sends the original history again plus a new step. Through the delta
    // exchange (unchanged parts as stubs both ways) the old parts come back with the same bytes,
    // also after the server lost the previous call (a 409, then the whole history once more).
    const toolOutput = (ms: WithParts[]) =>
      ((ms[1]!.parts.find((p) => p.type === "tool") as Extract<Part, { type: "tool" }>).state as { output: string }).output;
    const { rt } = { rt: (hooks as { __runtime?: Runtime }).__runtime! };
    for (const lose of [false, true]) {
      if (lose) rt.sessions.get(sid).compressDelta!.base = "0".repeat(16);
      else expect(rt.sessions.get(sid).compressDelta?.base).toMatch(/^[0-9a-f]{16}$/);
      history.push(user(sid, `next ${String(lose)}`), assistant(sid, "bash", `done next`, { command: "echo next" }));
      const turn = { messages: structuredClone(history) };
      await hooks["experimental.chat.messages.transform"]!({}, turn);
      expect(toolOutput(turn.messages)).toBe(compressed);
      expect(turn.messages.map((m) => m.parts.map((p) => p.id))).toEqual(history.map((m) => m.parts.map((p) => p.id)));
    }
  });

  it("keeps its maps by part id, updated from turn to turn, those of the history sent: two turns at once, a compaction, and the bytes of a whole send", async () => {
    const { hooks, rt } = await plugin({ recall: false });
    const sid = "ses_maps";
    const big = Array.from({ length: 600 }, (_, i) => `line ${i}: linking module ${i % 11} ok`).join("\n") + "\nERROR: link failed in module 3\n";
    const history: WithParts[] = [user(sid, "link it"), assistant(sid, "bash", big)];
    for (let i = 0; i < 3; i++) history.push(user(sid, `go ${i}`), assistant(sid, "bash", `done ${i}`, { command: `echo ${i}` }));
    const transform = async (ms: WithParts[]) => {
      const turn = { messages: structuredClone(ms) };
      await hooks["experimental.chat.messages.transform"]!({}, turn);
      return turn.messages;
    };
    // Both maps hold exactly the parts of the history last sent (no part left over from an earlier call).
    const expectMapsOf = (ms: WithParts[]) => {
      const ids = ms.flatMap((m) => m.parts.map((p) => p.id)).sort();
      const delta = rt.sessions.get(sid).compressDelta!;
      expect([...delta.sent.keys()].sort()).toEqual(ids);
      expect([...delta.answer.keys()].sort()).toEqual(ids);
    };
    await transform(history);
    // Two requests of the same session at once (a title or sub-request beside the turn's): one of them
    // works on copies of the maps the other takes over.
    history.push(user(sid, "next"), assistant(sid, "bash", "done next", { command: "echo next" }));
    const [a, b] = await Promise.all([transform(history), transform(history)]);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    for (let i = 0; i < 3; i++) {
      history.push(user(sid, `more ${i}`), assistant(sid, "bash", `done more ${i}`, { command: `echo more ${i}` }));
      const delta = await transform(history);
      expectMapsOf(history);
      // The history through the delta exchange is byte for byte a whole send's (the server's compressed
      // bytes of a session are stable), and its compressed part came back as a stub resolved by the map.
      const kept = rt.sessions.get(sid).compressDelta;
      rt.sessions.get(sid).compressDelta = undefined;
      const whole = await transform(history);
      expect(JSON.stringify(delta)).toBe(JSON.stringify(whole));
      expect(JSON.stringify(delta[1])).toContain("ERROR: link failed in module 3");
      expect(JSON.stringify(delta[1]).length).toBeLessThan(big.length / 2);
      // The next turn goes on from the delta call's state, as the session would.
      if (i < 2) rt.sessions.get(sid).compressDelta = kept;
    }
    // The last message changed since the call before (a part of it replaced by one of another id):
    // the part it no longer has leaves both maps.
    const last = history[history.length - 1]!;
    last.parts[0] = { ...last.parts[0]!, id: uid("prt"), text: "Ran it again." } as Part;
    await transform(history);
    expectMapsOf(history);
    // A compaction: the first messages leave the history; the maps follow.
    const compacted = history.slice(2);
    await transform(compacted);
    expectMapsOf(compacted);
    compacted.push(user(sid, "after"), assistant(sid, "bash", "done after", { command: "echo after" }));
    await transform(compacted);
    expectMapsOf(compacted);
  });
});

describe("tools", () => {
  it("store, search, update and forget (archive) through memory_store, a bad category named", async () => {
    const { hooks } = await plugin();
    const t = hooks.tool!;
    const ctx = ctxFor("ses_tools") as never;
    const stored = (await t.memory_store!.execute({ content: "Redis runs on port 6380 in dev", category: "fact" } as never, ctx)) as string;
    const id = stored.match(/Stored (\S+) \(fact, project\)/)?.[1];
    expect(id).toBeDefined();
    expect(await t.memory_store!.execute({ content: "Redis runs on port 6380 in dev" } as never, ctx)).toContain(`Already remembered as ${id}`);
    expect(await t.memory_store!.execute({ content: "Something else entirely", category: "mood" } as never, ctx)).toMatch(/^Not stored: .*category/);
    expect(await t.memory_store!.execute({} as never, ctx)).toContain("give content");

    const found = (await t.memory_search!.execute({ query: "redis port" } as never, ctx)) as string;
    expect(found).toContain(id!);
    expect(found).toMatch(/\[fact, project, (just now|\d+m)\] Redis runs on port 6380/);

    expect(await t.memory_store!.execute({ id, content: "Redis runs on port 6390 in dev" } as never, ctx)).toContain("6390");
    expect(await t.memory_store!.execute({ id } as never, ctx)).toContain("Nothing to change");

    expect(await t.memory_store!.execute({ id, forget: true } as never, ctx)).toContain("Archived");
    expect((await (await server.api(`/api/memories/${id}`)).json()).status).toBe("archived");
    expect(await t.memory_expand!.execute({ hash: "00000000deadbeef" } as never, ctx)).toContain("Nothing stored under");
  });
});

describe("events", () => {
  const waitOpts = { timeout: 30_000, interval: 100 };
  const session = async (id: string) => {
    const res = await server.api(`/api/sessions/${id}`);
    return res.status === 200 ? ((await res.json()) as { status: string; title: string | null; workingOn: string | null }) : undefined;
  };

  it("registers a created session, beats on idle with what it works on, ends it when deleted", async () => {
    const { hooks } = await plugin({ extract: false });
    const sid = "ses_events";
    const info = { id: sid, title: "Fix the flaky upload test", directory, projectID: "p", version: "1", time: { created: 1, updated: 1 } };
    await hooks.event!({ event: { type: "session.created", properties: { info } } as never });
    await vi.waitFor(async () => expect(await session(sid)).toMatchObject({ status: "active", title: "Fix the flaky upload test" }), waitOpts);

    await hooks["chat.message"]!(
      { sessionID: sid },
      { message: {} as never, parts: [{ id: "p1", sessionID: sid, messageID: "m1", type: "text", text: "make uploads retry on 503" } as Part] },
    );
    await hooks["tool.execute.after"]!(
      { tool: "edit", sessionID: sid, callID: "c1", args: { filePath: "src/upload.ts" } },
      { title: "", output: "", metadata: {} },
    );
    await hooks.event!({ event: { type: "session.idle", properties: { sessionID: sid } } as never });
    await vi.waitFor(async () => {
      const beat = await session(sid);
      expect(beat?.workingOn).toContain("make uploads retry on 503");
      expect(beat?.workingOn).toContain("src/upload.ts");
    }, waitOpts);

    await hooks.event!({ event: { type: "session.deleted", properties: { info } } as never });
    await vi.waitFor(async () => expect((await session(sid))?.status).toBe("ended"), waitOpts);
  });

  it("a sub-agent session is not registered and gets no resume block", async () => {
    const { hooks, rt } = await plugin();
    const info = { id: "ses_child", parentID: "ses_parent", title: "child", directory, projectID: "p", version: "1", time: { created: 1, updated: 1 } };
    await hooks.event!({ event: { type: "session.created", properties: { info } } as never });
    expect(rt.sessions.get("ses_child").resume).toBe("");
    // No registration call was started (a parent's session gets one at once), so nothing can arrive later.
    expect(rt.sessions.get("ses_child").registration).toBeUndefined();
    expect((await server.api("/api/sessions/ses_child")).status).toBe(404);
    const parent = { ...info, id: "ses_parent_of_child", parentID: undefined, title: "parent" };
    await hooks.event!({ event: { type: "session.created", properties: { info: parent } } as never });
    expect(rt.sessions.get(parent.id).registration).toBeInstanceOf(Promise);
    await rt.sessions.get(parent.id).registration;
    expect((await server.api(`/api/sessions/${parent.id}`)).status).toBe(200);
  });
});

describe("fail open", () => {
  it("with nothing listening, hooks add almost nothing and tools say memory is unavailable", async () => {
    const port = await freePort();
    const { hooks, rt } = await plugin({ url: `http://127.0.0.1:${port}`, timeoutMs: 300 });
    const sid = "ses_down";
    const messages = [user(sid, "hello there, what do you remember?")];
    const before = structuredClone(messages);
    // What a turn costs with the server down is measured in bench/plugin ("server down" rows); here:
    // the first turn's refused connection opens the circuit, and later turns make no call at all.
    const calls = vi.spyOn(globalThis, "fetch");
    const turn = async () => {
      await hooks["chat.message"]!({ sessionID: sid }, { message: messages[0]!.info as never, parts: messages[0]!.parts });
      await hooks["experimental.chat.messages.transform"]!({}, { messages });
      expect(await system(hooks, sid)).toEqual(["agent prompt"]);
    };
    try {
      await turn();
      expect(rt.client.breaker.state).toBe("open");
      const firstTurnCalls = calls.mock.calls.length;
      expect(firstTurnCalls).toBeGreaterThan(0);
      for (let i = 0; i < 4; i++) await turn();
      expect(calls.mock.calls.length).toBe(firstTurnCalls);
    } finally {
      calls.mockRestore();
    }
    expect(messages).toEqual(before);
    expect(rt.client.breaker.state).toBe("open");
    const out = await hooks.tool!.memory_search!.execute({ query: "x" } as never, ctxFor(sid) as never);
    expect(out).toContain("unavailable");
  });

  it("a server slower than the timeout costs the timeout once, then the open circuit costs nothing", async () => {
    // The server never answers: a hook that returns at all gave up at its own timeout, not the server's pace.
    let received = 0;
    const slow = http.createServer(() => received++);
    await new Promise<void>((r) => slow.listen(0, "127.0.0.1", r));
    const port = (slow.address() as { port: number }).port;
    try {
      const { hooks, rt } = await plugin({ url: `http://127.0.0.1:${port}`, timeoutMs: 150, compress: false, recall: false, breakerFailures: 1 });
      expect(await system(hooks, "ses_slow")).toEqual(["agent prompt"]);
      expect(rt.client.breaker.state).toBe("open");
      const firstTurn = received;
      expect(firstTurn).toBeGreaterThan(0);
      for (let i = 0; i < 5; i++) expect(await system(hooks, "ses_slow")).toEqual(["agent prompt"]);
      expect(received).toBe(firstTurn);
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });

  it("starts the server in the background (detached, logging to the data dir) and closes the circuit once healthy", async () => {
    const port = await freePort();
    const dataDir = tempDir("plugin-autostart-");
    const script = path.join(dataDir, "fake-server.mjs");
    fs.writeFileSync(
      script,
      `import http from "node:http";
// The server's own variables before their aliases, as lib/config.ts reads them.
const port = process.env.RECOLLECT_SERVER_PORT ?? process.env.RECOLLECT_PORT;
console.log("fake server starting on " + port + " data " + process.env.RECOLLECT_DATA_DIR);
const s = http.createServer((req, res) => { res.setHeader("content-type", "application/json"); res.end(req.url === "/api/health" ? '{"status":"ok"}' : '{"block":"","tokens":0,"memoryIds":[],"hash":"h"}'); });
s.listen(Number(port), process.env.RECOLLECT_SERVER_HOST ?? process.env.RECOLLECT_HOST);
setTimeout(() => process.exit(0), 20000);`,
    );
    // A port in the user's environment does not move the server away from the plugin's URL.
    vi.stubEnv("RECOLLECT_SERVER_PORT", "1");
    const { hooks, rt } = await plugin({ url: `http://127.0.0.1:${port}`, dataDir, autoStart: true, startCommand: [process.execPath, script] });
    try {
      await system(hooks, "ses_start");
      expect(rt.client.breaker.state).toBe("open"); // refused: the start is under way
      await vi.waitFor(async () => expect(await rt.starter.healthy()).toBe(true), { timeout: 30_000, interval: 200 });
    } finally {
      vi.unstubAllEnvs();
    }
    expect(rt.starter.attempted).toBe(true);
    // The starter polls health about once a second and closes the circuit when it sees the server.
    await vi.waitFor(() => expect(rt.client.breaker.state).toBe("closed"), { timeout: 30_000, interval: 50 });
    await vi.waitFor(() => expect(fs.readFileSync(path.join(dataDir, "server.log"), "utf8")).toContain(`fake server starting on ${port} data ${dataDir}`), {
      timeout: 30_000,
      interval: 50,
    });
  });

  it("does not try to start a server that is not on loopback", async () => {
    const { rt } = await plugin({ url: "http://192.0.2.1:7731", autoStart: true, startCommand: ["/nonexistent"] });
    rt.starter.ensure();
    expect(rt.starter.attempted).toBe(false);
  });
});
