import { afterEach, describe, expect, it } from "vitest";
import { BROWSER_SESSION_TTL_MS, endAllBrowserSessions, endBrowserSession, isBrowserSession, startBrowserSession } from "../../../lib/auth/browser-sessions";
import { createLoginTicket, LOGIN_TICKET_TTL_MS, redeemLoginTicket } from "../../../lib/auth/login-tickets";
import { safeNextPath } from "../../../lib/auth/redirect";
import { testCtx } from "../../helpers/ctx";

/** Login tickets and browser sessions on a real database, with the clock passed in. */
let ctx: ReturnType<typeof testCtx> | undefined;
afterEach(() => ctx?.close());

describe("login tickets", () => {
  it("work once, and only before they expire", () => {
    ctx = testCtx();
    const t0 = 1_800_000_000_000;
    const a = createLoginTicket(ctx, t0);
    expect(a.expiresAt).toBe(t0 + LOGIN_TICKET_TTL_MS);
    expect(LOGIN_TICKET_TTL_MS).toBe(120_000);
    expect(redeemLoginTicket(ctx, a.ticket, t0 + LOGIN_TICKET_TTL_MS - 1)).toBe(true);
    expect(redeemLoginTicket(ctx, a.ticket, t0 + 1)).toBe(false);

    const b = createLoginTicket(ctx, t0);
    expect(redeemLoginTicket(ctx, b.ticket, t0 + LOGIN_TICKET_TTL_MS)).toBe(false);
    expect(redeemLoginTicket(ctx, "made-up-ticket-value-0123456789abcdefghijk", t0)).toBe(false);
    expect(redeemLoginTicket(ctx, "", t0)).toBe(false);
  });

  it("are stored as hashes only", () => {
    ctx = testCtx();
    const { ticket } = createLoginTicket(ctx);
    const rows = ctx.sqlite.prepare("SELECT * FROM login_tickets").all();
    expect(JSON.stringify(rows)).not.toContain(ticket);
    expect(rows).toHaveLength(1);
  });
});

describe("browser sessions", () => {
  it("are random, stored hashed, expire after 30 days, and can be ended one by one or all at once", () => {
    ctx = testCtx();
    const t0 = 1_800_000_000_000;
    const a = startBrowserSession(ctx, t0);
    const b = startBrowserSession(ctx, t0);
    const c = startBrowserSession(ctx, t0);
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect(JSON.stringify(ctx.sqlite.prepare("SELECT * FROM browser_sessions").all())).not.toContain(a.id);
    expect(isBrowserSession(ctx, a.id, t0 + BROWSER_SESSION_TTL_MS - 1)).toBe(true);
    expect(isBrowserSession(ctx, a.id, t0 + BROWSER_SESSION_TTL_MS)).toBe(false);
    expect(isBrowserSession(ctx, "made-up-session-value-0123456789abcdefghij", t0)).toBe(false);

    expect(endBrowserSession(ctx, a.id)).toBe(true);
    expect(isBrowserSession(ctx, a.id, t0)).toBe(false);
    expect(isBrowserSession(ctx, b.id, t0)).toBe(true);
    expect(endAllBrowserSessions(ctx)).toBe(2);
    expect(isBrowserSession(ctx, b.id, t0)).toBe(false);
    expect(isBrowserSession(ctx, c.id, t0)).toBe(false);
  });
});

describe("safeNextPath", () => {
  it("keeps paths on this server and turns anything else into /", () => {
    expect(safeNextPath("/memories?q=a%20b#x")).toBe("/memories?q=a%20b#x");
    for (const bad of [
      null,
      undefined,
      "",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil",
      "/\tevil",
      "/login?ticket=x",
      "/x\\y",
    ]) {
      expect(safeNextPath(bad), String(bad)).toBe("/");
    }
  });

  it("percent-encodes what a Location header cannot carry, and only that", () => {
    expect(safeNextPath("/memories?q=café")).toBe("/memories?q=caf%C3%A9");
    expect(safeNextPath("/memories?q=a b")).toBe("/memories?q=a%20b");
    expect(safeNextPath("/\u0100/😀")).toBe("/%C4%80/%F0%9F%98%80");
    expect(safeNextPath("/x%41")).toBe("/x%41");
    expect(safeNextPath("/x\ud800")).toBe("/");
  });
});
