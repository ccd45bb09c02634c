import type { Hooks } from "@opencode-ai/plugin";
import type { Message, Part } from "@opencode-ai/sdk";
import { describe, expect, it, vi } from "vitest";
import { createRecollect } from "../../plugin/recollect";
import type { Runtime } from "../../plugin/runtime";
import { freePort, tempDir } from "../helpers/server";
import { sharedServer } from "../helpers/shared-server";
import { messageIds, type WithParts } from "../helpers/plugin-messages";

/** What the plugin sends keeps the provider's prompt cache: the bytes of a turn are the next turn's prefix, except at compression batches. */

const server = sharedServer();
const directory = tempDir("plugin-cache-proj-");

const { uid, user, bashPart } = messageIds();
/** A step with a build log of `lines` lines (big ones compress to a few lines; small ones stay). */
const step = (sessionID: string, i: number, lines: number): WithParts => {
  const id = uid("msg");
  const output = Array.from({ length: lines }, (_, l) => `step ${i} line ${l}: compiling module ${l} of the build`).join("\n");
  return {
    info: { id, sessionID, role: "assistant" } as Message,
    parts: [{ id: uid("prt"), sessionID, messageID: id, type: "text", text: `Step ${i}.` } as Part, bashPart(sessionID, id, `make step-${i}`, output)],
  };
};

async function plugin(extra: Record<string, unknown> = {}) {
  const hooks = (await createRecollect(
    { directory },
    { url: server.url, dataDir: server.dataDir, autoStart: false, timeoutMs: 5000, compressTimeoutMs: 10_000, breakerCooldownMs: 0, ...extra },
  )) as Hooks;
  return { hooks, rt: (hooks as { __runtime?: Runtime }).__runtime! };
}

/** One turn as OpenCode runs it: a fresh copy of the history, transformed in place; what goes to the model, as JSON per message. */
async function turn(hooks: Hooks, history: WithParts[]): Promise<string[]> {
  const sent = history.map((m) => structuredClone(m));
  await hooks["experimental.chat.messages.transform"]!({}, { messages: sent });
  return sent.map((m) => JSON.stringify(m));
}

