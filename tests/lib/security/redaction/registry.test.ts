/** registry.ts: every kind found, the order that names merged spans, ordinary text left alone. */
import { describe, expect, it } from "vitest";
import { REDACTION_KINDS, redact } from "../../../../lib/security/redaction";
import { POSITIVE } from "./positives";
import { b64, r, tag, pemBody } from "./helpers";

describe("redact: every kind", () => {
  for (const [i, c] of POSITIVE.entries()) {
    it(`${c.kind} #${i}`, () => {
      const text = c.text.replace("$S", c.secret);
      const out = redact(text);
      expect(out).toContain(tag(c.kind));
      expect(out).not.toContain(c.secret);
      for (const k of c.keeps ?? []) expect(out).toContain(k);
      // Idempotent: a redacted text is left as it is.
      expect(redact(out)).toBe(out);
    });
  }

  it("lists every kind tested here, and tests every kind it lists", () => {
    expect(new Set(POSITIVE.map((c) => c.kind))).toEqual(new Set(REDACTION_KINDS));
  });

  it("keeps labels and surrounding text exactly", () => {
    const token = `ghp_${r(b64, 36, 3)}`;
    expect(redact(`use ${token} for CI`)).toBe("use [REDACTED:github_token] for CI");
    expect(redact("postgres://app:hunter22@db/x")).toBe("postgres://app:[REDACTED:url_password]@db/x");
    expect(redact("mysql -uroot -phunter22 app")).toBe("mysql -uroot -p[REDACTED:cli_password] app");
  });

  it("names a secret found by two detectors after the more specific one", () => {
    const key = `sk-proj-${r(b64, 40, 5)}`;
    expect(redact(`OPENAI_API_KEY=${key}`)).toBe("OPENAI_API_KEY=[REDACTED:openai_key]");
    expect(redact(`GITHUB_TOKEN: ghp_${r(b64, 36, 3)}`)).toBe("GITHUB_TOKEN: [REDACTED:github_token]");
  });
});

describe("redact: ordinary text is left alone", () => {
  const NEGATIVE = [
    "docker run -p 8080:80 nginx",
    "docker run -p8080:80 nginx",
    "ssh -p 2222 me@host",
    "mysql -u root -p app",
    "mysql -u root -p\nEnter password:",
    "mysql -u root -p$MYSQL_PWD app",
    "mysql --port 3306 -P3306 --prompt='db> '",
    "curl -u admin https://api.example",
    "curl -u $USER:$PASS https://x",
    "Basic usage: run the command. Basic authentication is described in RFC 7617.",
    'Authorization: Basic realm="x"',
    "The password policy requires 12 characters; the token expires daily.",
    "const password = getPassword(); const token = await fetchToken();",
    "interface Login { password: string; token?: string }",
    "db.connect({ password: config.db.password, token: process.env.TOKEN })",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable reference, not a secret.
    'PASSWORD="$DB_PASSWORD" and TOKEN=${TOKEN}',
    "if (auth) return;",
    "PWD=/home/me/project\nOLDPWD=/tmp",
    "see https://example.com/path?q=1#frag and http://localhost:3000/",
    "git@github.com:org/repo.git",
    "ssh://git@github.com/org/repo",
    "https://example.com?redirect=https://other.example/x",
    "sig=short&sv=1",
    "function sk(x) { return x; } // sk-learn",
    "ACCESS granted; SKU 1234; AC power",
    "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQWxs\n-----END CERTIFICATE-----",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----",
    "Bearer tokens are described in RFC 6750.",
    "[REDACTED:github_token] and PASSWORD=[REDACTED:env_secret]",
  ];
  for (const text of NEGATIVE) it(JSON.stringify(text.slice(0, 60)), () => expect(redact(text)).toBe(text));

  it("keeps the prose after a private key cut off without its END line", () => {
    const text = `-----BEGIN EC PRIVATE KEY-----\n${pemBody(2)}\nand then the output stops here`;
    expect(redact(text)).toBe("[REDACTED:private_key]\nand then the output stops here");
  });
});
