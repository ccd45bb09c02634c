import { describe, expect, it } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { noteWriteSucceeded, type StorageState, storageError, storageProblem } from "../../../lib/db/storage-errors";
import { AppError } from "../../../lib/errors";
import { createMemory } from "../../../lib/memories";
import { testCtx } from "../../helpers/ctx";

describe("storage errors", () => {
  it("a full database (max_page_count) is storage_full, noted until the next write; writes then resume on the same connection", () => {
    const ctx = testCtx();
    try {
      createMemory(ctx, { content: "first memory", category: "fact" });
      const pages = ctx.sqlite.pragma("page_count", { simple: true }) as number;
      ctx.sqlite.pragma(`max_page_count = ${pages}`);
      let failure: unknown;
      try {
        for (let i = 0; i < 1000; i++) createMemory(ctx, { content: `filler ${i} ${"x".repeat(4000)}`, category: "fact" });
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeDefined();
      const mapped = storageError(failure, ctx.services.storage);
      expect(mapped).toBeInstanceOf(AppError);
      expect(mapped?.code).toBe("storage_full");
      expect(storageProblem(ctx.services.storage)).toMatchObject({ code: "storage_full", reason: expect.stringMatching(/disk .* is full/) });

      // Space comes back: the next write goes through on the same connection.
      ctx.sqlite.pragma("max_page_count = 1073741823");
      const after = createMemory(ctx, { content: "after the disk was freed", category: "fact" });
      expect(after.memory.id).toBeTruthy();
      noteWriteSucceeded(ctx.services.storage);
      expect(storageProblem(ctx.services.storage)).toBeNull();
    } finally {
      ctx.close();
    }
  });

  it("other I/O errors are storage_error; wrapped driver errors are recognised; the rest is not a storage error", () => {
    const storage: StorageState = { problem: null };
    const io = Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_WRITE" });
    expect(storageError(io)?.code).toBe("storage_error");
    expect(storageError(Object.assign(new Error("ro"), { code: "SQLITE_READONLY" }))?.code).toBe("storage_error");
    expect(storageError(Object.assign(new Error("x"), { code: "SQLITE_CANTOPEN" }))?.code).toBe("storage_error");
    expect(storageError(Object.assign(new Error("io"), { code: "SQLITE_IOERR" }), storage)?.code).toBe("storage_error");
    expect(storageProblem(storage)).toBeNull(); // only a full disk is remembered
    expect(storageError(new DrizzleQueryError("insert ...", [], Object.assign(new Error("full"), { code: "SQLITE_FULL" })), storage)?.code).toBe(
      "storage_full",
    );
    expect(storageError(Object.assign(new Error("busy"), { code: "SQLITE_BUSY" }))).toBeUndefined();
    expect(storageError(new Error("plain"))).toBeUndefined();
    expect(storageProblem(storage)).not.toBeNull(); // from the wrapped SQLITE_FULL above
  });
});
