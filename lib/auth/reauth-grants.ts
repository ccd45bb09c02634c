import crypto from "node:crypto";
import { newSecret, plausibleSecret, secretHash } from "./secret";

/**
 * Re-authentication of a signed-in browser for the powers a cookie alone may not use (loops,
 * backups, ingest and import of paths, maintenance; lib/security/guard.ts): the user gives the API
 * token again (`POST /api/auth/reauth`) and the page gets a grant for `REAUTH_TTL_MS`, bound to its
 * session. The page keeps it in `sessionStorage` (its own origin, never sent with a request it did
 * not make) and sends it as `X-Recollect-Reauth`: a leaked cookie has no grant. Kept in memory
 * (only hashes), with the sessions' database in `ctx.services.reauthGrants`: a restarted server
 * asks again.
 */
export const REAUTH_TTL_MS = 10 * 60_000;
export const REAUTH_HEADER = "x-recollect-reauth";
const MAX_GRANTS = 1_000;

/** The live grants: grant hash -> its session's hash and end (`ctx.services.reauthGrants`). */
export type ReauthGrants = Map<string, { sessionHash: string; expiresAt: number }>;

export function grantReauth(map: ReauthGrants, sessionId: string, now = Date.now()): { grant: string; expiresAt: number } {
  for (const [k, v] of map) if (v.expiresAt <= now) map.delete(k);
  // Bounded: the oldest go first (a Map keeps insertion order).
  while (map.size >= MAX_GRANTS) map.delete(map.keys().next().value as string);
  const grant = newSecret();
  const expiresAt = now + REAUTH_TTL_MS;
  map.set(secretHash(grant), { sessionHash: secretHash(sessionId), expiresAt });
  return { grant, expiresAt };
}

/** Whether `grant` is live and was given to this session. */
export function isReauthGrant(map: ReauthGrants, sessionId: string, grant: string, now = Date.now()): boolean {
  if (!plausibleSecret(grant)) return false;
  const entry = map.get(secretHash(grant));
  if (!entry || entry.expiresAt <= now) return false;
  const a = Buffer.from(entry.sessionHash);
  const b = Buffer.from(secretHash(sessionId));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Every grant of every session ends (signing everyone out). */
export function endAllReauthGrants(map: ReauthGrants): void {
  map.clear();
}
