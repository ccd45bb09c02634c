import { afterAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { extractInput } from "../../../lib/contracts/extraction";
import { extractMemories } from "../../../lib/extraction";
import { contractSteps, parseContractWhole } from "../../../lib/http/contract-sliced";
import { STEP_ITEMS } from "../../../lib/slices";
import { counted } from "../../helpers/steps";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { History } from "../compression/history";

/**
 * Issue 37: `POST /api/extract` with 10,000 long messages held /api/health 280 ms in one turn: the
 * contract's parse of all messages (~80 ms) and the rule pass over them (~150 ms) each ran whole.
 * The body is now checked in steps (lib/http/contract-sliced.ts) and the rule pass runs in slices.
 */
function said(n: number, sessionID: string) {
  const h = new History(sessionID);
  const filler = "we checked the build cache and the index; ".repeat(60);
  for (let i = 0; i < n; i++) {
    if (i % 2) h.user(i === 1_001 ? "We decided to use pnpm for this repo." : `question ${i}: ${filler}`);
    else h.step({ text: `answer ${i}: ${filler}` });
  }
  return h.messages;
}

describe("extraction runs in steps", () => {
  const ctx = testCtx();
  const directory = tempDir("recollect-proj-");
  afterAll(() => ctx.close());

  it("the body check yields once per STEP_ITEMS messages and equals extractInput.parse", () => {
    const body = { directory, sessionID: "ses_steps", trigger: "idle", messages: said(2_500, "ses_steps") };
    const run = counted(contractSteps(extractInput, "messages", body));
    expect(run.yields).toBeGreaterThanOrEqual(Math.floor(body.messages.length / STEP_ITEMS));
    expect(run.value).toEqual(extractInput.parse(body));
  });

  it("keeps the contract's own rules: its refinements and the 10,000-message limit", () => {
    const messages = said(STEP_ITEMS + 10, "ses_steps");
    const noProject = { sessionID: "ses_steps", messages };
    const whole = extractInput.safeParse(noProject);
    expect(whole.success).toBe(false);
    expect(() => parseContractWhole(extractInput, "messages", noProject)).toThrow(ZodError);
    try {
      parseContractWhole(extractInput, "messages", noProject);
    } catch (error) {
      expect((error as ZodError).issues.map((i) => i.path)).toEqual(whole.error?.issues.map((i) => i.path));
    }
    const tooMany = { directory, sessionID: "ses_steps", messages: new Array(10_001).fill(messages[0]) };
    try {
      parseContractWhole(extractInput, "messages", tooMany);
      expect.unreachable("10,001 messages must be refused");
    } catch (error) {
      expect((error as ZodError).issues[0]).toMatchObject({ path: ["messages"], code: "too_big" });
    }
  });

  it("extractMemories gives the event loop turns during the rule pass over a long history, and finds what was said", async () => {
    const input = extractInput.parse({ directory, sessionID: "ses_slices", trigger: "message", messages: said(4_000, "ses_slices") });
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const res = await extractMemories(ctx, input);
    ticking = false;
    // 4,000 messages of ~2,600 characters take well over one slice (lib/slices.ts SLICE_MS) on any machine.
    expect(turns).toBeGreaterThan(1);
    expect(res.suggestions.map((s) => [s.category, s.content])).toEqual([["decision", "We decided to use pnpm for this repo."]]);
  });
});
