import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureCheckpoint, extractAfterCapture } from "../../../lib/checkpoints";
import { extractMemories, usageToday } from "../../../lib/extraction";
import { getMemory } from "../../../lib/memories";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { startFakeLlm, type FakeLlm } from "./fake-llm";

import { captureCheckpointInput } from "../../../lib/contracts/checkpoints";
import { extractInput } from "../../../lib/contracts/extraction";
const msg = (id: string, role: "user" | "assistant", text: string) => ({ info: { id, role }, parts: [{ type: "text", text }] });

describe("LLM extraction against a fake OpenAI-compatible model", () => {
  let llm: FakeLlm;
  let ctx: ReturnType<typeof testCtx>;
  const directory = tempDir("recollect-proj-");

  beforeAll(async () => {
    llm = await startFakeLlm();
    ctx = testCtx({
      env: {
        RECOLLECT_EXTRACTION_LLM_ENABLED: "true",
        RECOLLECT_EXTRACTION_LLM_BASE_URL: llm.baseUrl,
        RECOLLECT_EXTRACTION_LLM_MODEL: "memory-model",
        RECOLLECT_EXTRACTION_LLM_API_KEY: "test-key",
        RECOLLECT_EXTRACTION_LLM_DAILY_TOKEN_CAP: "3000",
        RECOLLECT_EXTRACTION_LLM_MAX_TOKENS_PER_CALL: "200",
      },
    });
  });
  afterAll(async () => {
    ctx.close();
    await llm.close();
  });

  it("does not run on chat messages, only on idle or compaction", async () => {
    const res = await extractMemories(ctx, extractInput.parse({ directory, sessionID: "s1", text: "hello there, nothing to see", trigger: "message" }));
    expect(res.llm).toEqual({ ran: false, reason: "runs on idle or compaction" });
    expect(llm.requests).toHaveLength(0);
  });

  it("reads new messages only, redacted, and stores validated suggestions", async () => {
    llm.answers = [
      {
        content: JSON.stringify({
          memories: [
            { category: "convention", content: "Integration tests use a real SQLite file, never an in-memory database." },
            { category: "decision", content: "Should we use Redis?" },
            { category: "nonsense", content: "dropped: not a category" },
          ],
        }),
        usage: { prompt_tokens: 300, completion_tokens: 40, total_tokens: 340 },
      },
    ];
    const history = [
      msg("m1", "user", "The tests talk to a real database file. Token is ghp_abcdefghijklmnopqrstuvwxyz0123456789AB by the way."),
      msg("m2", "assistant", "Understood, I will keep using real files in the tests."),
    ];
    const res = await extractMemories(ctx, extractInput.parse({ directory, sessionID: "s1", messages: history, trigger: "idle" }));
    expect(res.llm).toEqual({ ran: true, tokens: 340 });
    expect(llm.requests).toHaveLength(1);
    const req = llm.requests[0];
    expect(req.headers.authorization).toBe("Bearer test-key");
    expect(req.body).toMatchObject({ model: "memory-model", max_tokens: 200, temperature: 0 });
    const sent = JSON.stringify(req.body.messages);
    expect(sent).toContain("real database file");
    expect(sent).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz");

    const llmItems = res.suggestions.filter((s) => s.via === "llm");
    expect(llmItems.map((s) => [s.category, s.content])).toEqual([["convention", "Integration tests use a real SQLite file, never an in-memory database."]]);
    expect(getMemory(ctx, llmItems[0].memoryId)).toMatchObject({ status: "suggested", source: "extractor", metadata: { via: "llm" } });
    expect(usageToday(ctx).tokens).toBe(340);

    // The same messages again: nothing new to read, no call.
    const again = await extractMemories(ctx, extractInput.parse({ directory, sessionID: "s1", messages: history, trigger: "idle" }));
    expect(again.llm).toEqual({ ran: false, reason: "no new messages" });
    expect(llm.requests).toHaveLength(1);

    // One more message: only it is sent.
    llm.answers = [{ content: '{"memories": []}', usage: { prompt_tokens: 250, completion_tokens: 5, total_tokens: 255 } }];
    await extractMemories(
      ctx,
      extractInput.parse({ directory, sessionID: "s1", messages: [...history, msg("m3", "user", "Ship it on Monday.")], trigger: "compaction" }),
    );
    expect(llm.requests).toHaveLength(2);
    const second = JSON.stringify(llm.requests[1].body.messages);
    expect(second).toContain("Ship it on Monday.");
    expect(second).not.toContain("real database file");
  });

  it("keeps the user's chat.message words for the next idle run, and sends each text once", async () => {
    llm.answers = [{ content: '{"memories": []}', usage: { prompt_tokens: 120, completion_tokens: 5, total_tokens: 125 } }];
    const before = llm.requests.length;
    await extractMemories(ctx, extractInput.parse({ directory, sessionID: "p1", text: "Deploys happen from the release branch only.", trigger: "message" }));
    expect(llm.requests.length).toBe(before);
    await extractMemories(
      ctx,
      extractInput.parse({ directory, sessionID: "p1", trigger: "idle", messages: [msg("a1", "assistant", "Noted, release branch only.")] }),
    );
    expect(llm.requests.length).toBe(before + 1);
    const sent = JSON.stringify(llm.requests[before].body.messages);
    expect(sent).toContain("Deploys happen from the release branch only.");
    expect(sent).toContain("Noted, release branch only.");
    // At compaction the full history carries the same user message (now with an id): not sent again.
    await extractMemories(
      ctx,
      extractInput.parse({
        directory,
        sessionID: "p1",
        trigger: "compaction",
        messages: [msg("u1", "user", "Deploys happen from the release branch only."), msg("a1", "assistant", "Noted, release branch only.")],
      }),
    );
    expect(llm.requests.length).toBe(before + 1);
  });

  it("never exceeds the daily token cap: reserves before calling, refuses without calling", async () => {
    // Each call reserves its prompt plus max_tokens; the model claims the whole reservation.
    let calls = 0;
    for (let i = 0; i < 20; i++) {
      const before = llm.requests.length;
      llm.answers = [{ content: '{"memories": []}', usage: { prompt_tokens: 450, completion_tokens: 200, total_tokens: 650 } }];
      const res = await extractMemories(
        ctx,
        extractInput.parse({
          directory,
          sessionID: "cap",
          messages: [msg(`c${i}`, "user", `Message number ${i}: ${"lorem ipsum dolor sit amet ".repeat(40)}`)],
          trigger: "idle",
        }),
      );
      expect(usageToday(ctx).tokens).toBeLessThanOrEqual(3000);
      if (res.llm.ran) calls++;
      else {
        expect(res.llm.reason).toBe("daily token cap reached");
        expect(llm.requests.length).toBe(before);
      }
    }
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThan(20);
    expect(usageToday(ctx).tokens).toBeLessThanOrEqual(3000);
  });

  it("runs after a compaction checkpoint, off the request, and not for ingest", async () => {
    llm.answers = [
      {
        content: '{"memories":[{"category":"decision","content":"Checkpoints are kept for ninety days."}]}',
        usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
      },
    ];
    // A context of its own: the cap test above spent this one's budget.
    const own = testCtx({
      env: { RECOLLECT_EXTRACTION_LLM_ENABLED: "true", RECOLLECT_EXTRACTION_LLM_BASE_URL: llm.baseUrl, RECOLLECT_EXTRACTION_LLM_MODEL: "m" },
    });
    try {
      const before = llm.requests.length;
      const input = {
        directory,
        sessionID: "cp",
        trigger: "compaction" as const,
        messages: [msg("k1", "user", "Keep checkpoints for ninety days, then drop them.")],
      };
      captureCheckpoint(own, captureCheckpointInput.parse(input));
      await extractAfterCapture(own, captureCheckpointInput.parse(input));
      expect(llm.requests.length).toBe(before + 1);
      const stored = own.sqlite.prepare("SELECT status, source, content FROM memories WHERE content = ?").get("Checkpoints are kept for ninety days.");
      expect(stored).toEqual({ status: "suggested", source: "extractor", content: "Checkpoints are kept for ninety days." });
      // Already read: a second compaction over the same messages does not call the model.
      await extractAfterCapture(own, captureCheckpointInput.parse(input));
      expect(llm.requests.length).toBe(before + 1);
      await extractAfterCapture(own, captureCheckpointInput.parse({ ...input, sessionID: "ingested", trigger: "ingest" }));
      expect(llm.requests.length).toBe(before + 1);
    } finally {
      own.close();
    }
  });

  it("survives a failing or garbled model", async () => {
    const fresh = testCtx({
      env: {
        RECOLLECT_EXTRACTION_LLM_ENABLED: "true",
        RECOLLECT_EXTRACTION_LLM_BASE_URL: llm.baseUrl,
        RECOLLECT_EXTRACTION_LLM_MODEL: "m",
      },
    });
    try {
      llm.answers = [{ content: "not json at all" }];
      const garbled = await extractMemories(
        fresh,
        extractInput.parse({ directory, sessionID: "g", messages: [msg("g1", "user", "some words here")], trigger: "idle" }),
      );
      expect(garbled.llm.ran).toBe(true);
      expect(garbled.suggestions).toEqual([]);
      llm.answers = [{ content: "", status: 500 }];
      const failed = await extractMemories(
        fresh,
        extractInput.parse({ directory, sessionID: "g2", messages: [msg("g2", "user", "other words here")], trigger: "idle" }),
      );
      expect(failed.llm).toMatchObject({ ran: true, reason: "memory model answered HTTP 500" });
    } finally {
      fresh.close();
    }
  });
});
