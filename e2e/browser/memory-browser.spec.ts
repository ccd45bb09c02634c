import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, fs, login, seedActivity, server, shot, snapshot, tempDir, wholeStore } from "./helpers";
import { ConstraintsPage } from "./pages/constraints-page";
import { ExportPage } from "./pages/export-page";
import { MemoriesPage } from "./pages/memories-page";
import { MemoryForm } from "./pages/memory-form";

/**
 * The memory browser against a really started server on a temp data dir:
 * create -> search -> edit a constraint -> see it in the injected-block preview -> export Markdown
 * (download) -> import into a fresh data dir -> the same memories; bulk archive and restore;
 * checkpoint view; a screenshot of every page.
 *
 * Tests are independent: they share the spec's seeded server (`app`) and each writes only data no
 * other test reads (its own new memories, or seed rows no other test looks at); the dashboard,
 * which counts everything, gets a seeded server of its own (`ownApp`). Each test signs its fresh
 * browser context in first.
 */
async function seed(a: TestServer) {
  const projectDir = tempDir("recollect-e2e-project-");
  const first = await createMemory(a, {
    content: "Never push directly to main; open a merge request.",
    category: "constraint",
    pinned: true,
    priority: 5,
    directory: projectDir,
    tags: ["git"],
  });
  const projectId = ((await (await a.api(`/api/memories/${first.id}`)).json()) as { projectId: string }).projectId;
  await createMemory(a, { content: "Reply in English even when the code comments are in French.", category: "directive", pinned: true, priority: 1 });
  await createMemory(a, { content: "Prefer small pure functions over classes.", category: "preference", pinned: true });
  await createMemory(a, { content: "The staging database is reset every night at 02:00 UTC.", category: "fact", tags: ["staging"] });
  await createMemory(a, {
    content: "Vitest runs each HTTP test file against a really started server.",
    category: "convention",
    project: projectId,
    scope: "project",
  });
  seedActivity(a.dataDir, projectId);
  return { projectId };
}

const test = appTest("memory-browser", seed);

test("dashboard shows counts, charts and health", async ({ page, ownApp }, info) => {
  const a = ownApp.server;
  await login(page, a);
  await page.goto(a.url + "/");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await expect(page.getByTestId("stat-total")).toContainText("5");
  await expect(page.getByTestId("count-category")).toContainText("constraint");
  await expect(page.getByTestId("search-mode")).toContainText("lexical");
  await expect(page.getByTestId("chart-memories")).toBeVisible();
  await expect(page.getByTestId("chart-compression-day")).toBeVisible();
  await expect(page.getByTestId("stat-saved")).toContainText("5,000");
  await shot(page, info, "dashboard");
});

test("create -> search (highlighted) -> edit with version diff", async ({ page, app }, info) => {
  const a = app.server;
  await login(page, a);
  const form = new MemoryForm(page);
  await page.goto(a.url + "/memories/new");
  await shot(page, info, "new-memory");
  // Validation messages before any request.
  await form.save.click();
  await expect(form.error("content")).toHaveText("Content must not be empty.");
  await expect(form.field("content")).toHaveAttribute("aria-invalid", "true");
  await form.field("priority").fill("500");
  await form.field("content").fill("Install dependencies with pnpm; npm breaks the workspace links.");
  await form.save.click();
  await expect(form.error("priority")).toContainText("-100 to 100");
  await form.field("priority").fill("2");
  await form.field("title").fill("Use pnpm");
  await form.field("category").selectOption("convention");
  await form.field("tags").fill("tooling, Workspace");
  await page.keyboard.press("Control+Enter");
  await expect(form.created).toBeVisible();
  await expect(form.detail).toContainText("Use pnpm");
  const url = page.url();

  // Search from the keyboard: "/" focuses the box.
  const memories = new MemoriesPage(page, a.url);
  await memories.goto();
  await memories.searchFromKeyboard("pnpm workspace");
  await expect(page).toHaveURL(/q=pnpm/);
  const hit = memories.rows.first();
  await expect(hit).toContainText("Use pnpm");
  await expect(hit.getByTestId("hit").first()).toHaveText(/pnpm/i);
  await expect(memories.summary).toContainText("lexical");
  await shot(page, info, "memories-search");

  // Edit: the previous text is kept and diffed.
  await page.goto(url);
  await form.field("content").fill("Install dependencies with pnpm 9; npm breaks the workspace links.");
  await form.save.click();
  await expect(form.saved).toBeVisible();
  await expect(form.versions).toHaveCount(1);
  await expect(form.versionDiff.locator("ins")).toContainText("9");
  // Link it to another memory.
  const other = await createMemory(a, { content: "The workspace uses pnpm-workspace.yaml for packages.", category: "fact" });
  await form.linkTo(other.id);
  await expect(form.links).toContainText("pnpm-workspace.yaml");
  await shot(page, info, "memory-detail");
});

