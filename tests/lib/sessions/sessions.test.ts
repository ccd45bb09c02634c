import { afterAll, describe, expect, it } from "vitest";
import type { AppError } from "../../../lib/errors";
import {
  claimItem,
  endSession,
  getSession,
  heartbeat,
  inferKind,
  listClaims,
  listSessions,
  registerSession,
  releaseClaim,
  sweepOnce,
} from "../../../lib/sessions";
import { testCtx } from "../../helpers/ctx";
import { tempDir } from "../../helpers/server";

import {
  claimInput,
  endSessionInput,
  heartbeatInput,
  listClaimsQuery,
  listSessionsQuery,
  registerSessionInput,
  releaseClaimQuery,
} from "../../../lib/contracts/sessions";
const T0 = Date.parse("2026-01-01T10:00:00Z");
const MIN = 60_000;

function caught(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    return e as AppError;
  }
  throw new Error("expected an error");
}

describe("sessions", () => {
  const ctx = testCtx(); // staleAfterSeconds = 900 by default
  const directory = tempDir("recollect-proj-");
  const other = tempDir("recollect-proj-");
  afterAll(() => ctx.close());

  it("register, heartbeat, list active per project, end with a summary", () => {
    const a = registerSession(ctx, registerSessionInput.parse({ directory, sessionID: "a", title: "KV store", agent: "build" }), T0);
    expect(a).toMatchObject({ id: "a", status: "active", title: "KV store", agent: "build", summary: null, claims: [] });
    registerSession(ctx, registerSessionInput.parse({ directory, sessionID: "b" }), T0 + MIN);
    registerSession(ctx, registerSessionInput.parse({ directory: other, sessionID: "c" }), T0 + MIN);

    const hb = heartbeat(ctx, "a", heartbeatInput.parse({ workingOn: "routes for #12" }), T0 + 2 * MIN);
    expect(hb.workingOn).toBe("routes for #12");
    expect(hb.lastHeartbeatAt).toBe(new Date(T0 + 2 * MIN).toISOString());
    expect(listSessions(ctx, listSessionsQuery.parse({ directory }), T0 + 3 * MIN).items.map((s) => s.id)).toEqual(["a", "b"]);
    expect(
      listSessions(ctx, listSessionsQuery.parse({}), T0 + 3 * MIN)
        .items.map((s) => s.id)
        .sort(),
    ).toEqual(["a", "b", "c"]);

    const ended = endSession(ctx, "b", endSessionInput.parse({ summary: "Wrote the store; token=ghp_abcdefghijklmnopqrstuvwxyz0123456789AB" }), T0 + 4 * MIN);
    expect(ended.status).toBe("ended");
    expect(ended.summary).toContain("[REDACTED:");
    expect(listSessions(ctx, listSessionsQuery.parse({ directory }), T0 + 5 * MIN).items.map((s) => s.id)).toEqual(["a"]);
    expect(listSessions(ctx, listSessionsQuery.parse({ directory, all: "true" }), T0 + 5 * MIN).items.map((s) => s.id)).toEqual(["a", "b"]);
  });

  it("heartbeat of an unknown session: 404 without a directory, registers with one", () => {
    expect(caught(() => heartbeat(ctx, "ghost", heartbeatInput.parse({}))).code).toBe("not_found");
    expect(heartbeat(ctx, "ghost", heartbeatInput.parse({ directory }), T0 + 5 * MIN).status).toBe("active");
    expect(caught(() => endSession(ctx, "nobody", endSessionInput.parse({}))).code).toBe("not_found");
  });

  it("stale sessions expire (listing and sweep) and a heartbeat revives them", () => {
    const late = T0 + 30 * MIN; // "a" beat at T0+2min, "ghost" at T0+5min: both stale after 15 min
    expect(listSessions(ctx, listSessionsQuery.parse({ directory }), late).items).toEqual([]);
    expect(getSession(ctx, "a").status).toBe("ended");
    expect(heartbeat(ctx, "a", heartbeatInput.parse({}), late).status).toBe("active");
    expect(listSessions(ctx, listSessionsQuery.parse({ directory }), late).items.map((s) => s.id)).toEqual(["a"]);
  });
});

