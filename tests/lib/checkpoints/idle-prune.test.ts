import { afterAll, describe, expect, it } from "vitest";
import { captureCheckpoint } from "../../../lib/checkpoints";
import { captureCheckpointInput } from "../../../lib/contracts/checkpoints";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";
import { kvHistory } from "./history";

describe("idle checkpoints (issue 26)", () => {
  const ctx = testCtx();
  const directory = tempDir();
  afterAll(() => ctx.close());

  const capture = (sessionID: string, trigger: "idle" | "compaction" | "manual" | "ingest", at: number) =>
    captureCheckpoint(ctx, captureCheckpointInput.parse({ directory, sessionID, trigger, messages: kvHistory(directory) as never, suggest: false }), at).id;
  const rows = (sessionID: string) =>
    (
      ctx.sqlite.prepare("SELECT id, trigger FROM checkpoints WHERE session_id = ? ORDER BY created_at").all(sessionID) as { id: string; trigger: string }[]
    ).map((r) => `${r.trigger}:${r.id}`);

  it("keep only the latest idle checkpoint of a session, never pruning compaction, manual or ingest ones", () => {
    const t = 1_700_000_000_000;
    const compaction = capture("ses_long", "compaction", t);
    const idle1 = capture("ses_long", "idle", t + 1);
    const manual = capture("ses_long", "manual", t + 2);
    const ingest = capture("ses_long", "ingest", t + 3);
    expect(rows("ses_long")).toEqual([`compaction:${compaction}`, `idle:${idle1}`, `manual:${manual}`, `ingest:${ingest}`]);
    const idle2 = capture("ses_long", "idle", t + 4);
    const idle3 = capture("ses_long", "idle", t + 5);
    expect(rows("ses_long")).toEqual([`compaction:${compaction}`, `manual:${manual}`, `ingest:${ingest}`, `idle:${idle3}`]);
    expect(idle2).not.toBe(idle3);
  });

  it("leave other sessions' idle checkpoints alone", () => {
    const t = 1_700_000_100_000;
    const other = capture("ses_other", "idle", t);
    capture("ses_third", "idle", t + 1);
    capture("ses_third", "idle", t + 2);
    expect(rows("ses_other")).toEqual([`idle:${other}`]);
    expect(rows("ses_third")).toHaveLength(1);
  });

  it("write nothing when the new idle checkpoint fails: the previous one stays", () => {
    const t = 1_700_000_200_000;
    const kept = capture("ses_fail", "idle", t);
    // A checkpoint id collision cannot happen (uuid v7); a trigger that aborts the insert stands in for a failed write.
    ctx.sqlite.exec("CREATE TEMP TRIGGER fail_idle BEFORE INSERT ON checkpoints WHEN new.session_id = 'ses_fail' BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    try {
      expect(() => capture("ses_fail", "idle", t + 1)).toThrow(/disk full/);
    } finally {
      ctx.sqlite.exec("DROP TRIGGER fail_idle");
    }
    expect(rows("ses_fail")).toEqual([`idle:${kept}`]);
  });
});
