import crypto from "node:crypto";

/**
 * How a client tells the real server from another program on its port before it sends the token:
 * it asks `/api/health?challenge=<random hex>`, and only a server that knows the token can answer
 * with this proof. The proof covers the address the client dialled: the server signs the local
 * address of the connection it answers on (its own listen address), the client checks it against
 * the address it connected to. A program on another port that forwards the challenge to the real
 * server (a relay) gets a proof for the real server's address, which the client refuses.
 * Imported by the plugin and the CLI too: no imports beyond node:crypto.
 */
export const CHALLENGE = /^[0-9a-f]{32,128}$/;

/** How long a client trusts a server that proved itself before it asks again. */
export const TRUST_MS = 60_000;

/**
 * The request header the front gate (server/serve.ts) sets on every request to the local address
 * of its connection, after dropping any value a client sent.
 */
export const LOCAL_ADDRESS_HEADER = "x-recollect-local-address";

/**
 * An address as both sides write it into the proof: `ip:port` or `[v6]:port`, lower-cased; an
 * IPv4-mapped IPv6 address as IPv4; `localhost` and `*.localhost` as `127.0.0.1` (where a client
 * dials the server by that name, the server listens on 127.0.0.1 by default).
 */
export function proofAddress(host: string, port: number | string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.startsWith("::ffff:") && /^\d{1,3}(?:\.\d{1,3}){3}$/.test(h.slice(7))) h = h.slice(7);
  if (h === "localhost" || h.endsWith(".localhost")) h = "127.0.0.1";
  return `${h.includes(":") ? `[${h}]` : h}:${Number(port)}`;
}

/** The address a client dials for `url` (the port defaults to the scheme's). */
export function dialledAddress(url: string): string {
  const u = new URL(url);
  return proofAddress(u.hostname, u.port || (u.protocol === "https:" ? 443 : 80));
}

export function serverProof(token: string, challenge: string, address: string): string {
  return crypto.createHmac("sha256", token).update(`recollect-server-proof:v2:${address}:${challenge}`).digest("hex");
}

export const newChallenge = (): string => crypto.randomBytes(16).toString("hex");

/** The proof in a health answer is this server's for `challenge` at `address`, the one the client dialled (constant time). */
export function provesToken(token: string, challenge: string, proof: unknown, address: string): boolean {
  // Anything but 64 hex digits is not a proof (and would make the byte lengths differ).
  if (typeof proof !== "string" || !/^[0-9a-f]{64}$/.test(proof)) return false;
  return crypto.timingSafeEqual(Buffer.from(proof, "hex"), Buffer.from(serverProof(token, challenge, address), "hex"));
}

/** Why a health answer is not a proof, for the message: an older Recollect answers without one. */
export function unprovenReason(url: string, answer: unknown): string {
  const a = answer as { version?: unknown; proof?: unknown; address?: unknown } | undefined;
  if (a && typeof a.version === "string" && a.proof === undefined)
    return `the server at ${url} answers as Recollect ${a.version.slice(0, 40)} but cannot show that it knows the token (a server older than this client: restart it with \`recollect restart\`; or another program on the port)`;
  if (a && typeof a.address === "string" && a.address !== dialledAddress(url))
    return `the server at ${url} proved itself for another address (${a.address.slice(0, 60)}), not the one dialled (${dialledAddress(url)}): a program on this port relaying to a server elsewhere, or a server.url naming the server by another address`;
  return `the server at ${url} could not show that it knows the API token (another program on the port, or a server with another data dir)`;
}