describe("cache-aware compression through the plugin", () => {
  it("over a 40-step history, sends every earlier message byte-identical except at a few batches, and an outage changes none of them", async () => {
    const { hooks, rt } = await plugin();
    const sessionID = uid("ses");
    const history: WithParts[] = [user(sessionID, "Build the project and fix what fails")];
    const turns: string[][] = [];
    /** Turns that rewrote an already sent message, with the indexes of the messages rewritten. */
    const batches: { turn: number; rewritten: number[] }[] = [];
    const liveUrl = rt.settings.url;
    const deadUrl = `http://127.0.0.1:${await freePort()}`;
    for (let i = 0; i < 40; i++) {
      history.push(step(sessionID, i, i % 3 === 0 ? 400 : 5));
      // Steps 30 to 33 with the server unreachable.
      rt.client.settings.url = i >= 30 && i < 34 ? deadUrl : liveUrl;
      const now = await turn(hooks, history);
      const previous = turns[turns.length - 1];
      const rewritten = previous ? previous.flatMap((m, j) => (now[j] !== m ? [j] : [])) : [];
      if (rewritten.length) batches.push({ turn: i, rewritten });
      turns.push(now);
    }
    expect(turns[29].join("\n")).toContain("memory_expand(");
    // The history crossed the first pressure threshold (50,000 tokens) before the outage: the
    // server nudges for what the plugin sent at step 29.
    const atStep29 = await server.api("/api/compress", { method: "POST", json: { sessionID: uid("ses"), messages: history.slice(0, 31) } });
    expect(((await atStep29.json()) as { nudges: string[] }).nudges).toHaveLength(1);
    // Between batches nothing already sent changes. A batch rewrites only the step that just aged
    // (it was the newest part of the cached prefix: the rewrite costs its compressed size); crossing
    // the threshold rewrites nothing already sent (issue 39: each part keeps the level it aged at).
    const deep = batches.filter((b) => b.turn < 30 && (b.rewritten.length > 1 || b.rewritten[0] !== turns[b.turn - 1].length - 1));
    expect(deep).toEqual([]);
    const tail = batches.filter((b) => b.turn < 30);
    expect(tail.length).toBeGreaterThan(0);
    // Only the big outputs were compressed: a small step's output is never rewritten below the thresholds.
    for (const b of tail) expect(JSON.parse(turns[b.turn][b.rewritten[0]]).parts[1].state.output).toContain("memory_expand(");
    expect(batches.length).toBeLessThan(40 / 3);
    // During the outage nothing changed: the parts compressed before went out compressed.
    expect(batches.filter((b) => b.turn >= 30 && b.turn < 34)).toEqual([]);
    expect(turns[33].slice(0, turns[29].length)).toEqual(turns[29]);
    // Back online, what aged during the outage is compressed.
    const expands = (t: string[]) => t.join("\n").split("memory_expand(").length;
    expect(expands(turns[39])).toBeGreaterThan(expands(turns[33]));
  });

  it("the delta exchange (unchanged leading messages left out, unchanged parts as stubs) gives, every turn, what a whole send gives", async () => {
    const { hooks } = await plugin({ recall: false, stable: false, resume: false });
    const sessionID = uid("ses");
    const history: WithParts[] = [user(sessionID, "Build the project and fix what fails")];
    const posted: { keep?: number; messages: unknown[] }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      // The plugin's calls (the test's own whole sends have no delta).
      const delta = String(input).includes("/api/compress") && typeof init?.body === "string" ? JSON.parse(init.body).delta : undefined;
      if (delta) posted.push(delta);
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      for (let i = 0; i < 24; i++) {
        history.push(step(sessionID, i, i % 3 === 0 ? 400 : 5));
        // A part changed in place (its message is no longer the previous call's), once.
        if (i === 16) (history[5]!.parts[0] as { text: string }).text = "Step 2, said again.";
        const now = await turn(hooks, history);
        const res = await server.api("/api/compress", { method: "POST", json: { sessionID, messages: structuredClone(history) } });
        const whole = ((await res.json()) as { messages: unknown[] }).messages.map((m) => JSON.stringify(m));
        expect(now).toEqual(whole);
      }
    } finally {
      globalThis.fetch = realFetch;
    }
    // After the first call every call leaves out the messages unchanged since the previous one.
    const keeps = posted.slice(1).map((d) => d.keep ?? -1);
    expect(keeps.every((k) => k > 0)).toBe(true);
    expect(keeps[15]).toBeLessThanOrEqual(5);
  });

  it("sends the next turn to prepare at idle (the history read through OpenCode's client); the delta exchange goes on as before (the lib test compares the bytes with a store that never prepares)", async () => {
    const history: WithParts[] = [];
    const client = { session: { messages: async () => ({ data: history.map((m) => structuredClone(m)) }) } };
    const hooks = (await createRecollect(
      { directory, client: client as never },
      { url: server.url, dataDir: server.dataDir, autoStart: false, recall: false, stable: false, resume: false, extract: false, compressTimeoutMs: 10_000 },
    )) as Hooks;
    const sessionID = uid("ses");
    history.push(user(sessionID, "Build the project and fix what fails"));
    const prepared: number[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await realFetch(input, init);
      if (typeof init?.body === "string" && init.body.includes('"prepare":true')) prepared.push(((await res.clone().json()) as { prepared: number }).prepared);
      return res;
    }) as typeof fetch;
    try {
      for (let i = 0; i < 12; i++) {
        const now = await turn(hooks, history);
        const res = await server.api("/api/compress", { method: "POST", json: { sessionID, messages: structuredClone(history) } });
        expect(now).toEqual(((await res.json()) as { messages: unknown[] }).messages.map((m) => JSON.stringify(m)));
        // The answer, then idle: the next turn's work is done now.
        history.push(step(sessionID, i, i % 2 === 0 ? 400 : 5));
        const before = prepared.length;
        await hooks.event!({ event: { type: "session.idle", properties: { sessionID } } as never });
        await vi.waitFor(() => expect(prepared.length).toBe(before + 1), { timeout: 30_000, interval: 50 });
        history.push(user(sessionID, `Now step ${i + 1}`));
      }
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(prepared.some((k) => k > 0)).toBe(true);
  });

  it("with the server down from the first turn of a plugin that never reached it, sends the history as it is", async () => {
    const { hooks, rt } = await plugin();
    rt.client.settings.url = `http://127.0.0.1:${await freePort()}`;
    const sessionID = uid("ses");
    const history = [user(sessionID, "hello"), step(sessionID, 0, 400), step(sessionID, 1, 400), step(sessionID, 2, 5)];
    const sent = await turn(hooks, history);
    expect(sent).toEqual(history.map((m) => JSON.stringify(m)));
  });
});