describe("claims", () => {
  const ctx = testCtx();
  const directory = tempDir("recollect-proj-");
  afterAll(() => ctx.close());

  it("one holder per item; a conflicting claim is a 409 naming the holder", () => {
    registerSession(ctx, registerSessionInput.parse({ directory, sessionID: "s1", title: "Fix login" }), T0);
    registerSession(ctx, registerSessionInput.parse({ directory, sessionID: "s2" }), T0);
    const c = claimItem(ctx, claimInput.parse({ directory, sessionID: "s1", item: "#42", note: "taking it" }), T0);
    expect(c).toMatchObject({ item: "#42", kind: "issue", sessionId: "s1", note: "taking it" });

    const err = caught(() => claimItem(ctx, claimInput.parse({ directory, sessionID: "s2", item: "#42" }), T0 + MIN));
    expect(err.code).toBe("conflict");
    expect(err.message).toContain('"#42" is already claimed by session s1 ("Fix login")');
    expect(err.details).toMatchObject({ item: "#42", holder: { sessionId: "s1", title: "Fix login" } });

    // The holder may claim again (refreshes), others may claim other items.
    expect(claimItem(ctx, claimInput.parse({ directory, sessionID: "s1", item: "#42" }), T0 + MIN).sessionId).toBe("s1");
    expect(claimItem(ctx, claimInput.parse({ directory, sessionID: "s2", item: "lib/kv/store.ts" }), T0 + MIN).kind).toBe("file");
    expect(listClaims(ctx, listClaimsQuery.parse({ directory }), T0 + MIN).items.map((x) => x.item)).toEqual(["#42", "lib/kv/store.ts"]);
    expect(getSession(ctx, "s1", T0 + MIN).claims.map((x) => x.item)).toEqual(["#42"]);

    // Only the holder releases.
    expect(caught(() => releaseClaim(ctx, releaseClaimQuery.parse({ directory, sessionID: "s2", item: "#42" }), T0 + MIN)).code).toBe("conflict");
    expect(releaseClaim(ctx, releaseClaimQuery.parse({ directory, sessionID: "s1", item: "#42" }), T0 + MIN)).toEqual({ released: true });
    expect(releaseClaim(ctx, releaseClaimQuery.parse({ directory, sessionID: "s1", item: "#42" }), T0 + MIN)).toEqual({ released: false });
    expect(claimItem(ctx, claimInput.parse({ directory, sessionID: "s2", item: "#42" }), T0 + 2 * MIN).sessionId).toBe("s2");
  });

  it("a claim lapses when it expires, when its session ends or goes stale", () => {
    registerSession(ctx, registerSessionInput.parse({ directory, sessionID: "s3" }), T0 + 2 * MIN);
    claimItem(ctx, claimInput.parse({ directory, sessionID: "s3", item: "deploy", ttlSeconds: 60 }), T0 + 2 * MIN);
    expect(caught(() => claimItem(ctx, claimInput.parse({ directory, sessionID: "s1", item: "deploy" }), T0 + 2 * MIN)).code).toBe("conflict");
    expect(claimItem(ctx, claimInput.parse({ directory, sessionID: "s1", item: "deploy" }), T0 + 4 * MIN).sessionId).toBe("s1"); // expired

    endSession(ctx, "s2", endSessionInput.parse({}), T0 + 5 * MIN);
    expect(claimItem(ctx, claimInput.parse({ directory, sessionID: "s1", item: "lib/kv/store.ts" }), T0 + 5 * MIN).sessionId).toBe("s1");

    // s1 stops beating; 15 minutes later s3 may take its items.
    heartbeat(ctx, "s3", heartbeatInput.parse({}), T0 + 25 * MIN);
    expect(claimItem(ctx, claimInput.parse({ directory, sessionID: "s3", item: "#42" }), T0 + 25 * MIN).sessionId).toBe("s3");
    expect(listClaims(ctx, listClaimsQuery.parse({ directory }), T0 + 25 * MIN).items.map((x) => [x.item, x.sessionId])).toEqual([["#42", "s3"]]);
  });

  it("the sweep ends stale sessions and deletes their claims", () => {
    const before = (ctx.sqlite.prepare("SELECT count(*) AS n FROM claims").get() as { n: number }).n;
    expect(before).toBeGreaterThan(1);
    const swept = sweepOnce(ctx, T0 + 60 * MIN);
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect((ctx.sqlite.prepare("SELECT count(*) AS n FROM claims").get() as { n: number }).n).toBe(0);
    expect(listSessions(ctx, listSessionsQuery.parse({ directory }), T0 + 60 * MIN).items).toEqual([]);
  });

  it("needs a project, and infers kinds", () => {
    expect(() => claimItem(ctx, claimInput.parse({ sessionID: "s1", item: "x" }))).toThrow(/project/);
    expect([inferKind("#12"), inferKind("org/repo#3"), inferKind("!4"), inferKind("src/a.ts"), inferKind("README.md"), inferKind("write docs")]).toEqual([
      "issue",
      "issue",
      "issue",
      "file",
      "file",
      "task",
    ]);
  });
});
