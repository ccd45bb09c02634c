import { describe, expect, it } from "vitest";
import type { ContextSummaryDto } from "../../../lib/contracts/context";
import type { RecollectClient } from "../../../plugin/client";
import { SummaryPoller } from "../../../plugin/tui/summary-poller";

/** A client whose answers the test scripts: a summary with that checkpoint id, or a failure. */
function scripted(answers: Array<string | null | "fail" | { id: string; trigger: string }>) {
  const client = {
    async get() {
      const next = answers.shift();
      if (next === "fail" || next === undefined) return { ok: false, error: "refused" };
      const summary = { lastCheckpoint: next ? (typeof next === "string" ? { id: next } : next) : null } as unknown as ContextSummaryDto;
      return { ok: true, status: 200, data: summary };
    },
  } as unknown as RecollectClient;
  const notices: string[] = [];
  const poller = new SummaryPoller(client, () => ({ directory: "/p" }), { onSummary: () => {}, onNotice: (n) => void notices.push(n.message) });
  return { poller, notices };
}

describe("SummaryPoller", () => {
  it("toasts a new checkpoint, not the one present at start", async () => {
    const { poller, notices } = scripted(["cp_a", "cp_a", "cp_b"]);
    for (let i = 0; i < 3; i++) await poller.refresh();
    expect(notices).toEqual(["Recollect: checkpoint cp_b stored"]);
  });

  it("toasts the first checkpoint of a project that had none", async () => {
    const { poller, notices } = scripted([null, "cp_a"]);
    await poller.refresh();
    await poller.refresh();
    expect(notices).toEqual(["Recollect: checkpoint cp_a stored"]);
  });

  it("still toasts a checkpoint stored while a poll failed, and says once that the server is unreachable", async () => {
    const { poller, notices } = scripted(["cp_a", "fail", "fail", "cp_b"]);
    for (let i = 0; i < 4; i++) await poller.refresh();
    expect(notices).toEqual(["Recollect server unreachable: memory is off until it is back", "Recollect: checkpoint cp_b stored"]);
  });

  it("does not toast the idle checkpoint each turn stores, only one worth telling (issue 40)", async () => {
    const { poller, notices } = scripted([
      { id: "cp_a", trigger: "idle" },
      { id: "cp_b", trigger: "idle" },
      { id: "cp_c", trigger: "compaction" },
      { id: "cp_d", trigger: "idle" },
      { id: "cp_e", trigger: "manual" },
    ]);
    for (let i = 0; i < 5; i++) await poller.refresh();
    expect(notices).toEqual(["Recollect: checkpoint cp_c stored", "Recollect: checkpoint cp_e stored"]);
  });
});
