import { expect, type Page, type Request } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login } from "./helpers";
import { MemoryForm } from "./pages/memory-form";

/**
 * With JavaScript off, a memory can still be created, edited, archived and restored: each form
 * POSTs (never a GET that would put the text in the address and the history) to /api/forms/...,
 * which redirects back to the page with what happened. A form that needs JavaScript says so and
 * changes nothing. One browser context with JavaScript disabled for the whole spec.
 */
const test = appTest("no-javascript", async () => ({}));

type Memory = { id: string; content: string; status: string; source: string; scope: string };
const get = async (a: TestServer, id: string) => (await (await a.api(`/api/memories/${id}`)).json()) as Memory;

/** Every request the page sends, to check what went as a GET. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (r) => seen.push(r));
  return seen;
}

async function withoutJavaScript(browser: import("@playwright/test").Browser, a: TestServer, next: string, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await login(page, a, next);
    await expect(page.getByTestId("noscript-notice")).toBeVisible();
    await run(page);
  } finally {
    await context.close();
  }
}

test("create, edit, archive and restore a memory without JavaScript: POSTs, never the text in the address", async ({ browser, app }) => {
  const a = app.server;
  await withoutJavaScript(browser, a, "/memories/new", async (page) => {
    const requests = recordRequests(page);
    const form = new MemoryForm(page);
    const secretWords = "Nojs created: the release train leaves on Thursdays";
    await form.field("content").fill(secretWords);
    await form.field("category").selectOption("convention");
    await form.save.click();
    await expect(page).toHaveURL(/\/memories\/[^/?]+\?created=1$/);
    await expect(page.getByTestId("created-notice")).toBeVisible();
    const id = new URL(page.url()).pathname.split("/").pop()!;
    expect(await get(a, id)).toMatchObject({ content: secretWords, source: "ui" });

    // Edit: the Save posts; the page comes back saying so, with the new text and a version.
    const edited = "Nojs edited: the release train leaves on Fridays";
    await form.field("content").fill(edited);
    await form.save.click();
    await expect(page).toHaveURL(new RegExp(`/memories/${id}\\?saved=1$`));
    await expect(page.getByTestId("form-notice")).toHaveText("Saved.");
    await expect(form.field("content")).toHaveValue(edited);
    await expect(form.versions).toHaveCount(1);
    expect((await get(a, id)).content).toBe(edited);

    // Archive, then restore.
    await page.getByTestId("archive-memory").click();
    await expect(page.getByTestId("form-notice")).toHaveText("Memory archived.");
    await expect(page.getByTestId("memory-status")).toHaveText("archived");
    expect((await get(a, id)).status).toBe("archived");
    await page.getByTestId("restore-memory").click();
    await expect(page.getByTestId("form-notice")).toHaveText("Memory restored.");
    expect((await get(a, id)).status).toBe("active");

    // Every write was a POST to /api/forms/; no GET carried a word of the text.
    const forms = requests.filter((r) => new URL(r.url()).pathname.startsWith("/api/forms/"));
    expect(forms.map((r) => r.method())).toEqual(["POST", "POST", "POST", "POST"]);
    for (const r of requests.filter((x) => x.method() === "GET")) {
      expect(decodeURIComponent(r.url())).not.toContain("release train");
    }
  });
});

test("a save over a newer version is refused without JavaScript, saying why; nothing is overwritten", async ({ browser, app }) => {
  const a = app.server;
  const { id } = await createMemory(a, { content: "Nojs conflict: the cache holds 10 entries.", category: "fact" });
  await withoutJavaScript(browser, a, `/memories/${id}`, async (page) => {
    const form = new MemoryForm(page);
    await a.api(`/api/memories/${id}`, { method: "PATCH", json: { content: "Nojs conflict: the cache holds 20 entries." } });
    await form.field("content").fill("Nojs conflict: the cache holds 30 entries.");
    await form.save.click();
    await expect(page.getByTestId("form-notice-error")).toContainText("Not saved");
    expect((await get(a, id)).content).toBe("Nojs conflict: the cache holds 20 entries.");
  });
});

test("a form that needs JavaScript says so, posts nothing anywhere else and changes nothing", async ({ browser, app }) => {
  const a = app.server;
  const { id } = await createMemory(a, { content: "Nojs links: this memory gets no link without JavaScript.", category: "fact" });
  await withoutJavaScript(browser, a, `/memories/${id}`, async (page) => {
    const requests = recordRequests(page);
    await page.getByTestId("link-to").fill("some words to link");
    await page.getByTestId("link-to").press("Enter");
    await expect(page).toHaveURL(new RegExp(`/memories/${id}#needs-javascript$`));
    await expect(page.locator("#needs-javascript")).toBeVisible();
    await expect(page.locator("#needs-javascript")).toContainText("needs JavaScript");
    expect(requests.some((r) => r.method() === "GET" && decodeURIComponent(r.url()).includes("some words"))).toBe(false);
    expect(((await (await a.api(`/api/memories/${id}/links`)).json()) as { items: unknown[] }).items).toEqual([]);
  });
});

test("signing out works without JavaScript", async ({ browser, app }) => {
  const a = app.server;
  await withoutJavaScript(browser, a, "/memories", async (page) => {
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(`${a.url}/login`);
    // The session is over: a page sends the browser to the login again.
    await page.goto(`${a.url}/memories`);
    await expect(page).toHaveURL(/\/login\?next=/);
  });
});
