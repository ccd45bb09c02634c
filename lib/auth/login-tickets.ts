import { and, eq, gt, lte } from "drizzle-orm";
import type { Ctx } from "../ctx";
import { withTransaction } from "../db/transaction";
import { loginTickets } from "../db/schema";
import { newSecret, plausibleSecret, secretHash } from "./secret";

/** How long a one-time login link works: long enough to reach the browser, short enough to go stale. */
export const LOGIN_TICKET_TTL_MS = 2 * 60_000;

/** Mints a single-use login ticket (`recollect open`); only its hash is stored. */
export function createLoginTicket(ctx: Ctx, now = Date.now()): { ticket: string; expiresAt: number } {
  const ticket = newSecret();
  const expiresAt = now + LOGIN_TICKET_TTL_MS;
  withTransaction(ctx.db, (tx) => {
    tx.delete(loginTickets).where(lte(loginTickets.expiresAt, now)).run();
    tx.insert(loginTickets)
      .values({ ticketHash: secretHash(ticket), createdAt: now, expiresAt })
      .run();
  });
  return { ticket, expiresAt };
}

/** Uses up a ticket: true once for a live ticket, false for an unknown, used or expired one. */
export function redeemLoginTicket(ctx: Ctx, ticket: string, now = Date.now()): boolean {
  if (!plausibleSecret(ticket)) return false;
  const used = ctx.db
    .delete(loginTickets)
    .where(and(eq(loginTickets.ticketHash, secretHash(ticket)), gt(loginTickets.expiresAt, now)))
    .returning({ ticketHash: loginTickets.ticketHash })
    .all();
  return used.length === 1;
}
