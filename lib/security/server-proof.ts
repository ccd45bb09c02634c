import crypto from "node:crypto";

/**
 * How a client tells the real server from another program on its port before it sends the token:
 * it asks `/api/health?challenge=<random hex>`, and only a server that knows the token can answer
 * with this proof. Imported by the plugin and the CLI too: no imports beyond node:crypto.
 */
export const CHALLENGE = /^[0-9a-f]{32,128}$/;

export function serverProof(token: string, challenge: string): string {
  return crypto.createHmac("sha256", token).update(`recollect-server-proof:${challenge}`).digest("hex");
}

export const newChallenge = (): string => crypto.randomBytes(16).toString("hex");

/** The proof in a health answer is this server's for `challenge` (compared in constant time). */
export function provesToken(token: string, challenge: string, proof: unknown): boolean {
  if (typeof proof !== "string" || proof.length !== 64) return false;
  return crypto.timingSafeEqual(Buffer.from(proof), Buffer.from(serverProof(token, challenge)));
}