test("edit a constraint inline and see it in the injected block preview", async ({ page, app }, info) => {
  const a = app.server;
  await login(page, a);
  const constraints = new ConstraintsPage(page, a.url);
  await constraints.goto(app.data.projectId);
  const preview = constraints.preview;
  await expect(preview).toContainText("Never push directly to main");
  await expect(preview).toContainText("Reply in English");
  const tokensBefore = await constraints.previewTokens();
  expect(tokensBefore).toBeGreaterThan(10);

  await constraints.edit("Never push directly", "Never push directly to main or release branches; open a merge request and wait for CI.");
  await expect(preview).toContainText("Never push directly to main or release branches");
  const tokensAfter = await constraints.previewTokens();
  expect(tokensAfter).toBeGreaterThan(tokensBefore);

  // Disable the directive: it leaves the block.
  await constraints.enabled("Reply in English").uncheck();
  await expect(preview).not.toContainText("Reply in English");
  await constraints.enabled("Reply in English").check();
  await expect(preview).toContainText("Reply in English");

  // Add a second constraint for the project and move it above the first.
  await constraints.quickAdd("Run the linter before every commit.");
  await expect(preview).toContainText("Run the linter");
  const text = () => constraints.previewText();
  expect((await text()).indexOf("Never push")).toBeLessThan((await text()).indexOf("Run the linter"));
  await constraints.moveUp("Run the linter");
  await expect.poll(async () => (await text()).indexOf("Run the linter") < (await text()).indexOf("Never push")).toBe(true);
  await shot(page, info, "constraints");
});

