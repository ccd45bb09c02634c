import { afterAll, describe, expect, it } from "vitest";
import { claimLoopInput, createLoopInput, listLoopsQuery, restartLoopInput, updateLoopInput } from "../../../lib/contracts/loops";
import { cancelLoop, claimLoop, createLoop, getLoop, listLoops, orphanLoopIds, restartLoop, slugFromTask, updateLoop } from "../../../lib/loops";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

describe("loops", () => {
  const ctx = testCtx();
  const dir = tempDir("recollect-loop-proj-");
  afterAll(() => ctx.close());

  it("creates a running loop with the defaults and a slug from the task", () => {
    const loop = createLoop(ctx, createLoopInput.parse({ directory: dir, task: "Add a --json flag to the export command" }));
    expect(loop).toMatchObject({
      status: "running",
      iteration: 0,
      maxIterations: 15,
      minAudits: 1,
      audit: true,
      mode: "worktree",
      sandbox: "none",
      completionPromise: "LOOP_COMPLETE",
    });
    expect(loop.slug).toMatch(/^add-a-json-flag-to-[0-9a-f]{6}$/);
    expect(slugFromTask("!!!")).toBe("task");
  });

  it("rejects bad input naming the field", () => {
    expect(() => createLoopInput.parse({ directory: dir, task: "" })).toThrow(/task/);
    expect(() => createLoopInput.parse({ directory: dir, task: "x", maxIterations: -1 })).toThrow(/maxIterations|too small/);
    expect(() => updateLoopInput.parse({ status: "done" })).toThrow(/status|Invalid/);
  });

  it("records phases, sums tokens and cost, lists by project and status", () => {
    const loop = createLoop(ctx, createLoopInput.parse({ directory: dir, task: "Refactor the parser", slug: "parser" }));
    updateLoop(ctx, loop.id, updateLoopInput.parse({ iteration: 1, phase: "code", phaseReport: { iteration: 1, kind: "code", sessionId: "ses_a" } }));
    updateLoop(
      ctx,
      loop.id,
      updateLoopInput.parse({
        phaseReport: { iteration: 1, kind: "code", status: "done", promiseSeen: true, tokensInput: 100, tokensOutput: 10, cost: 0.5, commit: "abc1234" },
      }),
    );
    const after = updateLoop(
      ctx,
      loop.id,
      updateLoopInput.parse({
        phase: "audit",
        auditsDone: 1,
        findingsOpen: 1,
        phaseReport: { iteration: 1, kind: "audit", sessionId: "ses_b", status: "done", findings: 1, tokensInput: 50, tokensOutput: 5, cost: 0.25 },
      }),
    );
    expect(after).toMatchObject({ iteration: 1, phase: "audit", auditsDone: 1, findingsOpen: 1, tokensInput: 150, tokensOutput: 15, cost: 0.75 });
    expect(after.phases!.map((p) => [p.iteration, p.kind, p.status, p.sessionId, p.commit])).toEqual([
      [1, "code", "done", "ses_a", "abc1234"],
      [1, "audit", "done", "ses_b", null],
    ]);
    expect(after.phases![0]!.endedAt).not.toBeNull();
    expect(after.slug).toMatch(/^parser-/);
    const running = listLoops(ctx, listLoopsQuery.parse({ directory: dir, active: "true" })).items.map((l) => l.id);
    expect(running).toContain(loop.id);
    const other = tempDir("recollect-loop-other-");
    expect(listLoops(ctx, listLoopsQuery.parse({ directory: other })).items).toEqual([]);
  });

  it("cancel ends a running loop and its running phase; an ended loop refuses state reports; restart revives it", () => {
    const loop = createLoop(ctx, createLoopInput.parse({ directory: dir, task: "Cancel me" }));
    updateLoop(ctx, loop.id, updateLoopInput.parse({ iteration: 1, phase: "code", phaseReport: { iteration: 1, kind: "code" } }));
    const cancelled = cancelLoop(ctx, loop.id);
    expect(cancelled).toMatchObject({ status: "cancelled", phase: null });
    expect(cancelled.endedAt).not.toBeNull();
    expect(cancelled.phases![0]!.status).toBe("cancelled");
    expect(cancelLoop(ctx, loop.id).status).toBe("cancelled");
    expect(() => updateLoop(ctx, loop.id, updateLoopInput.parse({ phase: "audit" }))).toThrow(/has ended/);
    // The driver's cleanup after a cancel is still taken.
    expect(
      updateLoop(ctx, loop.id, updateLoopInput.parse({ worktreePath: null, phaseReport: { iteration: 1, kind: "code", commit: "abcdef1" } })),
    ).toMatchObject({
      status: "cancelled",
      worktreePath: null,
    });
    const restarted = restartLoop(ctx, loop.id);
    expect(restarted).toMatchObject({ status: "running", endedAt: null, iteration: 1 });
    expect(() => restartLoop(ctx, loop.id)).toThrow(/is running/);
    expect(() => getLoop(ctx, "loop_nope")).toThrow(/no loop/);
  });

  it("restart raises maxIterations of a loop that hit it; without a raise it refuses, naming the field", () => {
    const loop = createLoop(ctx, createLoopInput.parse({ directory: dir, task: "Hit the limit", maxIterations: 2 }));
    updateLoop(ctx, loop.id, updateLoopInput.parse({ iteration: 2, status: "max_iterations" }));
    expect(() => restartLoop(ctx, loop.id)).toThrow(/^maxIterations: the loop has run 2 iteration/);
    expect(() => restartLoop(ctx, loop.id, restartLoopInput.parse({ maxIterations: 2 }))).toThrow(/^maxIterations/);
    expect(getLoop(ctx, loop.id)).toMatchObject({ status: "max_iterations", maxIterations: 2 });
    expect(() => restartLoopInput.parse({ maxIterations: -1 })).toThrow(/maxIterations/);
    expect(() => restartLoopInput.parse({ maxIterations: 1001 })).toThrow(/maxIterations/);
    expect(() => restartLoopInput.parse({ other: 1 })).toThrow();
    expect(restartLoop(ctx, loop.id, restartLoopInput.parse({ maxIterations: 5 }))).toMatchObject({ status: "running", iteration: 2, maxIterations: 5 });
    updateLoop(ctx, loop.id, updateLoopInput.parse({ status: "cancelled" }));
    // 0 lifts the limit; a restart without a body keeps the limit it has.
    expect(restartLoop(ctx, loop.id, restartLoopInput.parse({ maxIterations: 0 }))).toMatchObject({ status: "running", maxIterations: 0 });
    updateLoop(ctx, loop.id, updateLoopInput.parse({ status: "errors" }));
    expect(restartLoop(ctx, loop.id)).toMatchObject({ status: "running", maxIterations: 0 });
  });

  it("ending with a status clears the phase and stamps the end", () => {
    const loop = createLoop(ctx, createLoopInput.parse({ directory: dir, task: "Finish", maxIterations: 1 }));
    const ended = updateLoop(ctx, loop.id, updateLoopInput.parse({ status: "max_iterations", phase: "code" }));
    expect(ended).toMatchObject({ status: "max_iterations", phase: null });
    expect(ended.endedAt).not.toBeNull();
    expect(() => restartLoop(ctx, createLoop(ctx, createLoopInput.parse({ directory: dir, task: "x" })).id)).toThrow(/running/);
  });
});

