import { describe, expect, it } from "vitest";
import { BROWSER_COOKIE, guardRequest, type GuardRequest } from "../../../lib/security/guard";

const token = "t0ken-value";
const liveSession = "live-session-id-0123456789abcdef";
const base: GuardRequest = {
  method: "GET",
  pathname: "/api/memories",
  host: "127.0.0.1:7731",
  origin: null,
  referer: null,
  secFetchSite: null,
  contentType: null,
  authorization: `Bearer ${token}`,
  tokenHeader: null,
  cookie: null,
};
// The browser served on 127.0.0.1 (RECOLLECT_BROWSER_HOST=127.0.0.1), as before it had a name of its
// own; the default (`recollect.localhost`) is covered in tests/lib/security/browser-host.test.ts.
const deps = { token, isBrowserSession: (id: string) => id === liveSession, browserHost: "127.0.0.1" };
const check = (over: Partial<GuardRequest>) => guardRequest({ ...base, ...over }, deps);
/** A request from a signed-in browser: the session cookie, no token. */
const browser = (over: Partial<GuardRequest>) => check({ authorization: null, cookie: `a=b; ${BROWSER_COOKIE}=${liveSession}`, ...over });
const browserWrite = (over: Partial<GuardRequest>) => browser({ method: "POST", contentType: "application/json", ...over });

