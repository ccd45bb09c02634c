import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server";
import { excerpt, fieldOf, hashIn, History } from "../lib/compression/history";

const LIMIT = 24 * 1024 * 1024;
let server: TestServer;
beforeAll(async () => {
  // Every aged part compressed as it ages: these tests are about the route and the originals;
  // when parts are compressed is tests/lib/compression/schedule.test.ts and tests/http/plugin-cache.test.ts.
  server = await startServer({ env: { RECOLLECT_SERVER_HISTORY_BODY_LIMIT_BYTES: String(LIMIT), RECOLLECT_COMPRESSION_CACHE_AWARE: "false" } });
});
afterAll(() => server?.stop());

const body = async (res: Response) => res.json() as Promise<any>;
/** The UTC days this file's calls can fall on: a run near midnight UTC crosses into the next. */
const fileStarted = Date.now();
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A file read and a failing apt-get, then filler turns: the apt-get install log is left out at
 * first send (noise), and after ten steps the read is old enough, and the session long enough, for
 * its compression to pay (issue 39: a batch pays over the requests expected to follow).
 */
function readAndAptHistory(sessionId: string) {
  const read = excerpt("read-marshmallow-fields");
  const apt = excerpt("bash-apt-get-errors");
  const h = new History(sessionId)
    .user("Fix it")
    .step({ tools: [{ name: "r", tool: "read", input: read.input, output: read.output }] })
    .step({ tools: [{ name: "b", tool: "bash", input: apt.input, output: apt.output }] })
    .filler(10);
  return { read, h };
}