test("bulk archive and restore", async ({ page, app }, info) => {
  const a = app.server;
  await login(page, a);
  const memories = new MemoriesPage(page, a.url);
  await memories.goto();
  const rows = memories.rows;
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(5);
  await memories.select("staging database");
  await memories.select("Vitest runs");
  await expect(memories.selectedCount).toHaveText("2 selected");
  await memories.bulk("archive").click();
  await expect(memories.bulkMessage).toContainText("Archived 2 memories");
  await expect(rows).toHaveCount(before - 2);

  await memories.showStatus("archived");
  await expect(page).toHaveURL(/status=archived/);
  await expect(rows).toHaveCount(2);
  await shot(page, info, "memories-archived");
  await page.getByTestId("select-all").check();
  await memories.bulk("restore").click();
  await expect(memories.bulkMessage).toContainText("Restored 2 memories");
  await expect(memories.emptyState).toBeVisible();

  // Delete asks first; Cancel keeps everything.
  await memories.goto();
  await expect(rows).toHaveCount(before);
  await rows.first().getByTestId("select-memory").check();
  await memories.bulk("delete").click();
  await expect(memories.confirmDialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(memories.confirmDialog).toBeHidden();
  await expect(rows).toHaveCount(before);
  await shot(page, info, "memories");
});

test("checkpoint view: Markdown, extracted items, raw history paged", async ({ page, app }, info) => {
  const a = app.server;
  await login(page, a);
  await page.goto(a.url + "/checkpoints");
  await expect(page.getByTestId("checkpoint-item")).toHaveCount(1);
  await shot(page, info, "checkpoints");
  await page.getByTestId("checkpoint-item").getByRole("link").click();
  await expect(page.getByTestId("checkpoint-markdown").locator("strong")).toHaveText("redirect");
  // Raw HTML in stored Markdown is shown as text, never run.
  await expect(page.getByTestId("checkpoint-markdown")).toContainText("<script>alert(1)</script>");
  await expect(page.getByTestId("x-decisions")).toContainText("SameSite=Lax");
  await expect(page.getByTestId("x-files")).toContainText("src/auth/redirect.ts");
  await expect(page.getByTestId("raw-message")).toHaveCount(20);
  await page.getByTestId("raw-next").click();
  await expect(page.getByTestId("raw-message")).toHaveCount(6);
  await expect(page.getByTestId("raw-message").last()).toContainText("Answer number 25");
  await shot(page, info, "checkpoint-detail");
});

test("sessions, KV and settings pages", async ({ page, app }, info) => {
  const a = app.server;
  await login(page, a);
  await page.goto(a.url + "/sessions");
  await expect(page.getByTestId("session-item")).toContainText("Fix the login redirect");
  await expect(page.getByTestId("claim-item")).toContainText("#42");
  await shot(page, info, "sessions");
  await page.goto(a.url + "/kv");
  const key = page.getByTestId("kv-item").filter({ hasText: "deploy/last-tag" });
  await expect(key).toContainText('"tag": "v1.4.2"');
  await expect(key.getByTestId("kv-ttl")).toHaveText(/^(23h|1d 0h)/);
  await shot(page, info, "kv");
  await page.goto(a.url + "/settings");
  await expect(page.locator('[data-key="embedding.provider"]')).toContainText("RECOLLECT_EMBEDDING_PROVIDER");
  await expect(page.locator('[data-key="injection.stableBudgetTokens"]')).toContainText("default");
  await shot(page, info, "settings");
});

test("export Markdown (download) -> import into a fresh data dir -> the same store, links and versions included", async ({ page, app }, info) => {
  const a = app.server;
  // What an export used to lose: a supersession link, a version history, a source other than import.
  const old = await createMemory(a, { content: "Round trip: deploys go through the blue pipeline.", category: "decision", source: "tool" });
  const next = await createMemory(a, { content: "Round trip: deploys go through the green pipeline.", category: "decision", source: "ui" });
  expect((await a.api(`/api/memories/${next.id}/links`, { method: "POST", json: { to: old.id, kind: "supersedes" } })).status).toBe(201);
  await a.api(`/api/memories/${next.id}`, {
    method: "PATCH",
    json: { content: "Round trip: deploys go through the green pipeline since April.", source: "ui" },
  });
  await login(page, a);
  const exportPage = new ExportPage(page, a.url);
  await exportPage.goto();
  await shot(page, info, "export");
  const download = await exportPage.download();
  expect(download.suggestedFilename()).toMatch(/^recollect-.*\.md$/);
  const file = info.outputPath("export.md");
  await download.saveAs(file);
  const md = fs.readFileSync(file, "utf8");
  expect(md).toContain("## Global");
  expect(md).toContain("### Constraint");

  const b = await server();
  try {
    expect(await snapshot(b)).toEqual([]);
    // Cookies ignore ports: signing in to b replaces a's session cookie in this context.
    await login(page, b, "/export");
    const importPage = new ExportPage(page, b.url);
    await importPage.preview(file);
    const expected = (await snapshot(a)).length;
    await expect(importPage.created).toHaveText(String(expected));
    await expect(importPage.duplicates).toHaveText("0");
    await importPage.confirm.click();
    await expect(importPage.report).toBeVisible();
    await expect(importPage.created).toHaveText(String(expected));
    await shot(page, info, "import-report");
    expect(await snapshot(b)).toEqual(await snapshot(a));
    const whole = wholeStore(a.dataDir);
    expect(whole.links.length).toBeGreaterThan(0);
    expect(whole.versions.length).toBeGreaterThan(0);
    expect(wholeStore(b.dataDir)).toEqual(whole);

    // Importing the same file again skips every memory as a duplicate.
    await importPage.preview();
    await expect(importPage.duplicates).toHaveText(String(expected));
    await expect(importPage.confirm).toBeDisabled();
  } finally {
    await b.stop();
  }
});

test("dark mode, narrow window, keyboard navigation", async ({ page, app }, info) => {
  const a = app.server;
  await login(page, a);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(a.url + "/memories");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await shot(page, info, "memories-dark");
  await page.getByTestId("theme-select").first().selectOption("light");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.getByTestId("theme-select").first().selectOption("system");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(a.url + "/");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await shot(page, info, "dashboard-narrow");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(a.url + "/");
  // The first Tab reaches the skip link; "g m" goes to the memories.
  await page.keyboard.press("Tab");
  await expect(page.getByText("Skip to content")).toBeFocused();
  await page.locator("body").click({ position: { x: 600, y: 5 } });
  await expect(async () => {
    await page.keyboard.press("g");
    await page.keyboard.press("m");
    await expect(page).toHaveURL(/\/memories$/, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.goto(a.url + "/memories/does-not-exist");
  await expect(page.getByTestId("not-found")).toBeVisible();
});
