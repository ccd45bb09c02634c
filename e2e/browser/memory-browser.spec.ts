import { expect, test } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { createMemory, fs, login, seedActivity, server, shot, snapshot, tempDir } from "./helpers";

/**
 * The memory browser against a really started server on a temp data dir:
 * create -> search -> edit a constraint -> see it in the injected-block preview -> export Markdown
 * (download) -> import into a fresh data dir -> the same memories; bulk archive and restore;
 * checkpoint view; a screenshot of every page.
 */
test.describe.configure({ mode: "serial" });

let a: TestServer;
let projectId = "";

test.beforeAll(async () => {
  test.setTimeout(600_000);
  a = await server();
  const projectDir = tempDir("recollect-e2e-project-");
  const first = await createMemory(a, { content: "Never push directly to main; open a merge request.", category: "constraint", pinned: true, priority: 5, directory: projectDir, tags: ["git"] });
  projectId = ((await (await a.api(`/api/memories/${first.id}`)).json()) as { projectId: string }).projectId;
  await createMemory(a, { content: "Reply in English even when the code comments are in French.", category: "directive", pinned: true, priority: 1 });
  await createMemory(a, { content: "Prefer small pure functions over classes.", category: "preference", pinned: true });
  await createMemory(a, { content: "The staging database is reset every night at 02:00 UTC.", category: "fact", tags: ["staging"] });
  await createMemory(a, { content: "Vitest runs each HTTP test file against a really started server.", category: "convention", project: projectId, scope: "project" });
  seedActivity(a.dataDir, projectId);
});

test.afterAll(async () => {
  await a?.stop();
});

// Every test gets a fresh browser context: sign it in through a one-time login link first.
test.beforeEach(async ({ page }) => {
  await login(page, a);
});

