import { describe, expect, it } from "vitest";
import { compressMessages, deltaAnswer, expandDelta } from "../../../lib/compression";
import { expandDeltaSteps } from "../../../lib/compression/delta";
import type { AppError } from "../../../lib/errors";
import { contextsPerTest } from "../../helpers/contexts";
import { excerpt, History } from "./history";

const ctxFor = contextsPerTest({});

type Msg = { info: { id: string }; parts: { id: string; unchanged?: boolean }[] };

/** One call as the route makes it (app/api/compress/route.ts), in process. */
function call(ctx: ReturnType<typeof ctxFor>, raw: unknown) {
  const { body, delta } = expandDelta(ctx.services.compressDeltas, raw);
  const result = compressMessages(ctx, body);
  return delta ? deltaAnswer(ctx.services.compressDeltas, delta, body, result) : { ...result, base: undefined, keep: undefined };
}

/** "ok", or the code of the error the call threw. */
function statusOf(ctx: Parameters<typeof call>[0], raw: unknown): string {
  try {
    call(ctx, raw);
    return "ok";
  } catch (error) {
    return (error as AppError).code;
  }
}

describe("the delta exchange's keep (lib/compression/delta.ts)", () => {
  it("turn after turn, leaving out the unchanged leading messages both ways gives what a whole send gives", () => {
    const ctx = ctxFor();
    const read = excerpt("read-marshmallow-fields");
    const h = new History("ses_keep_lib").user("Fix it");
    let previous: Msg[] = [];
    let base: string | undefined;
    let sentBefore = 0;
    const keeps: number[] = [];
    for (let t = 0; t < 14; t++) {
      h.step({
        tools: [{ tool: t % 2 ? "bash" : "read", input: t % 2 ? { command: `make ${t}` } : { ...read.input, t }, output: t % 2 ? `ok ${t}` : read.output }],
      });
      const whole = compressMessages(ctx, h.body()).messages as unknown as Msg[];
      const keep = base ? sentBefore : 0;
      const answer = call(ctx, { ...h.body(), messages: h.body().messages.slice(keep), delta: base ? { base, keep } : {} });
      const parts = new Map(previous.flatMap((m) => m.parts.map((p) => [p.id, p])));
      const messages = answer.messages as unknown as Msg[];
      const rebuilt = [...previous.slice(0, answer.keep), ...messages.map((m) => ({ ...m, parts: m.parts.map((p) => (p.unchanged ? parts.get(p.id)! : p)) }))];
      expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(whole));
      if (base) keeps.push(answer.keep!);
      previous = rebuilt;
      base = answer.base;
      sentBefore = h.messages.length;
    }
    // Most of each answer is left out: only the newest messages and what just aged travel.
    expect(Math.min(...keeps)).toBeGreaterThan(0);
    expect(keeps[keeps.length - 1]).toBeGreaterThan(h.messages.length / 2);
  });

  it("refuses a keep past the previous call (a conflict: send the whole history) and a keep that is not a count (a bad request)", () => {
    const ctx = ctxFor();
    const h = new History("ses_keep_bad").user("Fix it").filler(3);
    const first = call(ctx, { ...h.body(), delta: {} });
    const status = (raw: unknown) => statusOf(ctx, raw);
    expect(status({ ...h.body(), messages: [], delta: { base: first.base, keep: h.messages.length + 1 } })).toBe("conflict");
    expect(status({ ...h.body(), delta: { base: first.base, keep: 1.5 } })).toBe("bad_request");
    expect(status({ ...h.body(), delta: { keep: 1 } })).toBe("bad_request");
    expect(status({ ...h.body(), messages: [], delta: { base: first.base, keep: h.messages.length } })).toBe("ok");
  });

  it("updated in place turn after turn, the maps hold the last call's parts: a stub for one it no longer sent is a conflict", () => {
    const ctx = ctxFor();
    const h = new History("ses_keep_maps").user("Fix it").filler(3);
    const first = call(ctx, { ...h.body(), delta: {} });
    const stub = (p: { id: string }) => ({ id: p.id, unchanged: true });
    // Turn 2 leaves out all but the last message, and replaces it (a revert): its parts leave the exchange.
    const dropped = h.messages.pop()!;
    h.filler(1, "g");
    const n = h.messages.length;
    const second = call(ctx, { ...h.body(), messages: h.body().messages.slice(n - 1), delta: { base: first.base, keep: n - 1 } });
    expect(second.keep).toBeGreaterThan(0);
    const status = (raw: unknown) => statusOf(ctx, raw);
    // A stub for a part of the message turn 2 dropped: no longer in the exchange (nothing changes).
    expect(status({ ...h.body(), messages: [{ ...dropped, parts: dropped.parts.map(stub) }], delta: { base: second.base, keep: n - 1 } })).toBe("conflict");
    // Turn 3: the last message's parts as stubs resolve (they are the last call's) to what the history holds.
    h.filler(1, "h");
    const tail = h.body().messages.slice(n - 1);
    const sent = [{ ...tail[0]!, parts: tail[0]!.parts.map(stub) }, ...tail.slice(1)];
    const expanded = expandDelta(ctx.services.compressDeltas, { ...h.body(), messages: sent, delta: { base: second.base, keep: n - 1 } });
    expect(JSON.stringify(expanded.body)).toBe(JSON.stringify(h.body()));
    expect(status({ ...h.body(), messages: sent, delta: { base: second.base, keep: n - 1 } })).toBe("ok");
  });

  it("a request still being read against a call whose maps the next call took over is a conflict (send the whole history)", () => {
    const ctx = ctxFor();
    const h = new History("ses_keep_race").user("Fix it").filler(3);
    const first = call(ctx, { ...h.body(), delta: {} });
    const n = h.messages.length;
    // A prepare in flight: read one message, then the turn's request runs whole between two of its slices.
    const last = h.body().messages[n - 1]!;
    const slow = expandDeltaSteps(ctx.services.compressDeltas, {
      ...h.body(),
      messages: [{ ...last, parts: last.parts.map((p: { id: string }) => ({ id: p.id, unchanged: true })) }],
      delta: { base: first.base, keep: n - 1 },
    });
    expect(slow.next().done).toBe(false);
    h.filler(1, "g");
    call(ctx, { ...h.body(), messages: h.body().messages.slice(n), delta: { base: first.base, keep: n } });
    expect(() => slow.next()).toThrow(expect.objectContaining({ code: "conflict" }));
  });
});
