import crypto from "node:crypto";

/**
 * The name of a chain's next state (a session's last compress call, its last injected record): the
 * previous name's counter plus one, under the same random root; a fresh random root when there is
 * no previous name (a new chain, or one this process forgot). 16 hex characters, as before: 10 of
 * root, 6 of counter. Unique as a random name was: a root is random per chain, and within a chain
 * the counter never repeats (at its end a new root is drawn).
 *
 * Why not 8 random bytes every call: `crypto.randomBytes` was 0.8 ms p50 on the first call after the
 * process sat idle for 300 ms (a plugin turn's pause; 20 µs when warm) on this machine's slow state,
 * and each turn's compress answer drew one.
 */
export function nextChainName(previous: string | undefined): string {
  if (previous !== undefined && /^[0-9a-f]{16}$/.test(previous)) {
    const next = Number.parseInt(previous.slice(10), 16) + 1;
    if (next <= 0xffffff) return previous.slice(0, 10) + next.toString(16).padStart(6, "0");
  }
  return `${crypto.randomBytes(5).toString("hex")}000000`;
}
