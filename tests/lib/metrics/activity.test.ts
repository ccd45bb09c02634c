import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemory } from "../../../lib/memories";
import { recordAccess } from "../../../lib/search/access";
import { recordInjection } from "../../../lib/injection/record";
import { activityPerDay, activityTotals } from "../../../lib/metrics/activity";
import { getStats } from "../../../lib/metrics/stats";
import { overview } from "../../../lib/views/overview";
import { kvView } from "../../../lib/views/activity";
import { testCtx } from "../../helpers/ctx";

const open: { close: () => void }[] = [];
const ctx = () => {
  const c = testCtx();
  open.push(c);
  return c;
};
afterEach(() => open.splice(0).forEach((c) => c.close()));

describe("the dashboard's activity counters", () => {
  it("count searches and deliveries, with the memories they returned or carried beside them; /api/stats has the same", () => {
    // The clock held at mid-day UTC: "today" is one day for the writes and the reads, even in a run
    // that crosses midnight UTC between them.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`));
      const c = ctx();
      const ids = ["a", "b", "c"].map((x) => createMemory(c, { content: `memory ${x}` }).memory.id);
      // Two searches returning three memories each, one recall returning one, one delivery of two.
      recordAccess(c, ids, "search", "ses_1", "how do deploys work");
      recordAccess(c, ids, "search", "ses_1", "which linter");
      recordAccess(c, ids.slice(0, 1), "recall", "ses_1", "deploy now");
      recordInjection(c, ids.slice(0, 2), "ses_1", null);
      const totals = activityTotals(activityPerDay(c));
      expect(totals).toEqual({ searches: 2, memoriesReturned: 6, deliveries: 1, memoriesInjected: 2, recalls: 1, memoriesRecalled: 1 });
      expect(activityTotals(overview(c).accessPerDay)).toEqual(totals);
      expect(getStats(c).activity).toEqual({ days: 30, ...totals });
      // Thirty days, every one present; today's holds it all.
      const days = activityPerDay(c);
      expect(days).toHaveLength(30);
      expect(days.at(-1)).toMatchObject({ searches: 2, deliveries: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("with no embedding provider, /api/stats says so beside the memories waiting for one", () => {
    const c = ctx();
    createMemory(c, { content: "waits for a model" });
    expect(getStats(c).embeddings).toMatchObject({ provider: "off" });
  });
});

describe("the KV page", () => {
  it("leaves out Recollect's own keys (the _recollect project, a _recollect/ key)", () => {
    const c = ctx();
    const put = c.sqlite.prepare("INSERT INTO kv(project_id, key, value, updated_at, expires_at) VALUES (?, ?, ?, ?, ?)");
    const later = Date.now() + 3_600_000;
    put.run("_recollect", "entities/parser-version", '"1"', Date.now(), later);
    put.run("", "_recollect/cursor", '"x"', Date.now(), later);
    put.run("", "deploy/last-tag", '"v1"', Date.now(), later);
    const { items, total } = kvView(c);
    expect(items.map((k) => k.key)).toEqual(["deploy/last-tag"]);
    expect(total).toBe(1);
  });
});
