import type { Hooks } from "@opencode-ai/plugin";
import type { Message } from "@opencode-ai/sdk";
import { afterAll, describe, expect, it } from "vitest";
import { injectedRecord } from "../../plugin/hooks/injected";
import { createRecollect } from "../../plugin/recollect";
import type { Runtime } from "../../plugin/runtime";
import { startServer, tempDir, type TestServer } from "../helpers/server";
import { messageIds, type WithParts } from "../helpers/plugin-messages";
import { watchRecordedTurns } from "../helpers/record-spy";

/**
 * The session's record of injected blocks rides in the compress request as what changed since the
 * record the server wrote last (lib/injection/turn-record.ts): the stored record stays the whole
 * one the plugin holds, and a server that lost it (a restart, another writer) gets it whole again.
 */

const directory = tempDir("plugin-record-delta-proj-");
const { uid, user, bashPart } = messageIds();
const assistant = (sessionID: string, output: string): WithParts => {
  const id = uid("msg");
  return {
    info: { id, sessionID, role: "assistant" } as Message,
    parts: [bashPart(sessionID, id, "make", output)],
  };
};

let server: TestServer | undefined;
afterAll(async () => server?.stop());

describe("the record of injected blocks as a delta", () => {
  it("sends only what changed after the first record, stores the same record as the whole one, and after a restart or another writer sends it whole again", async () => {
    server = await startServer();
    const topics = [
      "staging deploy needs the VPN profile staging-eu",
      "nightly backup writes to bucket archive-eu",
      "release train leaves every Tuesday at noon",
    ];
    for (const content of topics) await server.api("/api/memories", { method: "POST", json: { content: `The ${content}`, category: "decision", directory } });
    const options = { url: server.url, dataDir: server.dataDir, autoStart: false, timeoutMs: 5000, compressTimeoutMs: 10_000, stable: false, resume: false };
    const hooks = (await createRecollect({ directory }, options)) as Hooks;
    const rt = (hooks as { __runtime?: Runtime }).__runtime!;
    const sid = uid("ses");
    const s = rt.sessions.get(sid);
    /** The `injected` of each compress request of a turn, and the answers' `recorded`/`recordResend`. */
    const { sent, answers, restore } = watchRecordedTurns((injected) => injected);
    const stored = async () =>
      ((await (await server!.api(`/api/kv/recollect/injected/${sid}?directory=${encodeURIComponent(directory)}`)).json()) as { value: unknown }).value;
    const history: WithParts[] = [user(sid, "hello there, let us start")];
    /** The record the plugin takes the server to hold (`injectedServer`: each change applied to it in place, not a copy of the session's maps). */
    const held = () => {
      const h = s.injectedServer!;
      return { resume: h.resume, attached: Object.fromEntries(h.attached), recalled: Object.fromEntries(h.recalled) };
    };
    const heldObjects = new Set<object>();
    const turn = async (question: string) => {
      history.push(assistant(sid, `done ${history.length}`), user(sid, question));
      sent.length = answers.length = 0;
      await hooks["experimental.chat.messages.transform"]!({}, { messages: structuredClone(history) });
      // Whenever the server named the record it wrote, the plugin's idea of it is exactly the stored one.
      if (answers.at(-1)?.recorded === true) {
        expect(held()).toEqual(await stored());
        expect(s.injectedServer!.attached).not.toBe(s.attached);
        heldObjects.add(s.injectedServer!);
      }
    };
    try {
      await hooks["experimental.chat.messages.transform"]!({}, { messages: structuredClone(history) });
      await turn("how do I run the staging deploy?");
      // The first record goes whole.
      expect(sent).toHaveLength(1);
      expect(sent[0]!.base).toBeUndefined();
      await turn("where does the nightly backup write?");
      // Then only the changes against the record the server named: not the earlier message's block.
      expect(sent[0]!.base).toEqual(expect.any(String));
      const earlier = history[2]!.info.id;
      expect(JSON.stringify(sent[0]!.value)).not.toContain(earlier);
      expect(answers[0]!.recorded).toBe(true);
      // A block that is more than the recall block (a note) is owed and goes as a change next turn.
      s.pendingNote = "[Recollect] a note for this turn";
      await turn("when does the release train leave?");
      await turn("and the staging deploy again, which VPN profile?");
      expect(sent[0]!.base).toEqual(expect.any(String));
      expect(Object.keys((sent[0]!.value as { attached: object }).attached)).toEqual([history[6]!.info.id]);
      // The stored record is the whole record the plugin holds (what the full path would write).
      expect(s.injectedRecorded).toBe(s.injectedVersion);
      expect(await stored()).toEqual(injectedRecord(rt, s).value);
      // The changes went onto the one held record: no new record (nor copy of the maps) a turn.
      expect(heldObjects.size).toBe(1);

      // Another writer of the key: the change is refused, the record goes whole with the next request.
      await server.api(`/api/kv/recollect/injected/${sid}`, { method: "PUT", json: { directory, value: { resume: "other" }, ttlSeconds: 3600 } });
      await turn("which bucket does the nightly backup use?");
      expect(answers).toEqual([expect.objectContaining({ recorded: false, recordResend: true })]);
      expect(s.injectedServer).toBeUndefined();
      await turn("what day does the release train leave?");
      expect(sent[0]!.base).toBeUndefined();
      expect(await stored()).toMatchObject({ attached: expect.objectContaining({ [history[2]!.info.id]: expect.any(String) }) });

      // A restart: the server lost both the delta exchange (409) and its record; the retry sends both whole.
      const { port, dataDir } = server;
      await server.stop();
      server = await startServer({ dataDir, port });
      await turn("how do I run the staging deploy once more?");
      expect(sent.map((x) => x.base === undefined)).toEqual([false, true]);
      expect(answers.at(-1)!.recorded).toBe(true);
      expect(s.injectedRecorded).toBe(s.injectedVersion);
      expect(await stored()).toEqual(injectedRecord(rt, s).value);
    } finally {
      restore();
    }
  });
});