describe("POST /api/compress and GET /api/expand/:hash", () => {
  it("compresses a history and brings any removed original back by its hash", async () => {
    const { read, h } = readAndAptHistory("ses_http");
    const res = await server.api("/api/compress", { method: "POST", json: h.body() });
    expect(res.status).toBe(200);
    const out = await body(res);
    expect(Object.keys(out).sort()).toEqual(["messages", "nudges", "stats"]);
    expect(out.messages).toHaveLength(h.messages.length);
    expect(out.stats.tokensAfter).toBeLessThan(out.stats.tokensBefore);
    // This server compresses every aged part (cacheAware off): the apt-get output, its install log
    // already left out at first send (noise), is cut to its errors once aged (command-output).
    expect(Object.keys(out.stats.byStrategy).sort()).toEqual(["command-output", "file-reads", "noise"]);
    expect(out.nudges).toEqual([]);

    const compressed = fieldOf(out.messages, h.ids.r);
    const hash = hashIn(compressed);
    const expanded = await server.api(`/api/expand/${hash}`);
    expect(expanded.status).toBe(200);
    const entry = await body(expanded);
    expect(entry).toMatchObject({ hash, content: read.output, tool: "read", sessionId: "ses_http" });
    expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false);

    // The same input gives the same bytes.
    const again = await server.api("/api/compress", { method: "POST", json: h.body() });
    expect(JSON.stringify((await body(again)).messages)).toBe(JSON.stringify(out.messages));
  });

  it("delta exchange: unchanged parts go as stubs both ways, the result is the same, a lost base is a 409", async () => {
    const { h } = readAndAptHistory("ses_delta");
    const post = async (json: unknown) => {
      const res = await server.api("/api/compress", { method: "POST", json });
      return { status: res.status, out: await body(res) };
    };
    const full = (await post(h.body())).out;
    const first = await post({ ...h.body(), delta: {} });
    expect(first.status).toBe(200);
    expect(first.out.base).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(first.out.messages)).toBe(JSON.stringify(full.messages));

    // Every part unchanged: all of them go as stubs, and every part of the answer is a stub.
    const stubs = (b: { messages: { info: unknown; parts: { id: string }[] }[] }) => ({
      ...b,
      messages: b.messages.map((m) => ({ info: m.info, parts: m.parts.map((p) => ({ id: p.id, unchanged: true })) })),
    });
    const second = await post({ ...stubs(h.body()), delta: { base: first.out.base } });
    expect(second.status).toBe(200);
    expect(second.out.base).not.toBe(first.out.base);
    const answerParts = second.out.messages.flatMap((m: { parts: unknown[] }) => m.parts);
    expect(answerParts.length).toBeGreaterThan(4);
    expect(answerParts.every((p: { unchanged?: boolean }) => p.unchanged === true)).toBe(true);
    expect(second.out.stats).toEqual(first.out.stats);

    // The old base is gone, and so is a base for another session: send the whole history again.
    expect((await post({ ...stubs(h.body()), delta: { base: first.out.base } })).status).toBe(409);
    const other = await post({ ...stubs(h.body()), sessionID: "ses_other", delta: { base: second.out.base } });
    expect(other.status).toBe(409);
    expect(other.out.error.message).toMatch(/send the whole history/);
    expect((await post({ ...h.body(), delta: "yes" })).status).toBe(400);
  });

  it("delta keep: leading messages unchanged since the previous call are left out both ways, and the result is the same", async () => {
    const { h } = readAndAptHistory("ses_keep");
    const post = async (json: unknown) => {
      const res = await server.api("/api/compress", { method: "POST", json });
      return { status: res.status, out: await body(res) };
    };
    const first = await post({ ...h.body(), delta: {} });
    expect(first.out.keep).toBe(0);
    const n = h.messages.length;
    h.filler(3, "g");
    const whole = (await post(h.body())).out;
    // The first n messages are the previous call's: only the new ones go.
    const second = await post({ ...h.body(), messages: h.messages.slice(n), delta: { base: first.out.base, keep: n } });
    expect(second.status).toBe(200);
    const kept: number = second.out.keep;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(n);
    expect(second.out.messages).toHaveLength(h.messages.length - kept);
    // The answer rebuilt from the previous one (kept messages, part stubs) is the whole answer.
    const previous = new Map<string, unknown>(first.out.messages.flatMap((m: { parts: { id: string }[] }) => m.parts.map((p) => [p.id, p])));
    const rebuilt = [
      ...first.out.messages.slice(0, kept),
      ...second.out.messages.map((m: { info: unknown; parts: { id: string; unchanged?: boolean }[] }) => ({
        ...m,
        parts: m.parts.map((p) => (p.unchanged ? previous.get(p.id) : p)),
      })),
    ];
    expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(whole.messages));
    expect(second.out.stats).toEqual(whole.stats);

    // More than the previous call had, a keep without a base, a keep that is not a count.
    expect((await post({ ...h.body(), messages: [], delta: { base: second.out.base, keep: h.messages.length + 1 } })).status).toBe(409);
    const noBase = await post({ ...h.body(), delta: { keep: 2 } });
    expect(noBase.status).toBe(400);
    expect(noBase.out.error.message).toMatch(/delta\.keep/);
    expect((await post({ ...h.body(), delta: { base: second.out.base, keep: -1 } })).status).toBe(400);
  });

  it("prepares the next turn at idle (`prepare: true`): answered with a count, the delta base left as it was, a bad flag a 400 naming it", async () => {
    const { h } = readAndAptHistory("ses_prepare");
    const post = async (json: unknown) => {
      const res = await server.api("/api/compress", { method: "POST", json });
      return { status: res.status, out: await body(res) };
    };
    const first = await post({ ...h.body(), delta: {} });
    expect(first.out.accepts).toContain("prepare");
    const n = h.messages.length;
    h.step({ tools: [{ tool: "bash", input: { command: "make" }, output: "built\n".repeat(40) }] });
    const prepared = await post({ ...h.body(), messages: h.messages.slice(n), delta: { base: first.out.base, keep: n }, prepare: true });
    expect(prepared.status).toBe(200);
    expect(Object.keys(prepared.out)).toEqual(["prepared"]);
    expect(prepared.out.prepared).toBeGreaterThan(0);
    // The turn after it goes against the same base: the prepare did not move it.
    h.user("go on");
    const turn = await post({ ...h.body(), messages: h.messages.slice(n), delta: { base: first.out.base, keep: n } });
    expect(turn.status).toBe(200);
    expect(turn.out.keep).toBeGreaterThan(0);
    const bad = await post({ ...h.body(), prepare: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.out.error.message).toMatch(/^prepare/);
    const withRecall = await post({ ...h.body(), prepare: true, recall: { query: "x", directory: "/tmp/p" } });
    expect(withRecall.status).toBe(400);
    expect(withRecall.out.error.message).toMatch(/^prepare/);
  });

  it("takes the turn's recall in the same request: the answer's `recall` is the recall route's, the compression unchanged, a bad field a 400 naming it", async () => {
    const directory = "/tmp/compress-recall-proj";
    await server.api("/api/memories", {
      method: "POST",
      json: { content: "The marshmallow schema loader needs the fields module pinned", category: "gotcha", directory },
    });
    const { h } = readAndAptHistory("ses_turn_recall");
    const recall = { directory, query: "why does the marshmallow schema loader fail?", sessionID: "ses_turn_recall", messageID: "msg_a" };
    const plain = await server.api("/api/compress", { method: "POST", json: { ...h.body(), delta: {} } });
    // An answer to a delta request (the plugin's) says the route takes a recall.
    const plainOut = await body(plain);
    expect(plainOut.accepts).toContain("recall");
    expect(plainOut.recall).toBeUndefined();
    const res = await server.api("/api/compress", { method: "POST", json: { ...h.body(), recall } });
    expect(res.status).toBe(200);
    const out = await body(res);
    expect(JSON.stringify(out.messages)).toBe(JSON.stringify(plainOut.messages));
    // The separate route, asked the same for another message (not its cache entry), answers the same block.
    const alone = await body(await server.api("/api/context/recall", { method: "POST", json: { ...recall, messageID: "msg_b" } }));
    expect(out.recall.block).toContain("fields module pinned");
    expect(out.recall.block).toBe(alone.block);
    expect(out.recall.memoryIds).toEqual(alone.memoryIds);

    const bad = await server.api("/api/compress", { method: "POST", json: { ...h.body(), recall: { ...recall, query: "  " } } });
    expect(bad.status).toBe(400);
    expect((await body(bad)).error.message).toMatch(/^recall\.query:/);
  });

  it("takes the session's record of injected blocks in the same request: written as the kv route writes it, `recorded`, a bad field a 400 naming it", async () => {
    const directory = "/tmp/compress-record-proj";
    const { h } = readAndAptHistory("ses_turn_record");
    const plain = await body(await server.api("/api/compress", { method: "POST", json: { ...h.body(), delta: {} } }));
    expect(plain.accepts).toContain("injected");
    expect(plain.recorded).toBeUndefined();
    const value = { resume: "", attached: { msg_a: "<recollect-memory>block</recollect-memory>" }, recalled: { msg_a: ["m1"] } };
    const res = await server.api("/api/compress", { method: "POST", json: { ...h.body(), injected: { directory, value, ttlSeconds: 3600 } } });
    expect(res.status).toBe(200);
    const out = await body(res);
    expect(out.recorded).toBe(true);
    expect(JSON.stringify(out.messages)).toBe(JSON.stringify(plain.messages));
    const kept = await server.api(`/api/kv/recollect/injected/ses_turn_record?directory=${encodeURIComponent(directory)}`);
    expect(kept.status).toBe(200);
    expect((await body(kept)).value).toEqual(value);

    // With the turn's recall, `recallInto` adds its block to the record before it is written.
    await server.api("/api/memories", {
      method: "POST",
      json: { content: "The invoice sweeper runs at 03:00 from the billing worker", category: "decision", directory },
    });
    const recall = { directory, query: "when does the invoice sweeper run?", sessionID: "ses_turn_record", messageID: "msg_b" };
    const withRecall = await body(
      await server.api("/api/compress", {
        method: "POST",
        json: { ...h.body(), recall, injected: { directory, value, ttlSeconds: 3600, recallInto: "msg_b" } },
      }),
    );
    expect(withRecall.recorded).toBe(true);
    expect(withRecall.recall.block).toContain("invoice sweeper");
    const both = (await body(await server.api(`/api/kv/recollect/injected/ses_turn_record?directory=${encodeURIComponent(directory)}`))).value;
    expect(both.attached).toEqual({ ...value.attached, msg_b: withRecall.recall.block });
    expect(both.recalled).toEqual({ ...value.recalled, msg_b: withRecall.recall.memoryIds });

    const bad = await server.api("/api/compress", { method: "POST", json: { ...h.body(), injected: { directory, value, ttlSeconds: -1 } } });
    expect(bad.status).toBe(400);
    expect((await body(bad)).error.message).toMatch(/^injected\.ttlSeconds:/);
  });

  it("takes the record as what changed since the answer's `recordBase`: the stored record as the whole one gives; a base not stored (another writer, unknown) is `recordResend`, nothing written", async () => {
    const directory = "/tmp/compress-record-delta-proj";
    const kv = async (sid: string) => (await server.api(`/api/kv/recollect/injected/${sid}?directory=${encodeURIComponent(directory)}`)).text();
    const send = async (sid: string, injected: Record<string, unknown>) =>
      body(
        await server.api("/api/compress", {
          method: "POST",
          json: { ...readAndAptHistory(sid).h.body(), injected: { directory, ttlSeconds: 3600, ...injected } },
        }),
      );
    // A secret in a changed entry is redacted as in the whole record.
    const secret = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
    const first = await send("ses_record_delta", { value: { resume: "r", attached: { msg_a: "A" }, recalled: { msg_a: ["m1"] } } });
    expect(first.recorded).toBe(true);
    expect(first.recordBase).toMatch(/^[0-9a-f]{16}$/);
    const second = await send("ses_record_delta", {
      value: { attached: { msg_b: `B ${secret}` }, recalled: { msg_b: ["m2"] } },
      base: first.recordBase,
      recallInto: "msg_c",
    });
    expect(second.recorded).toBe(true);
    expect(second.recordBase).not.toBe(first.recordBase);
    const third = await send("ses_record_delta", { value: { resume: "r2", attached: { msg_a: "A2" } }, base: second.recordBase });
    expect(third.recorded).toBe(true);
    // The whole record, written at once for another session: the same stored value, key for key.
    const whole = { resume: "r2", attached: { msg_a: "A2", msg_b: `B ${secret}` }, recalled: { msg_a: ["m1"], msg_b: ["m2"] } };
    expect((await send("ses_record_whole", { value: whole })).recorded).toBe(true);
    const stored = await kv("ses_record_delta");
    expect(stored).not.toContain(secret);
    expect(JSON.parse(stored).value).toEqual(JSON.parse(await kv("ses_record_whole")).value);
    expect(JSON.stringify(JSON.parse(stored).value)).toBe(JSON.stringify(JSON.parse(await kv("ses_record_whole")).value));

    // A base that is not the latest, or one this server never gave (a restart): nothing written.
    for (const base of [second.recordBase, "0123456789abcdef"]) {
      const stale = await send("ses_record_delta", { value: { attached: { msg_x: "X" } }, base });
      expect(stale.recorded).toBe(false);
      expect(stale.recordResend).toBe(true);
      expect(stale.recordBase).toBeUndefined();
      expect(JSON.parse(await kv("ses_record_delta")).value).toEqual(JSON.parse(stored).value);
    }
    // The stale request forgot the session's record: the whole record again, then changes on it.
    const again = await send("ses_record_delta", { value: whole });
    expect(again.recorded).toBe(true);
    // Another writer of the key since: its value stays, the change is refused.
    const put = await server.api("/api/kv/recollect/injected/ses_record_delta", {
      method: "PUT",
      json: { directory, value: { resume: "other" }, ttlSeconds: 3600 },
    });
    expect(put.status).toBe(200);
    const refused = await send("ses_record_delta", { value: { attached: { msg_y: "Y" } }, base: again.recordBase });
    expect(refused).toMatchObject({ recorded: false, recordResend: true });
    expect(JSON.parse(await kv("ses_record_delta")).value).toEqual({ resume: "other" });

    const bad = await server.api("/api/compress", {
      method: "POST",
      json: { ...readAndAptHistory("ses_record_delta").h.body(), injected: { directory, value: {}, base: 7 } },
    });
    expect(bad.status).toBe(400);
    expect((await body(bad)).error.message).toMatch(/^injected\.base:/);
  });

  it("keeps text that is not ASCII intact both ways, in an answer that is plain ASCII JSON", async () => {
    const unicode = "Réparer « l’entrée » … 中文 🚀 \u2028 fin";
    const long = Array.from({ length: 60 }, (_, i) => `ligne ${i} — état: ok ✓`).join("\n");
    const h = new History("ses_unicode")
      .user(`Corrige ${unicode}`, "u")
      .step({ tools: [{ name: "b", tool: "bash", input: { command: "écho" }, output: long }] })
      .filler(2);
    const res = await server.api("/api/compress", { method: "POST", json: h.body() });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.every((b) => b < 0x80)).toBe(true);
    const out = JSON.parse(new TextDecoder().decode(bytes));
    expect(fieldOf(out.messages, h.ids.u)).toBe(`Corrige ${unicode}`);
    const cut = fieldOf(out.messages, h.ids.b);
    expect(cut).toContain("ligne 0 — état: ok ✓");
    expect(cut).not.toBe(long);
    const entry = await body(await server.api(`/api/expand/${hashIn(cut)}`));
    expect(entry.content).toBe(long);
  });

  it("answers 404 with a clear message for an unknown hash and 400 for a malformed one", async () => {
    let res = await server.api("/api/expand/0123456789abcdef");
    expect(res.status).toBe(404);
    expect((await body(res)).error.message).toMatch(/nothing stored under hash "0123456789abcdef": it is unknown, or it expired/);
    res = await server.api("/api/expand/zz-not-a-hash");
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/hex/);
  });

  it("rejects a malformed history naming the first bad field, and requests without the token", async () => {
    const input = new History().user("x").step({ text: "y" }).body() as any;
    input.messages[1].parts[1].text = null;
    let res = await server.api("/api/compress", { method: "POST", json: input });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^messages\.1\.parts\.1\.text: /);
    res = await server.api("/api/compress", { method: "POST", json: { messages: [] } });
    expect(res.status).toBe(400);
    expect((await body(res)).error.message).toMatch(/^sessionID: /);
    res = await fetch(`${server.url}/api/compress`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) });
    expect(res.status).toBe(401);
  });

  it("handles a history of tens of megabytes within the body limit, and answers 413 beyond it", async () => {
    const chunk = Array.from({ length: 800 }, (_, i) => `build step ${i}: compiled module ${i} without warnings`).join("\n"); // ~40 KB
    const h = new History("ses_big").user("build everything");
    for (let i = 0; h.messages.length < 420; i++) h.step({ tools: [{ tool: "bash", input: { command: `make part-${i}` }, output: chunk }] });
    const input = h.body();
    const size = Buffer.byteLength(JSON.stringify(input));
    expect(size).toBeGreaterThan(16 * 1024 * 1024);
    expect(size).toBeLessThan(LIMIT);
    const res = await server.api("/api/compress", { method: "POST", json: input });
    expect(res.status).toBe(200);
    const out = await body(res);
    expect(out.messages).toHaveLength(h.messages.length);
    expect(out.stats.tokensAfter).toBeLessThan(out.stats.tokensBefore / 10);
    expect(out.nudges[0]).toContain("memory_store");

    const tooBig = { ...input, messages: [...input.messages, ...input.messages.slice(1, 250)] };
    const over = await server.api("/api/compress", { method: "POST", json: tooBig });
    expect(over.status).toBe(413);
    expect((await body(over)).error.code).toBe("payload_too_large");
  }, 300_000);

  it("reports tokens saved per day and per session", async () => {
    const res = await server.api("/api/compress?sessionID=ses_http&days=7");
    expect(res.status).toBe(200);
    const s = await body(res);
    expect(s.totals.calls).toBe(2);
    expect(s.totals.tokensSaved).toBeGreaterThan(0);
    expect(s.perSession).toEqual([expect.objectContaining({ sessionId: "ses_http", calls: 2 })]);
    // Per day: the two calls, on the UTC day they were made (this file's, or the next one's after midnight).
    const days = [utcDay(fileStarted), utcDay(Date.now())];
    for (const d of s.perDay) expect(days).toContain(d.day);
    expect(s.perDay.reduce((n: number, d: { calls: number }) => n + d.calls, 0)).toBe(2);
    const bad = await server.api("/api/compress?days=0");
    expect(bad.status).toBe(400);
  });
});
