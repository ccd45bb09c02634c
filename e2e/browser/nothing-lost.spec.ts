import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login } from "./helpers";
import { MemoriesPage } from "./pages/memories-page";
import { MemoryForm } from "./pages/memory-form";

/** Nothing the user typed or had is lost: unsaved-changes prompts, save conflicts, undo, revert. */
const test = appTest("nothing-lost", async () => ({}));

type Memory = { id: string; content: string; status: string; updatedAt: string };
const get = async (a: TestServer, id: string) => (await (await a.api(`/api/memories/${id}`)).json()) as Memory;
const patch = (a: TestServer, id: string, json: Record<string, unknown>) => a.api(`/api/memories/${id}`, { method: "PATCH", json });

/** Opens a memory, types into its form, and has someone else save the memory meanwhile. */
async function conflictOn(page: import("@playwright/test").Page, a: TestServer, original: string) {
  const { id } = await createMemory(a, { content: original, category: "fact" });
  await login(page, a, `/memories/${id}`);
  const form = new MemoryForm(page);
  expect((await patch(a, id, { content: `${original} Edited by an agent.` })).status).toBe(200);
  await form.field("content").fill(`${original} Edited in the browser.`);
  await form.save.click();
  await expect(page.getByTestId("conflict")).toBeVisible();
  await expect(page.getByTestId("conflict-diff").locator("del", { hasText: "agent" })).toBeVisible();
  await expect(page.getByTestId("conflict-diff").locator("ins", { hasText: "browser" })).toBeVisible();
  return { id, form };
}

test("a 409 on save offers keep mine, which overwrites the other version", async ({ page, app }) => {
  const { id, form } = await conflictOn(page, app.server, "Conflict one: the cache holds 10 entries.");
  await page.getByTestId("conflict-keep-mine").click();
  await expect(form.saved).toBeVisible();
  await expect(page.getByTestId("conflict")).toHaveCount(0);
  expect((await get(app.server, id)).content).toBe("Conflict one: the cache holds 10 entries. Edited in the browser.");
});

test("a 409 on save offers take theirs, which puts the other version in the form", async ({ page, app }) => {
  const { id, form } = await conflictOn(page, app.server, "Conflict two: the queue retries 3 times.");
  await page.getByTestId("conflict-take-theirs").click();
  await expect(form.field("content")).toHaveValue("Conflict two: the queue retries 3 times. Edited by an agent.");
  await expect(page.getByTestId("form-unsaved")).toHaveCount(0);
  expect((await get(app.server, id)).content).toBe("Conflict two: the queue retries 3 times. Edited by an agent.");
});

test("a 409 on save offers merge by hand: the other version stays shown while the user edits", async ({ page, app }) => {
  const { id, form } = await conflictOn(page, app.server, "Conflict three: logs rotate daily.");
  await page.getByTestId("conflict-merge").click();
  await expect(page.getByTestId("conflict-theirs")).toContainText("Edited by an agent.");
  await form.field("content").fill("Conflict three: logs rotate daily. Edited by an agent and in the browser.");
  await form.save.click();
  await expect(form.saved).toBeVisible();
  expect((await get(app.server, id)).content).toBe("Conflict three: logs rotate daily. Edited by an agent and in the browser.");
});

test("leaving a page with unsaved changes asks first, by link and by closing", async ({ page, app }) => {
  const a = app.server;
  const { id } = await createMemory(a, { content: "Unsaved changes: this text is edited but never saved.", category: "fact" });
  await login(page, a, `/memories/${id}`);
  const form = new MemoryForm(page);
  await form.field("content").fill("Half-written thought");
  await expect(page.getByTestId("form-unsaved")).toBeVisible();
  // An in-app link: the user says "stay".
  const asked = page.waitForEvent("dialog");
  const click = page.getByRole("link", { name: "← Memories" }).click();
  const dialog = await asked;
  expect(dialog.type()).toBe("confirm");
  await dialog.dismiss();
  await click;
  await expect(page).toHaveURL(`${a.url}/memories/${id}`);
  await expect(form.field("content")).toHaveValue("Half-written thought");
  // Closing the tab: the browser's own prompt.
  const unload = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const prompt = await unload;
  expect(prompt.type()).toBe("beforeunload");
  await prompt.accept();
});

test("archiving a memory offers Undo, which restores it", async ({ page, app }) => {
  const a = app.server;
  const { id } = await createMemory(a, { content: "Undo single: archived by mistake.", category: "fact" });
  await login(page, a, `/memories/${id}`);
  await page.getByTestId("archive-memory").click();
  await expect(page.getByTestId("memory-status")).toHaveText("archived");
  await page.getByTestId("undo-toast").getByTestId("undo-button").click();
  await expect(page.getByTestId("memory-status")).toHaveText("active");
  expect((await get(a, id)).status).toBe("active");
});

test("a bulk archive offers Undo, which puts each memory back as it was", async ({ page, app }) => {
  const a = app.server;
  const one = await createMemory(a, { content: "Undo bulk: first of the pair, active.", category: "fact", tags: ["undo-bulk"] });
  const two = await createMemory(a, { content: "Undo bulk: second of the pair, suggested.", category: "fact", tags: ["undo-bulk"], status: "suggested" });
  await login(page, a, "/memories?tag=undo-bulk&status=all");
  const list = new MemoriesPage(page, a.url);
  await expect(list.rows).toHaveCount(2);
  await list.select("first of the pair");
  await list.select("second of the pair");
  await list.bulk("archive").click();
  await expect(list.bulkMessage).toContainText("Archived 2 memories");
  await page.getByTestId("undo-button").click();
  await expect.poll(async () => [(await get(a, one.id)).status, (await get(a, two.id)).status]).toEqual(["active", "suggested"]);
});

test("a suggestion approved or dismissed from its page offers Undo, which makes it a suggestion again", async ({ page, app }) => {
  const a = app.server;
  for (const [content, button, after] of [
    ["Undo inbox: approved from the memory page.", "approve-suggestion", "active"],
    ["Undo inbox: dismissed from the memory page.", "dismiss-suggestion", "archived"],
  ] as const) {
    const { id } = await createMemory(a, { content, category: "fact", status: "suggested" });
    await login(page, a, `/memories/${id}`);
    await page.getByTestId(button).click();
    await expect(page.getByTestId("memory-status")).toHaveText(after);
    expect((await get(a, id)).status).toBe(after);
    await page.getByTestId("undo-toast").getByTestId("undo-button").click();
    await expect(page.getByTestId("memory-status")).toHaveText("suggested");
    expect((await get(a, id)).content).toBe(content);
  }
});

test("an earlier version can be made current again from the history", async ({ page, app }) => {
  const a = app.server;
  const { id } = await createMemory(a, { content: "Revert: the first wording.", category: "fact" });
  expect((await patch(a, id, { content: "Revert: a worse wording." })).status).toBe(200);
  await login(page, a, `/memories/${id}`);
  const form = new MemoryForm(page);
  await expect(form.field("content")).toHaveValue("Revert: a worse wording.");
  await page.getByTestId("revert-version").first().click();
  await expect(form.versions).toHaveCount(2);
  expect((await get(a, id)).content).toBe("Revert: the first wording.");
  await page.reload();
  await expect(form.field("content")).toHaveValue("Revert: the first wording.");
});