describe("loop drivers", () => {
  const ctx = testCtx();
  const dir = tempDir("recollect-loop-drv-");
  afterAll(() => ctx.close());

  it("one driver at a time; a stale driver's loop is adopted; orphans are listed per project", () => {
    const loop = createLoop(ctx, createLoopInput.parse({ directory: dir, task: "Drive me" }));
    const projectId = loop.projectId;
    const T = 1_000_000_000_000;
    expect(orphanLoopIds(ctx, projectId, 30_000, T)).toEqual([loop.id]);
    expect(claimLoop(ctx, loop.id, claimLoopInput.parse({ driver: "a" }), T).driver).toBe("a");
    expect(orphanLoopIds(ctx, projectId, 30_000, T + 1000)).toEqual([]);
    expect(() => claimLoop(ctx, loop.id, claimLoopInput.parse({ driver: "b" }), T + 1000)).toThrow(/another OpenCode/);
    expect(claimLoop(ctx, loop.id, claimLoopInput.parse({ driver: "a" }), T + 2000).driver).toBe("a");
    expect(orphanLoopIds(ctx, projectId, 30_000, T + 40_000)).toEqual([loop.id]);
    expect(claimLoop(ctx, loop.id, claimLoopInput.parse({ driver: "b" }), T + 40_000).driver).toBe("b");
    // A cancelled loop answers its state to the claim without being taken.
    cancelLoop(ctx, loop.id);
    expect(claimLoop(ctx, loop.id, claimLoopInput.parse({ driver: "c" }), T + 90_000)).toMatchObject({ status: "cancelled", driver: "b" });
    expect(orphanLoopIds(ctx, projectId, 30_000, T + 90_000)).toEqual([]);
  });
});
