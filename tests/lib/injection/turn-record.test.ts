import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { joinRecord } from "../../../lib/injection/record-segments";
import { takeTurnRecord, writeTurnRecord } from "../../../lib/injection/turn-record";
import { getKv, putKv } from "../../../lib/kv";
import { testCtx } from "../../helpers/ctx";

let ctx: ReturnType<typeof testCtx>;
beforeEach(() => {
  ctx?.close();
  ctx = testCtx();
});
afterAll(() => ctx?.close());

const directory = "/tmp/turn-record-proj";
const SECRET = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
/** A compress request's `injected`, as it arrives (JSON), taken and written as the route does. */
const write = (sessionID: string, injected: Record<string, unknown>, recall?: { block: string; memoryIds: string[] }) =>
  writeTurnRecord(
    ctx,
    sessionID,
    takeTurnRecord(JSON.parse(JSON.stringify({ injected: { directory, ttlSeconds: 3600, ...injected } }))).record!,
    recall as never,
  );
const stored = (sessionID: string) => JSON.stringify(getKv(ctx, `recollect/injected/${sessionID}`, { directory }).value);

describe("the turn's record of injected blocks, as what changed", () => {
  it("stores turn after turn the same record, key for key, as the whole record written each turn, the recall block and redaction included", () => {
    const whole = { resume: "r", attached: {} as Record<string, string>, recalled: {} as Record<string, string[]> };
    let base = write("ses_delta", { value: whole });
    expect(base).toMatch(/^[0-9a-f]{16}$/);
    write("ses_whole", { value: whole });
    for (let t = 0; t < 6; t++) {
      const id = `msg_${t}`;
      // Even turns: a block of the plugin's own (a note, with a secret); odd: the turn's recall block added by the server.
      const recall = t % 2 ? { block: `recalled for ${t}`, memoryIds: [`m${t}`] } : undefined;
      const change = recall ? { attached: {}, recalled: {} } : { attached: { [id]: `note ${t} ${SECRET}` }, recalled: { [id]: [`n${t}`] } };
      if (!recall) {
        whole.attached[id] = `note ${t} ${SECRET}`;
        whole.recalled[id] = [`n${t}`];
      }
      // A changed entry (an earlier block that got a nudge) and a new resume go as changes too.
      if (t === 4) {
        whole.attached.msg_0 = "note 0, then a nudge";
        whole.resume = "r2";
        Object.assign(change.attached, { msg_0: "note 0, then a nudge" });
        Object.assign(change, { resume: "r2" });
      }
      const next = write("ses_delta", { value: change, base, ...(recall ? { recallInto: id } : {}) }, recall);
      expect(next).not.toBeNull();
      expect(next).not.toBe(base);
      base = next!;
      write("ses_whole", { value: whole, ...(recall ? { recallInto: id } : {}) }, recall);
      if (recall) {
        whole.attached[id] = recall.block;
        whole.recalled[id] = recall.memoryIds;
      }
      expect(stored("ses_delta")).toBe(stored("ses_whole"));
    }
    expect(stored("ses_delta")).not.toContain(SECRET);
    expect(Object.keys(JSON.parse(stored("ses_delta")).attached)).toEqual(["msg_0", "msg_1", "msg_2", "msg_3", "msg_4", "msg_5"]);
    expect(JSON.parse(stored("ses_delta")).attached.msg_0).toBe("note 0, then a nudge");
  });

  it("writes nothing for a change against a record it does not hold as stored: a base not the latest, unknown (a restart), another writer since, expired", () => {
    const first = write("ses_s", { value: { resume: "", attached: { a: "A" } } })!;
    const second = write("ses_s", { value: { attached: { b: "B" } }, base: first })!;
    expect(write("ses_s", { value: { attached: { c: "C" } }, base: first })).toBeNull();
    expect(JSON.parse(stored("ses_s"))).toEqual({ resume: "", attached: { a: "A", b: "B" } });
    // The refused change forgot the session's record: even the latest base goes whole again.
    expect(write("ses_s", { value: { attached: { c: "C" } }, base: second })).toBeNull();
    const third = write("ses_s", { value: { resume: "", attached: { a: "A", b: "B" } } })!;
    expect(write("ses_s", { value: { attached: { c: "C" } }, base: "0123456789abcdef" })).toBeNull();
    const fourth = write("ses_s", { value: { resume: "", attached: { a: "A" } } })!;
    putKv(ctx, "recollect/injected/ses_s", { directory, value: { resume: "other" }, ttlSeconds: 3600 });
    expect(write("ses_s", { value: { attached: { c: "C" } }, base: fourth })).toBeNull();
    expect(JSON.parse(stored("ses_s"))).toEqual({ resume: "other" });
    expect(third).not.toBe(fourth);
    // Expired since: not held either.
    const fifth = write("ses_s", { value: { resume: "", attached: {} }, ttlSeconds: 1 })!;
    ctx.sqlite.prepare("UPDATE kv SET expires_at = 0 WHERE key = 'recollect/injected/ses_s'").run();
    expect(write("ses_s", { value: { attached: { c: "C" } }, base: fifth })).toBeNull();
  });

  it("names a bad base as `injected.base`", () => {
    for (const base of [7, ""]) {
      const thrown = (() => {
        try {
          takeTurnRecord({ injected: { directory, value: {}, base } });
        } catch (error) {
          return error as { issues: { path: string[] }[] };
        }
      })();
      expect(thrown?.issues[0]?.path).toEqual(["injected", "base"]);
    }
  });
});