describe("guardRequest", () => {
  it("accepts loopback hosts only", () => {
    for (const host of ["127.0.0.1:7731", "localhost", "LOCALHOST:80", "[::1]:7731", "127.1.2.3", "app.localhost"]) {
      expect(check({ host }).ok, host).toBe(true);
    }
    for (const host of ["attacker.example", "127.0.0.1.nip.io", "10.0.0.1", "", "localhost.attacker.example"]) {
      expect(check({ host }), host).toMatchObject({ ok: false, status: 403 });
    }
    expect(check({ host: null })).toMatchObject({ ok: false, status: 403 });
    // Only `name[:port]` or `[v6][:port]` is a Host: text that merely ends in ".localhost" is not.
    for (const host of [
      "localhost/x.localhost",
      "a\\b.localhost",
      "localhost?.localhost",
      "localhost#.localhost",
      "u@x.localhost",
      "localhost, x.localhost",
      "a.localhost:99999",
      "localhost:",
      "[::1",
    ]) {
      expect(check({ host }), host).toMatchObject({ ok: false, status: 403 });
    }
    expect(check({ pathname: "/", host: "evil.test", authorization: null })).toMatchObject({ ok: false, status: 403 });
  });

  it("token requests: foreign origins refused, same-machine and origin-less clients allowed (unchanged)", () => {
    expect(check({ method: "POST", origin: "https://evil.example" })).toMatchObject({ ok: false, status: 403 });
    expect(check({ method: "DELETE", origin: "null" })).toMatchObject({ ok: false, status: 403 });
    expect(check({ method: "PATCH", secFetchSite: "cross-site" })).toMatchObject({ ok: false, status: 403 });
    expect(check({ method: "POST", origin: "http://localhost:7731" })).toMatchObject({ ok: true, auth: { kind: "token" } });
    // The plugin, CLI and MCP clients send no Origin and may send any content type.
    expect(check({ method: "POST" })).toMatchObject({ ok: true, auth: { kind: "token" } });
    expect(check({ method: "POST", contentType: "text/plain" }).ok).toBe(true);
    expect(check({ method: "GET", origin: "https://evil.example" }).ok).toBe(true);
  });

  it("needs the token or a live browser session for the API, not for health or the login", () => {
    expect(check({ authorization: null })).toMatchObject({ ok: false, status: 401 });
    expect(check({ authorization: "Bearer wrong" })).toMatchObject({ ok: false, status: 401, message: "invalid API token" });
    expect(check({ authorization: null, tokenHeader: token }).ok).toBe(true);
    // The scheme in any case and any spacing; nothing after it is no token (the other header is not read then).
    expect(check({ authorization: `bEaReR \t ${token}  ` }).ok).toBe(true);
    expect(check({ authorization: "Bearer\u00a0", tokenHeader: token })).toMatchObject({ ok: false, status: 401 });
    expect(check({ authorization: `Basic ${token}` })).toMatchObject({ ok: false, status: 401 });
    expect(check({ authorization: `Bearer${token}` })).toMatchObject({ ok: false, status: 401 });
    expect(check({ authorization: `Bearer ${" ".repeat(200_000)}x` })).toMatchObject({ ok: false, status: 401 });
    expect(browser({})).toMatchObject({ ok: true, auth: { kind: "session", sessionId: liveSession } });
    expect(check({ authorization: null, cookie: `${BROWSER_COOKIE}=revoked-or-made-up-0123456789` })).toMatchObject({ ok: false, status: 401 });
    expect(check({ authorization: null, pathname: "/api/health" }).ok).toBe(true);
    expect(check({ authorization: null, pathname: "/api/auth/login" }).ok).toBe(true);
    // Pages: the guard reports no credential; the proxy sends such a browser to the login page.
    expect(check({ authorization: null, pathname: "/" })).toEqual({ ok: true, auth: { kind: "none" } });
  });

  it("minting login links and signing every browser out take the token, never a browser session", () => {
    for (const pathname of ["/api/auth/tickets", "/api/auth/sessions"]) {
      expect(browserWrite({ pathname, origin: "http://127.0.0.1:7731" }), pathname).toMatchObject({ ok: false, status: 401 });
      expect(check({ pathname, method: "POST" }).ok, pathname).toBe(true);
    }
  });

  it("browser writes must come from the server's own origin: scheme, host and port", () => {
    expect(browserWrite({ origin: "http://127.0.0.1:7731" })).toMatchObject({ ok: true, auth: { kind: "session" } });
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) expect(browserWrite({ method, origin: "http://127.0.0.1:7731" }).ok, method).toBe(true);
    // Another port of the same host is the same site (cookies go there) but another origin.
    expect(browserWrite({ origin: "http://127.0.0.1:8080" })).toMatchObject({ ok: false, status: 403 });
    expect(browserWrite({ origin: "http://127.0.0.1" })).toMatchObject({ ok: false, status: 403 });
    expect(browserWrite({ origin: "http://localhost:7731" })).toMatchObject({ ok: false, status: 403 });
    expect(browserWrite({ origin: "https://127.0.0.1:7731" })).toMatchObject({ ok: false, status: 403 });
    expect(browserWrite({ origin: "null" })).toMatchObject({ ok: false, status: 403 });
    expect(browserWrite({ origin: "not a url" })).toMatchObject({ ok: false, status: 403 });
    // Default ports and case do not matter.
    expect(browserWrite({ host: "127.0.0.1", origin: "HTTP://127.0.0.1:80" }).ok).toBe(true);
    // Reads are not writes.
    expect(browser({ origin: "http://127.0.0.1:8080" }).ok).toBe(true);
  });

  it("a browser session serves this server's own pages only: another port's page cannot use it, even to read", () => {
    for (const secFetchSite of ["same-site", "cross-site"]) {
      expect(browser({ secFetchSite }), secFetchSite).toMatchObject({ ok: false, status: 403 });
      expect(browser({ secFetchSite, pathname: "/api/context/stable" }), secFetchSite).toMatchObject({ ok: false, status: 403 });
      // The token is not a browser's: the plugin and the CLI send no Sec-Fetch-Site, but it would not matter.
      expect(check({ secFetchSite }).ok, secFetchSite).toBe(true);
      // A link from another port to a page still opens it (the page's own requests are same-origin).
      expect(browser({ secFetchSite, pathname: "/memories" }).ok, secFetchSite).toBe(true);
    }
    for (const secFetchSite of ["same-origin", "none", null]) expect(browser({ secFetchSite }).ok, String(secFetchSite)).toBe(true);
  });

  it("falls back on the Referer when there is no Origin, and refuses a write with neither", () => {
    expect(browserWrite({ referer: "http://127.0.0.1:7731/memories?q=x" }).ok).toBe(true);
    expect(browserWrite({ referer: "http://127.0.0.1:8080/attack.html" })).toMatchObject({ ok: false, status: 403 });
    // Origin, when present, decides: a matching Referer does not rescue a foreign Origin.
    expect(browserWrite({ origin: "http://127.0.0.1:8080", referer: "http://127.0.0.1:7731/" })).toMatchObject({ ok: false, status: 403 });
    expect(browserWrite({})).toMatchObject({ ok: false, status: 403, message: expect.stringContaining("neither Origin nor Referer") });
  });

  it("browser writes must be JSON: no form or no-cors fetch can send that", () => {
    const own = { origin: "http://127.0.0.1:7731" };
    for (const contentType of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", null]) {
      expect(browserWrite({ ...own, contentType }), String(contentType)).toMatchObject({ ok: false, status: 415 });
    }
    expect(browserWrite({ ...own, contentType: "Application/JSON; charset=utf-8" }).ok).toBe(true);
    // The login form is the one form: origin-checked, any content type.
    expect(check({ authorization: null, method: "POST", pathname: "/api/auth/login", contentType: "application/x-www-form-urlencoded", ...own }).ok).toBe(true);
    expect(
      check({
        authorization: null,
        method: "POST",
        pathname: "/api/auth/login",
        contentType: "application/x-www-form-urlencoded",
        origin: "http://127.0.0.1:8080",
      }),
    ).toMatchObject({ ok: false, status: 403 });
    expect(check({ authorization: null, method: "POST", pathname: "/api/auth/login", contentType: "application/x-www-form-urlencoded" })).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it("the no-JavaScript forms under /api/forms/: urlencoded from the own origin only", () => {
    const form = { pathname: "/api/forms/memories/mem_1", contentType: "application/x-www-form-urlencoded" };
    expect(browserWrite({ ...form, origin: "http://127.0.0.1:7731" }).ok).toBe(true);
    // Another port, `null` (a page under no-referrer), or no Origin or Referer at all: refused.
    for (const origin of ["http://127.0.0.1:8080", "null"]) expect(browserWrite({ ...form, origin }), origin).toMatchObject({ ok: false, status: 403 });
    expect(browserWrite(form)).toMatchObject({ ok: false, status: 403 });
    // Only urlencoded: a multipart or text body is still refused, and a form elsewhere in the API too.
    for (const contentType of ["text/plain", "multipart/form-data; boundary=x"])
      expect(browserWrite({ ...form, contentType, origin: "http://127.0.0.1:7731" }), contentType).toMatchObject({ ok: false, status: 415 });
    expect(browserWrite({ ...form, pathname: "/api/memories", origin: "http://127.0.0.1:7731" })).toMatchObject({ ok: false, status: 415 });
    // Without a session it is no write at all.
    expect(check({ ...form, authorization: null, method: "POST", origin: "http://127.0.0.1:7731" })).toMatchObject({ ok: false, status: 401 });
  });

  it("a token request is judged by the token even when a browser cookie rides along", () => {
    expect(check({ method: "POST", contentType: "text/plain", cookie: `${BROWSER_COOKIE}=${liveSession}` })).toMatchObject({
      ok: true,
      auth: { kind: "token" },
    });
    // A wrong token with a cookie is a browser request: the browser rules apply.
    expect(browserWrite({ authorization: "Bearer wrong", origin: "http://127.0.0.1:9999" })).toMatchObject({ ok: false, status: 403 });
  });
});

describe("guardRequest: the team hub's sync API (docs/team.md)", () => {
  it("leaves a team token to the hub routes, refuses a foreign Origin there, and keeps every other team route on the API token", () => {
    const team = { authorization: "Bearer rct_team-token", method: "POST", contentType: "application/json" } as const;
    expect(check({ ...team, pathname: "/api/team/hub/push" })).toMatchObject({ ok: true, auth: { kind: "none" } });
    expect(check({ ...team, pathname: "/api/team/hub/push", origin: "https://evil.example" })).toMatchObject({ ok: false, status: 403 });
    for (const pathname of ["/api/team/users", "/api/team", "/api/team/hubx", "/api/team/sync"])
      expect(check({ ...team, pathname }), pathname).toMatchObject({ ok: false, status: 401 });
  });
});
