import crypto from "node:crypto";

/**
 * How a client tells the real server from another program on its port before it sends the token:
 * it asks `/api/health?challenge=<random hex>`, and only a server that knows the token can answer
 * with this proof. Imported by the plugin and the CLI too: no imports beyond node:crypto.
 */
export const CHALLENGE = /^[0-9a-f]{32,128}$/;

/** How long a client trusts a server that proved itself before it asks again. */
export const TRUST_MS = 60_000;

export function serverProof(token: string, challenge: string): string {
  return crypto.createHmac("sha256", token).update(`recollect-server-proof:${challenge}`).digest("hex");
}

export const newChallenge = (): string => crypto.randomBytes(16).toString("hex");

/** The proof in a health answer is this server's for `challenge` (compared in constant time). */
export function provesToken(token: string, challenge: string, proof: unknown): boolean {
  // Anything but 64 hex digits is not a proof (and would make the byte lengths differ).
  if (typeof proof !== "string" || !/^[0-9a-f]{64}$/.test(proof)) return false;
  return crypto.timingSafeEqual(Buffer.from(proof, "hex"), Buffer.from(serverProof(token, challenge), "hex"));
}

/** Why a health answer is not a proof, for the message: an older Recollect answers without one. */
export function unprovenReason(url: string, answer: unknown): string {
  const a = answer as { version?: unknown; proof?: unknown } | undefined;
  if (a && typeof a.version === "string" && a.proof === undefined)
    return `the server at ${url} answers as Recollect ${a.version.slice(0, 40)} but cannot show that it knows the token (a server older than this client: restart it with \`recollect restart\`; or another program on the port)`;
  return `the server at ${url} could not show that it knows the API token (another program on the port, or a server with another data dir)`;
}
