import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { writeInSlices } from "@/lib/db/sliced-write";
import { testCtx } from "../../helpers/ctx";

/**
 * The WAL checkpoint after a big sliced write runs in a worker thread (lib/db/checkpoint-worker.mjs),
 * not in the writing connection's COMMIT on the event loop (issue 37: an import's commit and checkpoint
 * held health about 220 ms). Checked without a clock: at every turn of the event loop the WAL index
 * (the `-shm` file: `mxFrame`, the committed log's length, and `nBackfill`, how much of it is copied into
 * the database) is read; a turn that sees a committed log not yet copied proves the event loop ran while
 * the checkpoint did. When SQLite checkpointed inside the COMMIT, no turn could see that.
 */
const ROWS_A_STEP = 100;
const STEPS = 60; // 6,000 rows of 4 KB: about 6,000 pages, past the 4,000-page autocheckpoint

/** `mxFrame` and `nBackfill` of the WAL index (sqlite.org/walformat.html: header at 0, checkpoint info at 96), native byte order. */
function walIndex(file: string): { mxFrame: number; nBackfill: number } {
  const shm = Buffer.alloc(100);
  const fd = fs.openSync(`${file}-shm`, "r");
  try {
    fs.readSync(fd, shm, 0, 100, 0);
  } finally {
    fs.closeSync(fd);
  }
  return { mxFrame: shm.readUInt32LE(16), nBackfill: shm.readUInt32LE(96) };
}

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe("a sliced write's WAL checkpoint", () => {
  it("runs while the event loop turns, and is done when the write answers", async () => {
    const ctx = testCtx();
    closers.push(() => ctx.close());
    ctx.sqlite.exec("CREATE TABLE bulk (id INTEGER PRIMARY KEY, body BLOB NOT NULL)");
    const file = ctx.sqlite.name;
    const pageSize = ctx.sqlite.pragma("page_size", { simple: true }) as number;
    const blob = Buffer.alloc(pageSize, 7);

    let writing = true;
    const seenUncopied: number[] = [];
    const turn = () => {
      if (!writing) return;
      const { mxFrame, nBackfill } = walIndex(file);
      if (mxFrame > 4000 && nBackfill < mxFrame) seenUncopied.push(mxFrame - nBackfill);
      setImmediate(turn);
    };
    setImmediate(turn);

    const written = await writeInSlices(
      ctx.sqlite,
      function* ({ sqlite }) {
        const insert = sqlite.prepare("INSERT INTO bulk (body) VALUES (?)");
        for (let s = 0; s < STEPS; s++) {
          for (let r = 0; r < ROWS_A_STEP; r++) insert.run(blob);
          yield;
        }
        return STEPS * ROWS_A_STEP;
      },
      () => true,
    );
    writing = false;

    expect(written).toEqual({ value: 6000 });
    expect(ctx.sqlite.prepare("SELECT count(*) AS n FROM bulk").get()).toEqual({ n: 6000 });
    // The event loop turned while the committed log waited to be copied: the checkpoint was not in the COMMIT.
    expect(seenUncopied.length).toBeGreaterThan(0);
    // And it was copied before the write answered: the server's connection has nothing left to checkpoint.
    const after = walIndex(file);
    expect(after.mxFrame).toBeGreaterThan(4000);
    expect(after.nBackfill).toBe(after.mxFrame);
  });
});
