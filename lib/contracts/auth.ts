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
  /** The same on the browser's own origin (`http://recollect.localhost:<port>`; lib/security/browser-host.ts). */
  url: string;
  expiresAt: string;
}

export interface SessionsRevoked {
  revoked: number;
}

/** `POST /api/auth/reauth { token }`: a signed-in browser confirms a power with the API token (lib/auth/reauth-grants.ts). */
export const reauthInput = z
  .object({
    token: z.string().trim().min(1, "token: paste the API token").max(200),
  })
  .strict();
export type ReauthInput = z.input<typeof reauthInput>;

export interface ReauthGrant {
  /** Sent back as `X-Recollect-Reauth` with the powers' requests, by this browser session only. */
  grant: string;
  expiresAt: string;
}
