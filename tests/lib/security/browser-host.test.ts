import { describe, expect, it } from "vitest";
import { grantReauth, isReauthGrant, type ReauthGrants } from "../../../lib/auth/reauth-grants";
import { browserOriginFor } from "../../../lib/security/browser-host";
import { BROWSER_COOKIE, type GuardRequest, guardRequest, isPowerRequest } from "../../../lib/security/guard";

/** The browser's own origin and the powers a session cookie alone may not use (issue #37, finding 1). */
const token = "t0ken-value";
const live = "live-session-id-0123456789abcdef";
const other = "other-session-id-0123456789abcdef";
const grants: ReauthGrants = new Map();
const deps = {
  token,
  isBrowserSession: (id: string) => id === live || id === other,
  isReauthGrant: (id: string, grant: string) => isReauthGrant(grants, id, grant),
  browserHost: "recollect.localhost",
};
const browser = (over: Partial<GuardRequest>) =>
  guardRequest(
    {
      method: "GET",
      pathname: "/api/memories",
      host: "recollect.localhost:7731",
      origin: null,
      referer: null,
      secFetchSite: "same-origin",
      contentType: null,
      authorization: null,
      tokenHeader: null,
      cookie: `${BROWSER_COOKIE}=${live}`,
      ...over,
    },
    deps,
  );
const write = (pathname: string, over: Partial<GuardRequest> = {}) =>
  browser({ method: "POST", pathname, origin: "http://recollect.localhost:7731", contentType: "application/json", ...over });

describe("the browser's origin", () => {
  it("other loopback names belong to recollect.localhost; the browser host and allowed names stay", () => {
    expect(browserOriginFor("127.0.0.1:7731", "recollect.localhost")).toBe("http://recollect.localhost:7731");
    expect(browserOriginFor("localhost", "recollect.localhost")).toBe("http://recollect.localhost");
    expect(browserOriginFor("[::1]:9", "recollect.localhost")).toBe("http://recollect.localhost:9");
    expect(browserOriginFor("recollect.localhost:7731", "recollect.localhost")).toBeUndefined();
    expect(browserOriginFor("box.lan:7731", "recollect.localhost")).toBeUndefined();
    expect(browserOriginFor("127.0.0.1:7731", "127.0.0.1")).toBeUndefined();
  });

  it("the session cookie counts on the browser's own name only", () => {
    expect(browser({})).toMatchObject({ ok: true, auth: { kind: "session" } });
    for (const host of ["127.0.0.1:7731", "localhost:7731", "other.localhost:7731"]) expect(browser({ host }), host).toMatchObject({ ok: false, status: 401 });
  });
});

describe("powers", () => {
  it("are the writes that reach code or files: loops (not cancel), maintenance, import/notes/bootstrap of paths", () => {
    for (const p of [
      "/api/loops",
      "/api/loops/",
      "/api/loops/x/restart",
      "/api/loops/x/claim",
      "/api/loops/x",
      "/api/maintenance/backup",
      "/api/maintenance/ingest",
      "/api/import/tool",
      "/api/notes/ingest",
      "/api/bootstrap",
      "/API/Loops",
    ])
      expect(isPowerRequest("POST", p) || isPowerRequest("PATCH", p), p).toBe(true);
    for (const p of ["/api/loops/x/cancel", "/api/memories", "/api/import", "/api/kv/a"]) expect(isPowerRequest("POST", p), p).toBe(false);
    expect(isPowerRequest("GET", "/api/loops")).toBe(false);
  });

  it("a cookie alone gets 403 reauth_required; with its own session's live grant it passes; the token always does", () => {
    expect(write("/api/loops")).toMatchObject({ ok: false, status: 403, code: "reauth_required" });
    expect(write("/api/loops/loop_1/cancel")).toMatchObject({ ok: true });
    const mine = grantReauth(grants, live).grant;
    const theirs = grantReauth(grants, other).grant;
    expect(write("/api/loops", { reauth: mine })).toMatchObject({ ok: true });
    expect(write("/api/loops", { reauth: theirs })).toMatchObject({ ok: false, code: "reauth_required" });
    expect(write("/api/loops", { reauth: "x".repeat(43) })).toMatchObject({ ok: false, code: "reauth_required" });
    expect(write("/api/loops", { cookie: null, authorization: `Bearer ${token}` })).toMatchObject({ ok: true, auth: { kind: "token" } });
  });

  it("a grant ends after its ten minutes", () => {
    const t0 = Date.now();
    const { grant, expiresAt } = grantReauth(grants, live, t0);
    expect(isReauthGrant(grants, live, grant, t0 + 1)).toBe(true);
    expect(isReauthGrant(grants, live, grant, expiresAt)).toBe(false);
  });
});
