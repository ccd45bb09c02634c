/** url-password.ts: a URL's userinfo password. */
import { describe, expect, it } from "vitest";
import { redact } from "../../../../../lib/security/redaction";
import { AZ09, b64, cases, r, unchanged } from "../helpers";

describe("redact: URL passwords", () => {
  it("a URL's userinfo password may hold a `/` when an `@host` follows", () => {
    const aws = `AKIA${r(AZ09, 16, 47)}`;
    const secret = `${r(b64, 13, 48)}/${r(b64, 7, 48)}/${r(b64, 18, 48)}`;
    expect(redact(`s3://${aws}:${secret}@bucket/key`)).toBe("s3://[REDACTED:aws_access_key]:[REDACTED:url_password]@bucket/key");
    cases([["ftp://admin:Sl/ash3d@ftp.example.com/pub", "ash3d", ["ftp://admin:", "@ftp.example.com/pub"]]]);
    unchanged([
      "http://localhost:3000/users/@me",
      "https://example.com:8443/path/@scope/pkg",
      "https://registry.npmjs.org:443/@types/node",
      "git+ssh://git@github.com:org/repo.git@v1.2",
      "docker://registry:5000/img@sha256:abcdef",
      "https://a.example:80/x?email=a@b.example",
    ]);
  });
});