test("dashboard shows counts, charts and health", async ({ page }, info) => {
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

test("create -> search (highlighted) -> edit with version diff", async ({ page }, info) => {
  await page.goto(a.url + "/memories/new");
  await shot(page, info, "new-memory");
  // Validation messages before any request.
  await page.getByTestId("save-memory").click();
  await expect(page.getByTestId("error-content")).toHaveText("Content must not be empty.");
  await expect(page.getByTestId("field-content")).toHaveAttribute("aria-invalid", "true");
  await page.getByTestId("field-priority").fill("500");
  await page.getByTestId("field-content").fill("Install dependencies with pnpm; npm breaks the workspace links.");
  await page.getByTestId("save-memory").click();
  await expect(page.getByTestId("error-priority")).toContainText("-100 to 100");
  await page.getByTestId("field-priority").fill("2");
  await page.getByTestId("field-title").fill("Use pnpm");
  await page.getByTestId("field-category").selectOption("convention");
  await page.getByTestId("field-tags").fill("tooling, Workspace");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("created-notice")).toBeVisible();
  await expect(page.getByTestId("memory-detail")).toContainText("Use pnpm");
  const url = page.url();

  // Search from the keyboard: "/" focuses the box.
  await page.goto(a.url + "/memories");
  // The shortcut exists once the page has hydrated: press until it takes effect.
  await expect(async () => {
    await page.locator("body").press("/");
    await expect(page.getByTestId("search-input")).toBeFocused({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.type("pnpm workspace");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=pnpm/);
  const hit = page.getByTestId("memory-item").first();
  await expect(hit).toContainText("Use pnpm");
  await expect(hit.getByTestId("hit").first()).toHaveText(/pnpm/i);
  await expect(page.getByTestId("result-summary")).toContainText("lexical");
  await shot(page, info, "memories-search");

  // Edit: the previous text is kept and diffed.
  await page.goto(url);
  await page.getByTestId("field-content").fill("Install dependencies with pnpm 9; npm breaks the workspace links.");
  await page.getByTestId("save-memory").click();
  await expect(page.getByTestId("form-saved")).toBeVisible();
  await expect(page.getByTestId("version-item")).toHaveCount(1);
  await expect(page.getByTestId("version-diff").locator("ins")).toContainText("9");
  // Link it to another memory.
  const other = await createMemory(a, { content: "The workspace uses pnpm-workspace.yaml for packages.", category: "fact" });
  await page.getByTestId("link-to").fill(other.id);
  await page.getByTestId("link-to").press("Enter");
  await expect(page.getByTestId("link-item")).toContainText("pnpm-workspace.yaml");
  await shot(page, info, "memory-detail");
});

test("edit a constraint inline and see it in the injected block preview", async ({ page }, info) => {
  await page.goto(`${a.url}/constraints?project=${projectId}`);
  const preview = page.getByTestId("block-text");
  await expect(preview).toContainText("Never push directly to main");
  await expect(preview).toContainText("Reply in English");
  const tokensBefore = Number((await page.getByTestId("block-tokens").textContent())!.replace(/,/g, ""));
  expect(tokensBefore).toBeGreaterThan(10);

  const item = page.getByTestId("constraint-item").filter({ hasText: "Never push directly" });
  await item.getByTestId("constraint-content").fill("Never push directly to main or release branches; open a merge request and wait for CI.");
  await item.getByTestId("constraint-save").click();
  await expect(preview).toContainText("Never push directly to main or release branches");
  const tokensAfter = Number((await page.getByTestId("block-tokens").textContent())!.replace(/,/g, ""));
  expect(tokensAfter).toBeGreaterThan(tokensBefore);

  // Disable the directive: it leaves the block.
  const directive = page.getByTestId("constraint-item").filter({ hasText: "Reply in English" });
  await directive.getByTestId("constraint-enabled").uncheck();
  await expect(preview).not.toContainText("Reply in English");
  await page.getByTestId("constraint-item").filter({ hasText: "Reply in English" }).getByTestId("constraint-enabled").check();
  await expect(preview).toContainText("Reply in English");

  // Add a second constraint for the project and move it above the first.
  await page.getByTestId("quick-constraint-content").fill("Run the linter before every commit.");
  await page.getByTestId("quick-constraint-content").press("Enter");
  await expect(preview).toContainText("Run the linter");
  const text = async () => (await preview.textContent()) ?? "";
  expect((await text()).indexOf("Never push")).toBeLessThan((await text()).indexOf("Run the linter"));
  await page.getByTestId("constraint-item").filter({ hasText: "Run the linter" }).getByTestId("constraint-up").click();
  await expect.poll(async () => (await text()).indexOf("Run the linter") < (await text()).indexOf("Never push")).toBe(true);
  await shot(page, info, "constraints");
});

test("bulk archive and restore", async ({ page }, info) => {
  await page.goto(a.url + "/memories");
  const rows = page.getByTestId("memory-item");
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(5);
  const staging = rows.filter({ hasText: "staging database" });
  const vitest = rows.filter({ hasText: "Vitest runs" });
  await staging.getByTestId("select-memory").check();
  await vitest.getByTestId("select-memory").check();
  await expect(page.getByTestId("selected-count")).toHaveText("2 selected");
  await page.getByTestId("bulk-archive").click();
  await expect(page.getByTestId("bulk-message")).toContainText("Archived 2 memories");
  await expect(rows).toHaveCount(before - 2);

  await page.getByTestId("filter-status").selectOption("archived");
  await page.getByTestId("apply-filters").click();
  await expect(page).toHaveURL(/status=archived/);
  await expect(rows).toHaveCount(2);
  await shot(page, info, "memories-archived");
  await page.getByTestId("select-all").check();
  await page.getByTestId("bulk-restore").click();
  await expect(page.getByTestId("bulk-message")).toContainText("Restored 2 memories");
  await expect(page.getByTestId("empty-state")).toBeVisible();

  // Delete asks first; Cancel keeps everything.
  await page.goto(a.url + "/memories");
  await expect(rows).toHaveCount(before);
  await rows.first().getByTestId("select-memory").check();
  await page.getByTestId("bulk-delete").click();
  await expect(page.getByTestId("confirm-dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("confirm-dialog")).toBeHidden();
  await expect(rows).toHaveCount(before);
  await shot(page, info, "memories");
});

test("checkpoint view: Markdown, extracted items, raw history paged", async ({ page }, info) => {
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

test("sessions, KV and settings pages", async ({ page }, info) => {
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

test("export Markdown (download) -> import into a fresh data dir -> the same memories", async ({ page }, info) => {
  await page.goto(a.url + "/export");
  await shot(page, info, "export");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-download").click()]);
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
    await page.getByTestId("import-file").setInputFiles(file);
    await page.getByTestId("import-preview").click();
    const expected = (await snapshot(a)).length;
    await expect(page.getByTestId("report-created")).toHaveText(String(expected));
    await expect(page.getByTestId("report-duplicates")).toHaveText("0");
    await page.getByTestId("import-confirm").click();
    await expect(page.getByTestId("import-report")).toBeVisible();
    await expect(page.getByTestId("report-created")).toHaveText(String(expected));
    await shot(page, info, "import-report");
    expect(await snapshot(b)).toEqual(await snapshot(a));

    // Importing the same file again skips every memory as a duplicate.
    await page.getByTestId("import-preview").click();
    await expect(page.getByTestId("report-duplicates")).toHaveText(String(expected));
    await expect(page.getByTestId("import-confirm")).toBeDisabled();
  } finally {
    await b.stop();
  }
});

test("dark mode, narrow window, keyboard navigation", async ({ page }, info) => {
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
  }).toPass({ timeout: 10_000 });
  await page.goto(a.url + "/memories/does-not-exist");
  await expect(page.getByTestId("not-found")).toBeVisible();
});
