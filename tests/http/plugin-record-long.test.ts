import fs from "node:fs";
import path from "node:path";
import type { Hooks } from "@opencode-ai/plugin";
import type { Message } from "@opencode-ai/sdk";
import { afterAll, describe, expect, it, vi } from "vitest";
import { restoreInjected, saveInjected } from "../../plugin/hooks/injected";
import { createRecollect } from "../../plugin/recollect";
import type { Runtime } from "../../plugin/runtime";
import { startServer, tempDir, type TestServer } from "../helpers/server";
import { messageIds, type WithParts } from "../helpers/plugin-messages";
import { watchRecordedTurns } from "../helpers/record-spy";

/**
 * Issue 40: a long session's record of injected blocks (`recollect/injected/<session>`) grows every
 * turn; past `kv.maxValueBytes` it must keep being stored (lib/injection/record-segments.ts: the
 * entries go into segments, the head stays small), with no warning and no whole record re-sent each
 * turn, and a restarted OpenCode must get every block back.
 */

const directory = tempDir("plugin-record-long-proj-");
const { uid, user, bashPart } = messageIds();
const assistant = (sessionID: string, output: string): WithParts => {
  const id = uid("msg");
  return { info: { id, sessionID, role: "assistant" } as Message, parts: [bashPart(sessionID, id, "make", output)] };
};

let server: TestServer | undefined;
afterAll(async () => server?.stop());

/** The server's warnings that a turn's record was not written (its output and its log file). */
const refusals = (s: TestServer) => {
  const file = path.join(s.dataDir, "logs", "recollect.log");
  const text = s.log() + (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");
  return text.split("the turn's record was not written").length - 1;
};

const pluginOptions = (s: TestServer) => ({
  url: s.url,
  dataDir: s.dataDir,
  autoStart: false,
  timeoutMs: 5000,
  compressTimeoutMs: 10_000,
  stable: false,
  resume: false,
});

/** A second plugin process (OpenCode restarted): the session's blocks as it restores them. */
async function restored(s: TestServer, sid: string) {
  const hooks = (await createRecollect({ directory }, pluginOptions(s))) as Hooks;
  const rt = (hooks as { __runtime?: Runtime }).__runtime!;
  const session = rt.sessions.get(sid);
  await restoreInjected(rt, session);
  return session;
}

describe("a long session's record of injected blocks past kv.maxValueBytes (issue 40)", () => {
  it("keeps storing each turn's change past the limit: recorded every turn, no warning, no whole record re-sent, all blocks restored", async () => {
    // An 8 KB limit stands in for the default 256 KB (about turn 194 of bench/plugin/entries.ts).
    server = await startServer({ env: { RECOLLECT_KV_MAX_VALUE_BYTES: "8192" } });
    const topics = [
      "staging deploy needs the VPN profile staging-eu",
      "nightly backup writes to bucket archive-eu",
      "release train leaves every Tuesday at noon",
    ];
    for (const content of topics) await server.api("/api/memories", { method: "POST", json: { content: `The ${content}`, category: "decision", directory } });
    const hooks = (await createRecollect({ directory }, pluginOptions(server))) as Hooks;
    const rt = (hooks as { __runtime?: Runtime }).__runtime!;
    const sid = uid("ses");
    const s = rt.sessions.get(sid);
    const { sent, answers, restore } = watchRecordedTurns((injected) => ({
      base: injected.base as string | undefined,
      bytes: JSON.stringify(injected).length,
    }));
    const history: WithParts[] = [user(sid, "hello there, let us start")];
    const questions = ["how do I run the staging deploy?", "where does the nightly backup write?", "when does the release train leave?"];
    try {
      await hooks["experimental.chat.messages.transform"]!({}, { messages: structuredClone(history) });
      let recordBytes = 0;
      for (let t = 0; recordBytes < 3 * 8192 && t < 200; t++) {
        // A note each turn makes each turn's block (recall blocks alone would stop at the three memories, shown once).
        s.pendingNote = `[Recollect] a note for turn ${t}: ${"the build is green on the staging branch. ".repeat(12)}`;
        history.push(assistant(sid, `done ${history.length}`), user(sid, `${questions[t % 3]} (turn ${t})`));
        await hooks["experimental.chat.messages.transform"]!({}, { messages: structuredClone(history) });
        recordBytes = JSON.stringify({ attached: Object.fromEntries(s.attached), recalled: Object.fromEntries(s.recalled) }).length;
      }
      // A last turn without a note sends the change still owed (the last note).
      history.push(assistant(sid, "done"), user(sid, "and the staging deploy again, which VPN profile?"));
      await hooks["experimental.chat.messages.transform"]!({}, { messages: structuredClone(history) });
      // The record grew to three times the kv's limit.
      expect(recordBytes).toBeGreaterThanOrEqual(3 * 8192);
      expect(answers.length).toBeGreaterThan(10);
      expect(answers.every((a) => a.recorded === true)).toBe(true);
      // Only the first went whole; every later turn sent only its change, small.
      expect(sent.slice(1).filter((x) => x.base === undefined)).toEqual([]);
      expect(Math.max(...sent.slice(1).map((x) => x.bytes))).toBeLessThan(8192);
      expect(refusals(server)).toBe(0);
      expect(s.injectedRecorded).toBe(s.injectedVersion);

      const head = (await (await server.api(`/api/kv/recollect/injected/${sid}?directory=${encodeURIComponent(directory)}`)).json()) as {
        value: { segments?: number };
      };
      expect(head.value.segments).toBeGreaterThan(1);
      const back = await restored(server, sid);
      expect(back.attached.size).toBe(s.attached.size);
      expect(new Map(back.attached)).toEqual(new Map(s.attached));
      expect(new Map(back.recalled)).toEqual(new Map(s.recalled));

      // The plugin's own whole PUT to this server (its limit below the default): refused whole (413), cut smaller.
      s.attached.set("msg_extra", "[Recollect] one more block");
      saveInjected(rt, s, { now: true });
      await vi.waitFor(() => expect(s.injectedRecorded).toBe(s.injectedVersion), { timeout: 60_000, interval: 50 });
      expect(new Map((await restored(server, sid)).attached)).toEqual(new Map(s.attached));
    } finally {
      restore();
    }
  });

  it("the plugin's own whole PUT (idle, or compression off) of a record past the default 256 KB is stored and restored", async () => {
    await server?.stop();
    server = await startServer();
    const hooks = (await createRecollect({ directory }, { ...pluginOptions(server), compress: false })) as Hooks;
    const rt = (hooks as { __runtime?: Runtime }).__runtime!;
    const sid = uid("ses");
    const s = rt.sessions.get(sid);
    s.resume = "[Recollect] the resume block";
    // 300 blocks of ~1.3 KB (a turn's recall block): ~400 KB, past the kv's 256 KB.
    for (let t = 0; t < 300; t++) {
      s.attached.set(`msg_${t}`, `[Recollect] recalled for turn ${t}: ${"a remembered decision, in a line. ".repeat(38)}`);
      s.recalled.set(`msg_${t}`, [`mem_${t}`]);
    }
    saveInjected(rt, s, { now: true });
    await vi.waitFor(() => expect(s.injectedRecorded).toBe(s.injectedVersion), { timeout: 60_000, interval: 50 });
    const back = await restored(server, sid);
    expect(back.resume).toBe(s.resume);
    expect(new Map(back.attached)).toEqual(new Map(s.attached));
    expect(new Map(back.recalled)).toEqual(new Map(s.recalled));
  });
});
