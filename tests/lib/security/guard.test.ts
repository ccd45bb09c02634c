import { describe, expect, it } from "vitest";
import { BROWSER_COOKIE, guardRequest, type GuardRequest } from "../../../lib/security/guard";
import { browserCredential } from "../../../lib/security/token";

const token = "t0ken-value";
const base: GuardRequest = {
  method: "GET",
  pathname: "/api/memories",
  host: "127.0.0.1:7731",
  origin: null,
  secFetchSite: null,
  authorization: `Bearer ${token}`,
  tokenHeader: null,
  cookie: null,
};
const check = (over: Partial<GuardRequest>) => guardRequest({ ...base, ...over }, token);

describe("guardRequest", () => {
  it("accepts loopback hosts only", () => {
    for (const host of ["127.0.0.1:7731", "localhost", "LOCALHOST:80", "[::1]:7731", "127.1.2.3", "app.localhost"]) {
      expect(check({ host }).ok, host).toBe(true);
    }
    for (const host of ["attacker.example", "127.0.0.1.nip.io", "10.0.0.1", "", "localhost.attacker.example"]) {
      expect(check({ host }), host).toMatchObject({ ok: false, status: 403 });
    }
    expect(check({ host: null })).toMatchObject({ ok: false, status: 403 });
    expect(check({ pathname: "/", host: "evil.test", authorization: null })).toMatchObject({ ok: false, status: 403 });
  });

  it("refuses writes from a foreign origin, allows same-machine and origin-less clients", () => {
    expect(check({ method: "POST", origin: "https://evil.example" })).toMatchObject({ ok: false, status: 403 });
    expect(check({ method: "DELETE", origin: "null" })).toMatchObject({ ok: false, status: 403 });
    expect(check({ method: "PATCH", secFetchSite: "cross-site" })).toMatchObject({ ok: false, status: 403 });
    expect(check({ method: "POST", origin: "http://localhost:7731" }).ok).toBe(true);
    expect(check({ method: "POST" }).ok).toBe(true);
    expect(check({ method: "GET", origin: "https://evil.example" }).ok).toBe(true);
  });

  it("needs the token or the browser cookie for the API, not for health or pages", () => {
    expect(check({ authorization: null })).toMatchObject({ ok: false, status: 401 });
    expect(check({ authorization: "Bearer wrong" })).toMatchObject({ ok: false, status: 401, message: "invalid API token" });
    expect(check({ authorization: null, tokenHeader: token }).ok).toBe(true);
    expect(check({ authorization: null, cookie: `a=b; ${BROWSER_COOKIE}=${browserCredential(token)}` }).ok).toBe(true);
    expect(check({ authorization: null, cookie: `${BROWSER_COOKIE}=${browserCredential("other")}` }).ok).toBe(false);
    expect(check({ authorization: null, pathname: "/api/health" }).ok).toBe(true);
    expect(check({ authorization: null, pathname: "/" })).toEqual({ ok: true, setBrowserCookie: true });
  });
});