describe("a long session's record past the kv's limit (issue 40)", () => {
  it("keeps storing every turn's change: the entries go into segments written once, the head stays under the limit, head and segments join to the whole record", () => {
    ctx.close();
    // A 4 KB limit stands in for the default 256 KB (a record of ~200 turns).
    ctx = testCtx({ env: { RECOLLECT_KV_MAX_VALUE_BYTES: "4096" } });
    const sid = "ses_long";
    const whole = { resume: "the resume block", attached: {} as Record<string, string>, recalled: {} as Record<string, string[]> };
    let base = write(sid, { value: whole })!;
    /** Each segment's text when it was first seen: a segment is never rewritten. */
    const segments = new Map<number, string>();
    const row = (key: string) => ctx.sqlite.prepare("SELECT value FROM kv WHERE key = ?").get(key) as { value: string } | undefined;
    for (let t = 0; t < 60; t++) {
      const id = `msg_${String(t).padStart(3, "0")}`;
      const recall = { block: `[Recollect] recalled for turn ${t}: ${"a memory line. ".repeat(12)}`, memoryIds: [`m${t}`, `n${t}`] };
      // The turn's change is the server's own recall block alone (`recallInto`), as on a plugin's turn.
      const next = write(sid, { value: { attached: {}, recalled: {} }, base, recallInto: id }, recall);
      expect(next, `turn ${t}`).toEqual(expect.any(String));
      base = next!;
      whole.attached[id] = recall.block;
      whole.recalled[id] = recall.memoryIds;
      const head = JSON.parse(row(`recollect/injected/${sid}`)!.value);
      expect(Buffer.byteLength(JSON.stringify(head))).toBeLessThanOrEqual(4096);
      for (let n = 0; n < (head.segments ?? 0); n++) {
        const text = row(`recollect/injected/${sid}/${n}`)!.value;
        expect(segments.get(n) ?? text, `segment ${n} rewritten at turn ${t}`).toBe(text);
        segments.set(n, text);
      }
    }
    const head = JSON.parse(row(`recollect/injected/${sid}`)!.value);
    expect(head.segments).toBeGreaterThan(3);
    expect(segments.size).toBe(head.segments);
    expect(
      joinRecord(
        head,
        [...segments.values()].map((text) => JSON.parse(text)),
      ),
    ).toEqual(whole);

    // A whole record (a restarted plugin, a resend) past the budget is laid out again from segment 0.
    const again = write(sid, { value: whole })!;
    expect(again).toEqual(expect.any(String));
    const relaid = JSON.parse(row(`recollect/injected/${sid}`)!.value);
    const parts = Array.from({ length: relaid.segments }, (_, n) => JSON.parse(row(`recollect/injected/${sid}/${n}`)!.value));
    expect(joinRecord(relaid, parts)).toEqual(whole);
    // A small whole record is one head again, naming no segments (restored as an older record is).
    write(sid, { value: { resume: "r", attached: { a: "A" }, recalled: {} } });
    expect(JSON.parse(row(`recollect/injected/${sid}`)!.value)).toEqual({ resume: "r", attached: { a: "A" }, recalled: {} });
  });
});
