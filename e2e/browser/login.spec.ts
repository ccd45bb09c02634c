import { expect } from "@playwright/test";
import { appTest } from "./fixtures";
import { createMemory, login, shot } from "./helpers";
import { LoginPage } from "./pages/login-page";

/**
 * Signing in and out in real Chromium: the login page, the token pasted by hand, one-time links,
 * Sign out. Each test has its own browser context; the server's data is only read, so they share it.
 */
const TEXT = "Deploys go out on Tuesdays only.";
const test = appTest("login", async (s) => createMemory(s, { content: TEXT, category: "convention" }));

test("without a session every page shows the login page and no data; the pasted token signs in", async ({ page, app }, info) => {
  const a = app.server;
  const loginPage = new LoginPage(page);
  await page.goto(a.url + "/memories?q=deploys");
  await expect(page).toHaveURL(`${a.url}/login?next=${encodeURIComponent("/memories?q=deploys")}`);
  await expect(loginPage.root).toBeVisible();
  await expect(page.locator("body")).not.toContainText("Tuesdays");
  // The page is styled: the static CSS loaded without a session.
  await expect(loginPage.submit).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  expect(await page.context().cookies()).toEqual([]);
  await shot(page, info, "login");

  await loginPage.signInWith("not the token");
  await expect(loginPage.error).toContainText("not this server's API token");
  expect(await page.context().cookies()).toEqual([]);

  await loginPage.signInWith(a.token);
  await expect(page).toHaveURL(`${a.url}/memories?q=deploys`);
  await expect(page.getByTestId("memory-item")).toContainText("Tuesdays");
  const [cookie] = await page.context().cookies();
  expect(cookie).toMatchObject({ name: "recollect_session", httpOnly: true, sameSite: "Strict", path: "/" });
  expect(cookie.value).not.toContain(a.token);
});

test("a one-time link works once; Sign out ends the session", async ({ page, browser, app }) => {
  const a = app.server;
  const cspViolations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  const res = await a.api("/api/auth/tickets", { method: "POST", json: { next: "/constraints" } });
  const { url } = (await res.json()) as { url: string };
  await page.goto(url);
  await expect(page).toHaveURL(`${a.url}/constraints`);

  // The same link in another browser context: already used.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(url);
  await expect(new LoginPage(otherPage).error).toContainText("expired or was already used");
  await expect(otherPage).toHaveURL(/\/login\?error=link&next=%2Fconstraints$/);
  await other.close();

  // Scripts run under the nonce CSP: the page is interactive (client navigation works).
  await page.getByTestId("nav-memories").click();
  await expect(page).toHaveURL(`${a.url}/memories`);
  await expect(page.getByTestId("memory-item")).toContainText("Tuesdays");

  await page.goto(a.url + "/");
  await expect(page.getByTestId("chart-memories")).toBeVisible();
  expect(cspViolations).toEqual([]);

  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(`${a.url}/login`);
  await page.goto(a.url + "/memories");
  await expect(new LoginPage(page).root).toBeVisible();
  await expect(page.locator("body")).not.toContainText("Tuesdays");
});

test("the helper signs in like `recollect open` does", async ({ page, app }) => {
  await login(page, app.server, "/kv");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
