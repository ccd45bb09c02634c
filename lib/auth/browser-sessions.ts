import { and, eq, gt, lte } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { browserSessions } from "../db/schema";
import { newSecret, plausibleSecret, secretHash } from "./secret";

/** A browser stays signed in for 30 days from its login (fixed: `recollect open` signs in again). */
export const BROWSER_SESSION_TTL_MS = 30 * 24 * 3_600_000;

/** Signs a browser in: a random session id for its cookie; only the id's hash is stored. */
export function startBrowserSession(ctx: Ctx, now = Date.now()): { id: string; expiresAt: number } {
  const id = newSecret();
  const expiresAt = now + BROWSER_SESSION_TTL_MS;
  withTransaction(ctx.db, (tx) => {
    tx.delete(browserSessions).where(lte(browserSessions.expiresAt, now)).run();
    tx.insert(browserSessions)
      .values({ idHash: secretHash(id), createdAt: now, expiresAt })
      .run();
  });
  return { id, expiresAt };
}

/** Whether a cookie's session id is a live session. */
export function isBrowserSession(ctx: Ctx, id: string, now = Date.now()): boolean {
  if (!plausibleSecret(id)) return false;
  const row = ctx.db
    .select({ idHash: browserSessions.idHash })
    .from(browserSessions)
    .where(and(eq(browserSessions.idHash, secretHash(id)), gt(browserSessions.expiresAt, now)))
    .get();
  return row !== undefined;
}

/** Signs one browser out (the nav's Sign out). */
export function endBrowserSession(ctx: Ctx, id: string): boolean {
  if (!plausibleSecret(id)) return false;
  return (
    ctx.db
      .delete(browserSessions)
      .where(eq(browserSessions.idHash, secretHash(id)))
      .run().changes === 1
  );
}

/** Signs every browser out (`recollect logout --all`); returns how many sessions were live or stale. */
export function endAllBrowserSessions(ctx: Ctx): number {
  return ctx.db.delete(browserSessions).run().changes;
}
