import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login, tempDir } from "./helpers";
import { ConstraintsPage } from "./pages/constraints-page";

/** From a memory's page: move it to another scope, remove a link; on the constraints page: reorder by keyboard. */
async function seed(a: TestServer) {
  const first = await createMemory(a, {
    content: "Memory page: a project note to anchor the project.",
    category: "fact",
    directory: tempDir("recollect-e2e-mempage-"),
  });
  const projectId = ((await (await a.api(`/api/memories/${first.id}`)).json()) as { projectId: string }).projectId;
  return { projectId };
}

const test = appTest("memory-page", seed);

test("a memory moves from global to one project from its page", async ({ page, app }) => {
  const a = app.server;
  const { id } = await createMemory(a, { content: "Memory page: a global rule that belongs to one project.", category: "convention" });
  await login(page, a, `/memories/${id}`);
  await page.getByTestId("place-scope").selectOption("project");
  await page.getByTestId("place-project").selectOption(app.data.projectId);
  await page.getByTestId("place-save").click();
  await expect(page.getByTestId("place")).toContainText("Moved.");
  const stored = (await (await a.api(`/api/memories/${id}`)).json()) as { scope: string; projectId: string };
  expect(stored).toMatchObject({ scope: "project", projectId: app.data.projectId });
});

test("a link is removed from the memory's page", async ({ page, app }) => {
  const a = app.server;
  const one = await createMemory(a, { content: "Memory page: the source of a link.", category: "fact" });
  const two = await createMemory(a, { content: "Memory page: the target of a link.", category: "fact" });
  expect((await a.api(`/api/memories/${one.id}/links`, { method: "POST", json: { to: two.id, kind: "relates" } })).status).toBe(201);
  // From the target's side: the link came in.
  await login(page, a, `/memories/${two.id}`);
  await expect(page.getByTestId("link-item")).toContainText("related from");
  await page.getByTestId("remove-link").click();
  await expect(page.getByTestId("link-item")).toHaveCount(0);
  const links = (await (await a.api(`/api/memories/${one.id}/links`)).json()) as { items: unknown[] };
  expect(links.items).toEqual([]);
});

test("moving a constraint keeps the focus on its button, and says so visibly", async ({ page, ownApp }) => {
  const a = ownApp.server;
  for (const [content, priority] of [
    ["Memory page: rule A.", 3],
    ["Memory page: rule B.", 2],
    ["Memory page: rule C.", 1],
  ] as const)
    await createMemory(a, { content, category: "constraint", pinned: true, priority });
  await login(page, a, "/constraints");
  const constraints = new ConstraintsPage(page, a.url);
  const up = constraints.item("rule C").getByTestId("constraint-up");
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("constraints-status")).toHaveText("Moved up. The preview is up to date.");
  await expect(page.getByTestId("constraints-status")).toBeVisible();
  await expect(page.getByTestId("constraint-item").nth(1)).toContainText("rule C");
  await expect(constraints.item("rule C").getByTestId("constraint-up")).toBeFocused();
  // Again: now at the top, its "up" is disabled and "down" takes the focus.
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("constraint-item").nth(0)).toContainText("rule C");
  await expect(constraints.item("rule C").getByTestId("constraint-down")).toBeFocused();
});
