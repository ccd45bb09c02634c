import path from "node:path";
import Database from "better-sqlite3";
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { confirmWithToken, fs, login, server, tempDir } from "./helpers";

/** The import page's day-one panels: bootstrap from a project's files and import from another tool, each previewed first. */
test("bootstrap a project and import claude-mem from the browser, previewing both", async ({ page }) => {
  const s = await server();
  try {
    const project = tempDir();
    fs.writeFileSync(path.join(project, "AGENTS.md"), "# Rules\n\n- Never edit generated files.\n");
    await login(page, s, "/export");

    await page.getByTestId("bootstrap-dir").fill(project);
    await page.getByTestId("bootstrap-preview").click();
    // Reading a directory of this machine: the session cookie alone may not; the token is asked once.
    await confirmWithToken(page, s.token);
    const preview = page.getByTestId("bootstrap-preview-report");
    await expect(preview.getByTestId("bootstrap-new")).toHaveText("1");
    await expect(preview.getByTestId("bootstrap-item")).toContainText("Never edit generated files.");
    await expect(preview.getByTestId("bootstrap-item")).toContainText("AGENTS.md:3");
    await page.getByTestId("bootstrap-confirm").click();
    await expect(page.getByTestId("bootstrap-report")).toBeVisible();
    const suggested = (await (await s.api("/api/memories?status=suggested")).json()) as { items: { content: string }[] };
    expect(suggested.items.map((m) => m.content)).toEqual(["Never edit generated files."]);

    const db = path.join(tempDir(), "claude-mem.db");
    const foreign = new Database(db);
    foreign.exec(
      "CREATE TABLE observations (id INTEGER PRIMARY KEY, memory_session_id TEXT, project TEXT, text TEXT, type TEXT, title TEXT, narrative TEXT, created_at TEXT, created_at_epoch INTEGER)",
    );
    foreign.prepare("INSERT INTO observations VALUES (1, 'm', 'shop', NULL, 'decision', 'Queue', 'Use SQS for background jobs', 'x', 1767225600000)").run();
    foreign.prepare("INSERT INTO observations VALUES (2, 'm', 'shop', NULL, 'limerick', 'x', 'a verse', 'x', 1767225600000)").run();
    foreign.close();
    await page.getByTestId("tool-from").selectOption("claude-mem");
    await page.getByTestId("tool-path").fill(db);
    await page.getByTestId("tool-preview").click();
    const toolPreview = page.getByTestId("tool-preview-report");
    await expect(toolPreview.getByTestId("tool-new")).toHaveText("1");
    await expect(toolPreview.getByTestId("tool-skipped-item")).toContainText('observation:2: unknown observation type "limerick"');
    await page.getByTestId("tool-confirm").click();
    await expect(page.getByTestId("tool-report").getByTestId("tool-new")).toHaveText("1");
    const active = (await (await s.api("/api/memories?limit=50")).json()) as { items: { content: string; source: string }[] };
    expect(active.items).toContainEqual(expect.objectContaining({ content: "Use SQS for background jobs", source: "import" }));
  } finally {
    await s.stop();
  }
});
