import { describe, expect, it } from "vitest";
import { dialledAddress, proofAddress, provesToken, serverProof } from "../../../lib/security/server-proof";
import { checkRequestBody, checkRequestLine, MAX_REDIRECTED_TARGET_LENGTH, MAX_TARGET_LENGTH } from "../../../server/gate";

const host = "127.0.0.1:7731";
const check = (method: string, target: string, h: string | undefined = host) => checkRequestLine({ method, target, host: h }, []);

describe("checkRequestLine (server/gate.ts)", () => {
  it("lets ordinary requests through", () => {
    for (const [m, t] of [
      ["GET", "/"],
      ["GET", "/api/memories?x=%ff"],
      ["PUT", "/api/kv/caf%C3%A9/x"],
      ["DELETE", "/api/memories/abc"],
      ["OPTIONS", "/api"],
      ["HEAD", "//x"],
    ]) {
      expect(check(m, t)).toBeNull();
    }
    expect(check("GET", "/", "localhost")).toBeNull();
    expect(check("GET", "/", "[::1]:7731")).toBeNull();
  });

  it("refuses a foreign Host first (403), whatever else is wrong", () => {
    expect(check("GET", "/api/memories/%ff", "evil.example")).toMatchObject({ status: 403, code: "forbidden" });
    expect(check("TRACE", "*", "evil.example")).toMatchObject({ status: 403 });
    expect(checkRequestLine({ method: "GET", target: "/", host: undefined }, [])).toMatchObject({ status: 403 });
    for (const h of ["localhost/x.localhost", "localhost?.localhost", "a.localhost:99999"])
      expect(check("POST", "/api/search", h), h).toMatchObject({ status: 403 });
  });

  it("refuses a request with more than one Host header (400)", () => {
    expect(checkRequestLine({ method: "GET", target: "/", host: host, hostHeaders: 2 }, [])).toMatchObject({ status: 400, code: "bad_request" });
    expect(checkRequestLine({ method: "GET", target: "/", host: host, hostHeaders: 1 }, [])).toBeNull();
  });

  it("refuses request targets that are not a path: absolute-URI, *, authority-form (400)", () => {
    for (const t of ["http://evil.example/", "*", "evil.example:443", "", "api/health"]) {
      expect(check("GET", t)).toMatchObject({ status: 400, code: "bad_request" });
    }
  });

  it("refuses unknown methods with 405 and Allow", () => {
    for (const m of ["TRACE", "CONNECT", "BREW", "PROPFIND", "get"]) {
      const r = check(m, "/");
      expect(r).toMatchObject({ status: 405, code: "method_not_allowed" });
      expect(r?.headers?.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    }
  });

  it("refuses a path whose percent-encoding does not decode (400, naming the segment)", () => {
    for (const t of ["/api/memories/%ff", "/memories/%ff", "/api/kv/%c0%ae", "/api/kv/%", "/a/%zz/b"]) {
      const r = check("GET", t);
      expect(r).toMatchObject({ status: 400, code: "bad_request" });
      expect(r?.message).toMatch(/path segment .*invalid percent-encoding/);
    }
  });

  it("bounds the request target (414): Next.js echoes one it redirects twice in the response head", () => {
    const long = "a".repeat(MAX_TARGET_LENGTH);
    expect(check("GET", `/api/memories?sessionId=${"s".repeat(10_000)}`)).toBeNull();
    expect(check("GET", `/api/${long}`)).toMatchObject({ status: 414, code: "uri_too_long" });
    // The fuzz test's counterexample: a long path with a `%2e` segment Next.js normalises with a 308.
    const path = "a".repeat(MAX_REDIRECTED_TARGET_LENGTH);
    for (const t of [`/api/${path}/%2e`, `/api/${path}/`, `/${path}/%2E%2e/x`, `/api//${path}`, `/api\\${path}`, `/api/x/./${path}`])
      expect(check("GET", t), t.slice(-20)).toMatchObject({ status: 414, code: "uri_too_long" });
    for (const t of [`/api/${path}`, `/api/x/%2e?q=${path}`.slice(0, MAX_REDIRECTED_TARGET_LENGTH), "/api/kv/a/", "/api/kv/%2e", `/api/kv/a.b${path}`])
      expect(check("GET", t), t.slice(-20)).toBeNull();
  });
});

describe("checkRequestBody (issue #37, finding 2: no body buffered before it is bounded)", () => {
  const token = "t0ken-value";
  const check = (target: string, headers: Record<string, string>) => checkRequestBody({ method: "POST", target, headers, token });
  it("pages: at most 64 KB, with a length", () => {
    expect(check("/login", { "content-length": "471859200" })).toMatchObject({ status: 413, code: "payload_too_large" });
    expect(check("/memories", { "transfer-encoding": "chunked" })).toMatchObject({ status: 413 });
    expect(check("/login", { "content-length": "100" })).toBeNull();
    expect(check("/login", {})).toBeNull();
  });
  it("API and MCP bodies need a credential before they are read; the login form is held to 4 KB", () => {
    for (const target of ["/api/memories", "/api/compress?x=1", "/mcp", "/api"])
      expect(check(target, { "content-length": "10" }), target).toMatchObject({ status: 401, code: "unauthorized" });
    expect(check("/api/memories", { "transfer-encoding": "chunked" })).toMatchObject({ status: 401 });
    expect(check("/api/memories", { "content-length": "10", authorization: "Bearer wrong" })).toMatchObject({ status: 401 });
    expect(check("/api/memories", { "content-length": "10", authorization: `Bearer ${token}` })).toBeNull();
    expect(check("/api/memories", { "content-length": "10", "x-recollect-token": token })).toBeNull();
    expect(check("/api/memories", { "content-length": "10", cookie: `a=b; recollect_session=${"s".repeat(43)}` })).toBeNull();
    expect(check("/api/auth/login", { "content-length": "5000" })).toMatchObject({ status: 413 });
    expect(check("/api/auth/login", { "content-length": "300" })).toBeNull();
    expect(check("/api/memories", {})).toBeNull();
  });
  it("an agent hook's key goes on to its own route only (which checks it before reading the body)", () => {
    const key = { "content-length": "10", "x-recollect-hook": "a".repeat(64) };
    expect(check("/api/agents/hook/claude-code?root=%2Fx", key)).toBeNull();
    expect(check("/api/agents/hook/codex?root=%2Fx", key)).toBeNull();
    for (const target of ["/api/memories", "/api/agents/hook", "/api/agents/hook/cursor", "/mcp"])
      expect(check(target, key), target).toMatchObject({ status: 401 });
    expect(check("/api/agents/hook/codex", { ...key, "x-recollect-hook": "not-a-key" })).toMatchObject({ status: 401 });
  });
});

describe("the server proof's address (issue #37, finding 8)", () => {
  it("both sides write the address alike", () => {
    expect(proofAddress("::ffff:127.0.0.1", 7731)).toBe("127.0.0.1:7731");
    expect(proofAddress("::1", 7731)).toBe("[::1]:7731");
    expect(dialledAddress("http://[::1]:7731")).toBe("[::1]:7731");
    expect(dialledAddress("http://localhost:7731")).toBe("127.0.0.1:7731");
    expect(dialledAddress("http://recollect.localhost:7731")).toBe("127.0.0.1:7731");
    expect(dialledAddress("http://127.0.0.1")).toBe("127.0.0.1:80");
    expect(serverProof("t", "c".repeat(32), "127.0.0.1:1")).not.toBe(serverProof("t", "c".repeat(32), "127.0.0.1:2"));
    expect(provesToken("t", "c".repeat(32), serverProof("t", "c".repeat(32), "127.0.0.1:1"), "127.0.0.1:2")).toBe(false);
  });
});

describe("checkRequestBody: the team hub's sync API", () => {
  const headers = { "content-length": "10" };
  it("lets a body with a team token reach the hub route (which checks the token before reading it); none without a bearer", () => {
    const check = (target: string, h: Record<string, string>) => checkRequestBody({ method: "POST", target, headers: h, token: "server-token" });
    expect(check("/api/team/hub/push", { ...headers, authorization: "Bearer rct_x" })).toBeNull();
    expect(check("/api/team/hub/push", headers)).toMatchObject({ status: 401 });
    expect(check("/api/team/users", { ...headers, authorization: "Bearer rct_x" })).toMatchObject({ status: 401 });
  });
});
