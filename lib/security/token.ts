import crypto from "node:crypto";
import fs from "node:fs";
import { tokenFile } from "../paths";

/** Reads the API token, creating it (random, file mode 0600) on first start. Safe against races. */
export function ensureToken(dir: string): string {
  const file = tokenFile(dir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url") + "\n", { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readToken(dir)!;
}

export function readToken(dir: string): string | undefined {
  try {
    const token = fs.readFileSync(tokenFile(dir), "utf8").trim();
    return token || undefined;
  } catch {
    return undefined;
  }
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
