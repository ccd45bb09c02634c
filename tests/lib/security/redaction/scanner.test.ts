import { randomBytes } from "node:crypto";
/** scanner.ts: linear time on adversarial inputs. */
import { describe, expect, it } from "vitest";
import { redact } from "../../../../lib/security/redaction";
import { LINEAR } from "../../../helpers/linear";

/**
 * Adversarial inputs that took 10-60 s on the quadratic patterns at 100 KB. There are no timing
 * assertions: the per-test timeout is the guard (the old code needs 10 s and more on each).
 */
const ADVERSARIAL: Record<string, (n: number) => string> = {
  '"a-" repeated': (n) => "a-".repeat(n / 2),
  '"a." repeated': (n) => "a.".repeat(n / 2),
  '"eyJ-" repeated': (n) => "eyJ-".repeat(n / 4),
  "aws_secret_key and spaces": (n) => `aws_secret_key${" ".repeat(n)}`,
  "random base64url": (n) => randomBytes(n).toString("base64url").slice(0, n),
  '"password:"" repeated': (n) => 'password:"'.repeat(n / 10),
  '"-----BEGIN PRIVATE KEY-----" repeated': (n) => "-----BEGIN PRIVATE KEY-----\n".repeat(n / 28),
  '"://a:" repeated': (n) => "://a:".repeat(n / 5),
  '"mysql -pX " on one line': (n) => "mysql -pX ".repeat(n / 10),
  '"mysql" run together': (n) => "mysql".repeat(n / 5),
  '"mariadb-" run together': (n) => "mariadb-mysql".repeat(n / 13),
  '"ghp_a\\n" repeated': (n) => "ghp_a\n".repeat(n / 6),
  '"curl -u \'" on one line': (n) => "curl -u '".repeat(n / 9),
  '"=" and ":" only': (n) => "=:".repeat(n / 2),
  '"eyJ." repeated': (n) => "eyJ.".repeat(n / 4),
  '"Basic " and base64': (n) => `Basic ${"QUFB".repeat(n / 4)}`,
  // The readers added for the review's misses.
  '"authorization: bearer " repeated': (n) => "authorization: bearer ".repeat(n / 22),
  '"bearer x" in any case': (n) => "bEaReR x ".repeat(n / 9),
  '"s3://a:b/" repeated': (n) => "s3://a:b/".repeat(n / 9),
  '"x://a:b/" and a long path': (n) => `x://a:b/${"a/".repeat(n / 2)}`,
  '"<password>" repeated': (n) => "<password>".repeat(n / 10),
  '"<password>" and a long line': (n) => `<password>${"a".repeat(n)}`,
  '"<password>a</passwore>" repeated': (n) => "<password>a</passwore>".repeat(n / 22),
  '"PASSWORD=" and ",aaa..." pairs': (n) => `PASSWORD=${`,${"a".repeat(63)}`.repeat(n / 64)}`,
  '"password=" and a long dotted path': (n) => `password=${"a.".repeat(n / 2)}`,
  '"password=$a->" repeated': (n) => `password=$${"a->".repeat(n / 3)}`,
  'password:"\\" (an escaped quote) repeated': (n) => 'password:"\\"'.repeat(n / 12),
  "quotes after long backslash runs": (n) => `password: "${`${"\\".repeat(100)}"`.repeat(n / 101)}`,
  "\"['password']=\" repeated": (n) => "['password']=".repeat(n / 13),
  "arrow pairs ('password' => ) repeated": (n) => "'password' => ".repeat(n / 14),
  '":AA" repeated': (n) => ":AA".repeat(n / 3),
  '"1234567890:AA" repeated': (n) => "1234567890:AA".repeat(n / 13),
  '"echo x | docker login --password-stdin " repeated': (n) => "echo x | docker login --password-stdin ".repeat(n / 39),
  'value=" repeated (no tag)': (n) => 'value="'.repeat(n / 7),
  '<a key="password" value="x repeated': (n) => '<a key="password" value="x'.repeat(n / 26),
  '<a key="password" and value=" repeated in one tag': (n) => `<a key="password" ${'value="'.repeat(n / 7)}`,
  '"discord.com/api/webhooks/" repeated': (n) => "discord.com/api/webhooks/".repeat(n / 25),
  '"curl x\\r" repeated (a command word before a bare carriage return)': (n) => "curl x\r".repeat(n / 7),
};

describe("redact: linear on adversarial inputs", () => {
  for (const [name, make] of Object.entries(ADVERSARIAL)) {
    it(`${name}, 100 KB and 1 MB`, LINEAR, () => {
      for (const size of [100_000, 1_000_000]) {
        const text = make(size);
        expect(typeof redact(text)).toBe("string");
      }
    });
  }
});
