import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { server } from "./helpers";

/**
 * The browser on its own origin in real Chromium (issue #37, finding 1): with the default browser
 * host, a login link of `recollect open` lands on `http://recollect.localhost:<port>` (Chromium
 * resolves every `*.localhost` to the loopback), the session cookie belongs to that host only, and
 * a page opened on 127.0.0.1 moves there. A page of another local port gets no cookie.
 */
test("the login link, the pages and the cookie live on recollect.localhost", async ({ page }) => {
  const s = await server(undefined, { RECOLLECT_BROWSER_HOST: "" });
  try {
    const own = `http://recollect.localhost:${s.port}`;
    const res = await s.api("/api/auth/tickets", { method: "POST", json: { next: "/memories" } });
    const { url } = (await res.json()) as { url: string };
    expect(url.startsWith(`${own}/login?ticket=`)).toBe(true);
    await page.goto(url);
    await expect(page).toHaveURL(`${own}/memories`);
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => [c.name, c.domain])).toEqual([["recollect_session", "recollect.localhost"]]);
    // No cookie for 127.0.0.1: another local server on any port of it never receives one.
    expect(await page.context().cookies(`http://127.0.0.1:${s.port}`)).toEqual([]);
    // A page opened on 127.0.0.1 moves to the browser's origin, signed in.
    await page.goto(`${s.url}/constraints`);
    await expect(page).toHaveURL(`${own}/constraints`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  } finally {
    await s.stop();
  }
});
