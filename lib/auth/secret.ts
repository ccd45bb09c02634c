import crypto from "node:crypto";

/** A fresh random secret for a cookie or a login link: 256 bits, URL-safe. */
export const newSecret = (): string => crypto.randomBytes(32).toString("base64url");

/** What the database keeps of a secret: its SHA-256, so a copy of the file opens no browser. */
export const secretHash = (secret: string): string => crypto.createHash("sha256").update(secret).digest("hex");

/** Secrets are 43 characters; anything far off that is not one of ours (and is not hashed). */
export const plausibleSecret = (value: string): boolean => value.length >= 20 && value.length <= 100;
