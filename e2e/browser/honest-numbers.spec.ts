import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login, readDb, tempDir } from "./helpers";
import { ConstraintsPage } from "./pages/constraints-page";
import { MemoriesPage } from "./pages/memories-page";

/**
 * Numbers the browser shows must be the agent's, not the user's: a search in the browser counts
 * no access; the blocks served to the plugin are recorded as injections and shown per memory and
 * per session; the constraints page says at the top when the budget leaves a pinned rule out.
 * The stable budget is small (120 tokens) so that one long rule overflows it.
 */
async function seed(a: TestServer) {
  const projectDir = tempDir("recollect-e2e-numbers-");
  const rule = await createMemory(a, { content: "Run the linter before every commit.", category: "constraint", pinned: true, directory: projectDir });
  const projectId = ((await (await a.api(`/api/memories/${rule.id}`)).json()) as { projectId: string }).projectId;
  const browsed = await createMemory(a, { content: "The quarterly zephyrine report lives in the finance share.", category: "fact" });
  const recalled = await createMemory(a, { content: "Deploys of the marmalade service go through the blue pipeline.", category: "fact" });
  return { projectId, ruleId: rule.id, browsedId: browsed.id, recalledId: recalled.id };
}

const test = appTest("honest-numbers", seed, { RECOLLECT_INJECTION_STABLE_BUDGET_TOKENS: "120" });

test("a search in the browser leaves access counts and the access log unchanged", async ({ page, app }) => {
  const a = app.server;
  await login(page, a, "/memories");
  const list = new MemoriesPage(page, a.url);
  await list.searchFromKeyboard("zephyrine");
  await expect(list.row("quarterly zephyrine report")).toBeVisible();
  const db = readDb(a.dataDir);
  try {
    const row = db.prepare("SELECT access_count AS n, last_accessed_at AS at FROM memories WHERE id = ?").get(app.data.browsedId) as {
      n: number;
      at: number | null;
    };
    expect(row).toEqual({ n: 0, at: null });
    expect(db.prepare("SELECT count(*) AS n FROM access_log WHERE memory_id = ?").get(app.data.browsedId)).toEqual({ n: 0 });
  } finally {
    db.close();
  }
});

test("blocks served to the plugin are recorded as injections, shown on the memory and its session", async ({ page, app }) => {
  const a = app.server;
  const { projectId, ruleId, recalledId } = app.data;
  const session = "ses_e2e_injected";
  // The calls the plugin makes on a turn: the stable block (with its session) and a recall block.
  for (let turn = 0; turn < 3; turn++) {
    const stable = await a.api(`/api/context/stable?project=${projectId}&sessionID=${session}`);
    expect(((await stable.json()) as { memoryIds: string[] }).memoryIds).toContain(ruleId);
  }
  const recall = await a.api("/api/context/recall", {
    method: "POST",
    json: { project: projectId, query: "how do marmalade deploys work", sessionID: session, messageID: "msg_1" },
  });
  expect(((await recall.json()) as { memoryIds: string[] }).memoryIds).toEqual([recalledId]);

  await login(page, a, `/memories/${ruleId}`);
  // Recorded in batches off the hot path: reload until the batch is written.
  await expect(async () => {
    await page.reload();
    // Three turns with the same block: one injection, not three.
    await expect(page.getByTestId("injection-count")).toHaveText("1", { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  const item = page.getByTestId("injection-item");
  await expect(item).toContainText("stable block");
  await item.getByRole("link").click();
  await expect(page).toHaveURL(`${a.url}/sessions/${session}`);
  await expect(page.getByTestId("session-injection")).toHaveCount(2);
  await expect(page.getByTestId("session-injections")).toContainText("recall: “how do marmalade deploys work”");

  await page.goto(`${a.url}/memories/${recalledId}`);
  await expect(page.getByTestId("injection-count")).toHaveText("1");
  await expect(page.getByTestId("injection-item")).toContainText("recall block for “how do marmalade deploys work”");
});

test("the constraints page says at the top when a pinned rule is left out by the budget", async ({ page, ownApp }) => {
  const a = ownApp.server;
  await login(page, a, `/constraints?project=${ownApp.data.projectId}`);
  const constraints = new ConstraintsPage(page, a.url);
  await expect(page.getByTestId("block-text")).toContainText("Run the linter");
  await expect(page.getByTestId("budget-alert")).toHaveCount(0);
  const long = `Never merge on a Friday: ${"wait for the nightly integration run, the soak test and a second reviewer; ".repeat(8)}`;
  await constraints.quickAdd(long);
  const alert = page.getByTestId("budget-alert");
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("1 pinned memory is left out of the injected block: the budget of 120 tokens is full.");
  await expect(alert.getByTestId("left-out-item")).toContainText("Never merge on a Friday");
  // At the top: above the project picker and the list.
  const alertBox = (await alert.boundingBox())!;
  const listBox = (await page.getByTestId("quick-constraint").boundingBox())!;
  expect(alertBox.y).toBeLessThan(listBox.y);
});
