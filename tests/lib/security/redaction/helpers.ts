/**
 * Helpers of the redaction tests. Fake secrets are assembled at run time so that no secret-looking
 * literal sits in the repository (and so that a secret scanner on the repository stays quiet).
 */
import { expect } from "vitest";
import { redact } from "../../../../lib/security/redaction";

export const r = (alphabet: string, n: number, seed: number) => Array.from({ length: n }, (_, i) => alphabet[(i * 7 + seed * 13) % alphabet.length]).join("");
export const AZ09 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const hex = "0123456789abcdef";
export const tag = (kind: string) => `[REDACTED:${kind}]`;
export const pemBody = (lines: number) => Array.from({ length: lines }, (_, i) => r(`${b64}+/`, 64, 30 + i)).join("\n");

/** Each case: the text, the secret (must be gone), what must stay; redaction is idempotent. */
export function cases(list: [text: string, secret: string, keeps?: string[]][]) {
  for (const [text, secret, keeps = []] of list) {
    const out = redact(text);
    expect(out, text).not.toContain(secret);
    expect(out, text).toContain("[REDACTED:");
    for (const k of keeps) expect(out, text).toContain(k);
    expect(redact(out)).toBe(out);
  }
}

/** Code and prose that looks like a secret and must stay unchanged. */
export function unchanged(list: string[]) {
  for (const text of list) expect(redact(text), text).toBe(text);
}

export const tok = r(b64, 32, 40);
export const hex40 = r(hex, 40, 41);
export const basic = Buffer.from(`user:${r(b64, 12, 42)}!`).toString("base64");
