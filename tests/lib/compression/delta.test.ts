import { describe, expect, it } from "vitest";
import { compressMessages, deltaAnswer, expandDelta } from "../../../lib/compression";
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
    const status = (raw: unknown) => {
      try {
        call(ctx, raw);
        return "ok";
      } catch (error) {
        return (error as AppError).code;
      }
    };
    expect(status({ ...h.body(), messages: [], delta: { base: first.base, keep: h.messages.length + 1 } })).toBe("conflict");
    expect(status({ ...h.body(), delta: { base: first.base, keep: 1.5 } })).toBe("bad_request");
    expect(status({ ...h.body(), delta: { keep: 1 } })).toBe("bad_request");
    expect(status({ ...h.body(), messages: [], delta: { base: first.base, keep: h.messages.length } })).toBe("ok");
  });
});
