import AxeBuilder from "@axe-core/playwright";
import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login, seedActivity, tempDir } from "./helpers";

/**
 * WCAG AA on every page, light and dark: axe-core finds no serious or critical violation
 * (color-contrast and link-in-text-block included). One server, one browser context per theme,
 * every page in turn: a spec per page would start a server each.
 * And the `?` shortcut list: over the page, whole, on a window lower than 800 px.
 */
async function seed(a: TestServer) {
  const projectDir = tempDir("recollect-e2e-axe-");
  const rule = await createMemory(a, {
    content: "Never push directly to main; open a merge request and wait for the pipeline.",
    title: "No direct pushes to main",
    category: "constraint",
    pinned: true,
    tags: ["git", "review"],
    directory: projectDir,
  });
  const projectId = ((await (await a.api(`/api/memories/${rule.id}`)).json()) as { projectId: string }).projectId;
  const other = await createMemory(a, { content: "Deploys go through the blue pipeline.", category: "decision", tags: ["deploy"] });
  await a.api(`/api/memories/${rule.id}/links`, { method: "POST", json: { to: other.id, kind: "relates" } });
  await a.api(`/api/memories/${other.id}`, { method: "PATCH", json: { content: "Deploys go through the green pipeline.", source: "ui" } });
  // The inbox: a suggestion waiting for review.
  await createMemory(a, { content: "The staging database is reset every night.", category: "fact", status: "suggested" });
  seedActivity(a.dataDir, projectId);
  return { projectId, ruleId: rule.id };
}

const test = appTest("accessibility", seed);

const pages = (d: { projectId: string; ruleId: string }) => [
  "/",
  "/memories",
  "/memories?q=pipeline",
  `/memories/${d.ruleId}`,
  "/memories/new",
  "/inbox",
  `/constraints?project=${d.projectId}`,
  "/checkpoints",
  "/checkpoints/cp_e2e_1",
  "/sessions",
  "/sessions/ses_e2e_1",
  "/kv",
  "/projects",
  "/loops",
  "/settings",
  "/export",
];

for (const scheme of ["light", "dark"] as const) {
  test(`every page, ${scheme}: no serious or critical axe-core violation`, async ({ browser, app }) => {
    // Seventeen pages, each analysed by axe: minutes on a loaded 2-core machine.
    test.setTimeout(600_000);
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      // The login page first (no session yet), then every page signed in.
      await page.goto(`${app.server.url}/login`);
      const found: string[] = [];
      const check = async (path: string) => {
        await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
        const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        for (const v of violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
          found.push(
            `${path} ${v.id} (${v.nodes.length}): ${v.nodes
              .slice(0, 3)
              .map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1] ?? ""}`)
              .join(" | ")}`,
          );
        }
      };
      await check("/login");
      await login(page, app.server);
      for (const path of pages(app.data)) {
        await page.goto(app.server.url + path);
        await expect(page.locator("main")).toBeVisible();
        // The dashboard's charts render in the browser: checked once drawn.
        if (path === "/") await expect(page.getByTestId("chart-access")).toBeVisible({ timeout: 30_000 });
        await check(path);
      }
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test("the ? shortcut list opens over the page and is whole on a 700 px high window", async ({ browser, app }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 700 } });
  const page = await context.newPage();
  try {
    await login(page, app.server, "/memories");
    const help = page.getByTestId("shortcuts-help");
    await expect(help).toBeHidden();
    await page.locator("main").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("?");
    await expect(help).toBeVisible();
    await expect(help).toContainText("toggle this help");
    const box = (await help.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(700);
    // Its last line is in the window (scrolled into it if the list were ever longer than the box).
    await expect(help.getByText("toggle this help")).toBeInViewport();
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();
  } finally {
    await context.close();
  }
});
