/** http-auth.ts: Basic and Bearer/Token schemes. */
import { describe, it } from "vitest";
import { basic, cases, hex40, tok, unchanged } from "../helpers";

describe("redact: HTTP auth schemes", () => {
  it("HTTP auth schemes in any case, after an Authorization header (also as a JSON key); GitHub's `token`", () => {
    cases([
      [`authorization: bearer ${tok}`, tok, ["authorization: bearer "]],
      [`AUTHORIZATION: BEARER ${tok.toUpperCase()}`, tok.toUpperCase(), ["AUTHORIZATION: BEARER "]],
      [`authorization: basic ${basic}`, basic, ["authorization: basic "]],
      [`Proxy-Authorization: BASIC ${basic}`, basic],
      [`{"headers":{"authorization":"bearer ${tok}"}}`, tok, ['{"headers":{"authorization":"bearer ', '"}}']],
      [`headers['Authorization'] = 'bearer ${tok}'`, tok],
      [`Authorization: token ${hex40}`, hex40, ["Authorization: token "]],
      [`curl -H "authorization: token ${hex40}" https://api.github.com`, hex40],
      [`GET /x?authorization=bearer%20${tok}`, tok],
    ]);
    unchanged([
      "The Authorization header uses the bearer scheme; bearer tokens are described in RFC 6750.",
      "a bearer token-based authentication scheme",
      "the basic idea is simple; basic knowledge required",
      "The token refresh happens every hour; a token expires after 24h.",
      "the token permissions/organization/administration page",
      "Authorization: Bearer <token>",
      "authorization: bearer $TOKEN",
      "headers: { Authorization: 'Bearer ' + token }",
    ]);
  });
});
