import { z } from "zod";

/** Contracts of `/api/auth/*`: browser login links and sessions. The CLI imports these. */

export const loginTicketInput = z
  .object({
    /** The page the browser lands on after signing in: a path on this server ("/memories"). */
    next: z.string().min(1).max(2000).optional(),
  })
  .strict();
export type LoginTicketInput = z.input<typeof loginTicketInput>;

export interface LoginTicket {
  /** `/login?ticket=...`: works once, for two minutes. */
  path: string;
  /** The same on the host the request was made to. */
  url: string;
  expiresAt: string;
}

export interface SessionsRevoked {
  revoked: number;
}
