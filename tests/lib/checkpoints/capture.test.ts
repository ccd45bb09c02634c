import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import {
  captureCheckpoint,
  captureCheckpointAsync,
  COMPACTION_PROMPT,
  extractCheckpoint,
  getCheckpoint,
  listCheckpoints,
  rawCheckpoint,
  SECTIONS,
  toTimeline,
} from "../../../lib/checkpoints";
import { resumeContext } from "../../../lib/injection/resume";
import { getMemory } from "../../../lib/memories";
import { countTokens } from "../../../lib/token-count";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { kvHistory } from "./history";

import { captureCheckpointInput, listCheckpointsQuery, rawCheckpointQuery, resumeQuery } from "../../../lib/contracts/checkpoints";
const FIXTURES = path.join(import.meta.dirname, "../../fixtures/checkpoints");

describe("checkpoint extractors", () => {
  const root = "/home/dev/proj";
  const x = extractCheckpoint(toTimeline(kvHistory(root) as never), root);

  it("find the task, latest request, decisions and constraints", () => {
    expect(x.task).toMatch(/^Add a KV store to the server with TTLs\./);
    expect(x.latestRequest).toMatch(/^Good\. Keys must be unique per project\./);
    expect(x.decisions).toEqual(["We decided to use the existing SQLite database for it."]);
    expect(x.constraints).toEqual(expect.arrayContaining(["Never add a new dependency for this.", "Keys must be unique per project."]));
  });

  it("list files modified by edit, write and patch (relative to the root), never files only read", () => {
    expect(x.filesModified.map((f) => [f.path, f.ops])).toEqual([
      ["lib/kv/store.ts", ["write", "edit"]],
      ["app/api/kv/route.ts", ["patch"]],
      ["tests/lib/kv/kv.test.ts", ["write"]],
      ["lib/kv/index.ts", ["patch"]],
    ]);
  });

  it("mark errors fixed when a later run of the same target succeeded, open otherwise", () => {
    expect(x.errors).toEqual([
      { tool: "bash", message: "lib/kv/store.ts(3,1): error TS2304: Cannot find name 'foo'.", fixed: false },
      { tool: "bash", message: "AssertionError: expected 1 to be 2", fixed: true },
      { tool: "edit", message: "oldString not found in content", fixed: true },
    ]);
  });

  it("take progress and next steps from todos and the assistant's words", () => {
    expect(x.progress).toEqual(
      expect.arrayContaining([
        "Done: Write the store",
        "In progress: Add the routes",
        "I've fixed the expiry check in lib/kv/store.ts.",
        "Last test run passed: `npm test -- tests/lib/kv`",
      ]),
    );
    expect(x.nextSteps[0]).toMatch(/^Answer the user's latest message: Good\./);
    expect(x.nextSteps).toEqual(expect.arrayContaining(["Add the routes", "Document the API", "Next, I will add the HTTP routes."]));
    expect(x.criticalContext).toEqual(expect.arrayContaining(["The root cause was comparing seconds with milliseconds."]));
  });

  it("are deterministic", () => {
    expect(extractCheckpoint(toTimeline(kvHistory(root) as never), root)).toEqual(x);
  });
});

describe("captureCheckpoint -> Markdown -> resume", () => {
  const ctx = testCtx();
  const directory = tempDir("recollect-proj-");
  afterAll(() => ctx.close());

  it("the async form (the server's) stores the same redacted history", async () => {
    const ctx = testCtx();
    const directory = tempDir("recollect-proj-");
    const messages = kvHistory(directory) as never;
    const a = captureCheckpoint(ctx, captureCheckpointInput.parse({ directory, sessionID: "ses_sync", trigger: "manual", suggest: false, messages }));
    const b = await captureCheckpointAsync(
      ctx,
      captureCheckpointInput.parse({ directory, sessionID: "ses_async", trigger: "manual", suggest: false, messages }),
    );
    const raw = (id: string) =>
      zlib
        .gunzipSync((ctx.sqlite.prepare("SELECT raw_messages FROM checkpoints WHERE id = ?").get(id) as { raw_messages: Buffer }).raw_messages)
        .toString("utf8");
    expect(raw(b.id)).toBe(raw(a.id));
    expect(raw(b.id)).toContain("[REDACTED:");
    expect(raw(b.id)).not.toContain("sk-abcdefghijklmnop");
    await expect(captureCheckpointAsync(ctx, captureCheckpointInput.parse({ sessionID: "ses_x", trigger: "manual", messages }))).rejects.toThrow(
      /directory or a project/,
    );
    ctx.close();
  });

  it("stores the redacted raw history, the Markdown and the prompt; resume gives it once to another session", () => {
    const res = captureCheckpoint(
      ctx,
      captureCheckpointInput.parse({ directory, sessionID: "ses_a", trigger: "compaction", messages: kvHistory(directory) as never }),
    );
    expect(res.prompt).toBe(COMPACTION_PROMPT);
    for (const s of SECTIONS) {
      expect(res.markdown).toContain(`## ${s}`);
      expect(res.prompt).toContain(s);
    }
    expect(res.context[0]).toContain(res.id);
    expect(res.context.join("\n")).toContain("We decided to use the existing SQLite database for it.");
    expect(res.tokens.raw).toBeGreaterThan(100);
    expect(res.tokens.summary).toBe(countTokens(res.markdown));
    expect(res.markdown).not.toContain("sk-abcdefghijklmnop");

    const row = ctx.sqlite.prepare("SELECT raw_messages, message_count, trigger FROM checkpoints WHERE id = ?").get(res.id) as {
      raw_messages: Buffer;
      message_count: number;
      trigger: string;
    };
    const raw = zlib.gunzipSync(row.raw_messages).toString("utf8");
    expect(raw).toContain("[REDACTED:");
    expect(raw).not.toContain("sk-abcdefghijklmnop");
    expect([row.message_count, row.trigger]).toEqual([4, "compaction"]);

    // Suggestions from the history are stored, not active.
    expect(res.suggested.length).toBeGreaterThanOrEqual(3);
    for (const id of res.suggested) expect(getMemory(ctx, id)).toMatchObject({ status: "suggested", source: "extractor" });

    const full = getCheckpoint(ctx, res.id);
    expect(full.markdown).toBe(res.markdown);
    expect(full.extracted.decisions).toHaveLength(1);
    expect(listCheckpoints(ctx, listCheckpointsQuery.parse({ directory })).items.map((c) => c.id)).toEqual([res.id]);
    expect(listCheckpoints(ctx, listCheckpointsQuery.parse({ directory, sessionID: "other" })).items).toEqual([]);

    const page = rawCheckpoint(ctx, res.id, rawCheckpointQuery.parse({ offset: "1", limit: "2" }));
    expect([page.total, page.messages.length, page.nextOffset]).toEqual([4, 2, 3]);
    expect((page.messages[0] as { info: { id: string } }).info.id).toBe("msg_02");

    // The session that wrote it does not get its own checkpoint back.
    expect(resumeContext(ctx, resumeQuery.parse({ directory, sessionID: "ses_a" }))).toMatchObject({ block: null, reason: "none" });
    const resumed = resumeContext(ctx, resumeQuery.parse({ directory, sessionID: "ses_b" }));
    expect(resumed.checkpointId).toBe(res.id);
    expect(resumed.block).toContain("## Resuming from an earlier session");
    // One header line before the sections; no ids of checkpoints or sessions (of no use to the model).
    expect(resumed.block!.split("\n\n")[0]).toMatch(/^## Resuming from an earlier session \(compaction, today; [^\n]+\)$/);
    expect(resumed.block).not.toContain(res.id);
    expect(resumed.block).toContain("Add a KV store to the server");
    expect(resumed.block).toContain("Document the API");
    expect(resumed.tokens).toBe(countTokens(resumed.block!));
    expect(resumed.tokens).toBeLessThanOrEqual(ctx.config.injection.resumeBudgetTokens);
    expect(resumeContext(ctx, resumeQuery.parse({ directory, sessionID: "ses_b" }))).toEqual({
      block: null,
      tokens: 0,
      checkpointId: null,
      reason: "delivered",
    });
  });

  it("keeps the resume block within a small budget, most important sections first", () => {
    const small = resumeContext(ctx, resumeQuery.parse({ directory, sessionID: "ses_c", budget: 120 }));
    expect(small.tokens).toBeLessThanOrEqual(120);
    expect(small.block).toContain("**Next steps**");
    expect(small.block).not.toContain("**Critical context**");
    const full = resumeContext(ctx, resumeQuery.parse({ directory, sessionID: "ses_c2", budget: 4000 })).block ?? "";
    const order = ["**Next steps**", "**Decisions**", "**Task**", "**Constraints**"].map((t) => full.indexOf(t));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("rejects malformed input with a ZodError naming the field", () => {
    const bad = (v: unknown) => () => captureCheckpoint(ctx, captureCheckpointInput.parse(v as never));
    expect(bad({ directory, sessionID: "x", messages: [] })).toThrow(ZodError);
    expect(bad({ directory, sessionID: "x", messages: [{ info: { role: "robot" }, parts: [] }] })).toThrow(/role/);
    expect(bad({ directory, sessionID: "x", messages: [{ info: { role: "user" } }] })).toThrow(/parts/);
    expect(bad({ directory, sessionID: "x", trigger: "whenever", messages: kvHistory(directory) })).toThrow(/trigger/);
    expect(bad({ sessionID: "x", messages: kvHistory(directory) })).toThrow(/directory or a project/);
  });

  it("accepts the ingest trigger and captures real agent trajectories", () => {
    for (const file of ["swe-agent-marshmallow-1867.json", "openhands-run.json"]) {
      const run = JSON.parse(fs.readFileSync(path.join(FIXTURES, file), "utf8")) as { messages: unknown[] };
      const res = captureCheckpoint(
        ctx,
        captureCheckpointInput.parse({ directory, sessionID: `ingest-${file}`, trigger: "ingest", messages: run.messages as never }),
      );
      const x = getCheckpoint(ctx, res.id).extracted;
      expect(x.task).toBeTruthy();
      expect(x.filesModified.length).toBeGreaterThan(0);
      expect(x.progress.some((p) => p.startsWith("Last assistant message:"))).toBe(true);
      if (file.startsWith("swe-agent")) {
        expect(x.filesModified.map((f) => f.path)).toContain("src/marshmallow/fields.py");
      } else {
        expect(x.filesModified.map((f) => f.path).join()).toContain("parser.c");
        expect(x.errors.some((e) => !e.fixed && /No such file|Error 2|not found/.test(e.message))).toBe(true);
      }
    }
  });
});
