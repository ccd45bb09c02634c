import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { embeddingMeta } from "../../../lib/db/schema";
import { withTransaction } from "../../../lib/db/transaction";
import { testCtx } from "../../helpers/ctx";

const contexts: ReturnType<typeof testCtx>[] = [];
const fresh = () => {
  const ctx = testCtx();
  contexts.push(ctx);
  return ctx;
};
afterEach(() => contexts.splice(0).forEach((c) => c.close()));

const meta = (ctx: ReturnType<typeof testCtx>, key: string) => ctx.db.select().from(embeddingMeta).where(eq(embeddingMeta.key, key)).get()?.value;

describe("withTransaction", () => {
  it("commits what Drizzle and the raw connection wrote when the function returns", () => {
    const ctx = fresh();
    const result = withTransaction(ctx.db, (tx) => {
      tx.insert(embeddingMeta).values({ key: "drizzle", value: "1" }).run();
      tx.$client.prepare("INSERT INTO embedding_meta(key, value) VALUES ('raw', '2')").run();
      return "done";
    });
    expect(result).toBe("done");
    expect([meta(ctx, "drizzle"), meta(ctx, "raw")]).toEqual(["1", "2"]);
  });

  it("rolls back both when the function throws, and rethrows", () => {
    const ctx = fresh();
    expect(() =>
      withTransaction(ctx.db, (tx) => {
        tx.insert(embeddingMeta).values({ key: "drizzle", value: "1" }).run();
        tx.$client.prepare("INSERT INTO embedding_meta(key, value) VALUES ('raw', '2')").run();
        throw new Error("halfway");
      }),
    ).toThrow("halfway");
    expect([meta(ctx, "drizzle"), meta(ctx, "raw")]).toEqual([undefined, undefined]);
    expect(ctx.sqlite.inTransaction).toBe(false);
  });

  it("nests as a savepoint: an inner failure caught inside takes back only the inner writes", () => {
    const ctx = fresh();
    withTransaction(ctx.db, (tx) => {
      tx.insert(embeddingMeta).values({ key: "outer", value: "1" }).run();
      try {
        withTransaction(tx, (inner) => {
          inner.insert(embeddingMeta).values({ key: "inner", value: "2" }).run();
          throw new Error("inner");
        });
      } catch {
        // The outer transaction goes on.
      }
    });
    expect([meta(ctx, "outer"), meta(ctx, "inner")]).toEqual(["1", undefined]);
  });

  it("takes the write lock at BEGIN when immediate, not before the first write when deferred", () => {
    const ctx = fresh();
    const other = new Database(ctx.sqlite.name);
    other.pragma("busy_timeout = 0");
    const otherWrites = () => other.prepare("INSERT OR REPLACE INTO embedding_meta(key, value) VALUES ('other', 'x')").run();
    try {
      // Reads only: under WAL another connection may still write.
      withTransaction(ctx.db, (tx) => {
        tx.select().from(embeddingMeta).all();
        expect(otherWrites).not.toThrow();
      });
      withTransaction(
        ctx.db,
        (tx) => {
          tx.select().from(embeddingMeta).all();
          expect(otherWrites).toThrow(/locked|busy/i);
        },
        "immediate",
      );
    } finally {
      other.close();
    }
  });
});
