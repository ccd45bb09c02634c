import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login, seedActivity, tempDir } from "./helpers";
import { MemoriesPage } from "./pages/memories-page";

/** What a user who keeps the browser open all day expects: keyboard, ranges, live filters, reading. */
async function seed(a: TestServer) {
  const first = await createMemory(a, {
    content: "Daily use: the first of five notes.",
    category: "fact",
    tags: ["daily"],
    directory: tempDir("recollect-e2e-daily-"),
  });
  const projectId = ((await (await a.api(`/api/memories/${first.id}`)).json()) as { projectId: string }).projectId;
  for (const n of ["second", "third", "fourth", "fifth"])
    await createMemory(a, { content: `Daily use: the ${n} of five notes.`, category: "fact", tags: ["daily"] });
  await createMemory(a, { content: "Daily use: a gotcha that the category filter finds.", category: "gotcha", tags: ["daily"] });
  seedActivity(a.dataDir, projectId);
  return { projectId };
}

const test = appTest("daily-use", seed);

test("j/k move through the list, x selects, e opens the memory for editing", async ({ page, app }) => {
  await login(page, app.server, "/memories?tag=daily&category=fact");
  const list = new MemoriesPage(page, app.server.url);
  await expect(list.rows).toHaveCount(5);
  // The newest first: fifth, fourth, third, ...
  await expect(async () => {
    await page.locator("body").press("j");
    await expect(list.rows.nth(0)).toHaveAttribute("data-current", "true", { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press("j");
  await expect(list.rows.nth(1)).toHaveAttribute("data-current", "true");
  await expect(list.rows.nth(1).getByTestId("memory-link")).toBeFocused();
  await page.keyboard.press("x");
  await expect(list.selectedCount).toHaveText("1 selected");
  await expect(list.rows.nth(1).getByTestId("select-memory")).toBeChecked();
  await page.keyboard.press("k");
  await expect(list.rows.nth(0)).toHaveAttribute("data-current", "true");
  await page.keyboard.press("e");
  await expect(page.getByTestId("memory-detail")).toContainText("the fifth of five notes");
  await expect(page.getByTestId("field-content")).toBeFocused();
});

test("shift-click selects a range", async ({ page, app }) => {
  await login(page, app.server, "/memories?tag=daily&category=fact");
  const list = new MemoriesPage(page, app.server.url);
  await expect(list.rows).toHaveCount(5);
  await list.rows.nth(0).getByTestId("select-memory").click();
  await list.rows
    .nth(3)
    .getByTestId("select-memory")
    .click({ modifiers: ["Shift"] });
  await expect(list.selectedCount).toHaveText("4 selected");
  await expect(list.rows.nth(4).getByTestId("select-memory")).not.toBeChecked();
});

test("the bulk actions appear only once something is selected", async ({ page, app }) => {
  await login(page, app.server, "/memories?tag=daily");
  const list = new MemoriesPage(page, app.server.url);
  await expect(list.bulk("archive")).toBeHidden();
  await list.rows.nth(0).getByTestId("select-memory").click();
  await expect(list.bulk("archive")).toBeVisible();
});

test("a filter applies as it changes, with a clean URL", async ({ page, app }) => {
  const a = app.server;
  await login(page, a, "/memories?tag=daily");
  const list = new MemoriesPage(page, a.url);
  await expect(list.rows).toHaveCount(6);
  await page.getByTestId("filter-category").selectOption("gotcha");
  await expect(page).toHaveURL(`${a.url}/memories?category=gotcha&tag=daily`);
  await expect(list.rows).toHaveCount(1);
});

test("skip links lead past the navigation and the filters to the list", async ({ page, app }) => {
  await login(page, app.server, "/memories?tag=daily");
  // The layout's "Skip to content" is the first stop; the page's "Skip to the list" the next.
  await expect(async () => {
    await page.locator("body").press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to the list" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("memory-list")).toBeFocused();
});

test("a checkpoint's raw history past its end shows the last page, and prose is not monospace", async ({ page, app }) => {
  await login(page, app.server, "/checkpoints/cp_e2e_1?offset=500");
  await expect(page.getByTestId("raw-offset-note")).toBeVisible();
  await expect(page.getByTestId("raw-message").last()).toContainText("Answer number 25");
  const font = await page
    .getByTestId("raw-message")
    .first()
    .locator("p")
    .first()
    .evaluate((el) => getComputedStyle(el).fontFamily);
  expect(font).not.toMatch(/mono/i);
  await expect(page.getByTestId("checkpoint-detail")).toContainText("Fix the login redirect");
});

test("the checkpoint list names each session by its title", async ({ page, app }) => {
  await login(page, app.server, "/checkpoints");
  await expect(page.getByTestId("checkpoint-session").first()).toHaveText("Fix the login redirect");
});

test("long Markdown content has a rendered read view, raw HTML shown as text", async ({ page, app }) => {
  const a = app.server;
  const { id } = await createMemory(a, {
    content: `# Rollback steps\n\n1. Stop the **workers**.\n2. Run \`make rollback\`.\n\n<script>window.pwned = 1</script>\n\n${"Notes on the rollback. ".repeat(20)}`,
    category: "convention",
  });
  await login(page, a, `/memories/${id}`);
  const read = page.getByTestId("memory-read");
  await expect(read.getByRole("heading", { name: "Rollback steps" })).toBeVisible();
  await expect(read.locator("strong")).toHaveText("workers");
  await expect(read).toContainText("<script>window.pwned = 1</script>");
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
});

test("the dashboard's charts give their date range", async ({ page, app }) => {
  await login(page, app.server, "/");
  const period = page.getByTestId("chart-memories").getByTestId("chart-period");
  await expect(period).toHaveText(/^[A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}$/);
});
