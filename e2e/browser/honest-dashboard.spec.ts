import { expect } from "@playwright/test";
import type { TestServer } from "../../tests/helpers/server";
import { appTest } from "./fixtures";
import { createMemory, login, readDb, seedActivity, tempDir } from "./helpers";

/**
 * The browser says what its numbers count and agrees with the API: searches and the memories they
 * returned, deliveries and the memories injected, recalls (the same totals as /api/stats); the
 * embedding queue as /api/health has it (no provider: said so); empty charts say they are empty;
 * Recollect's own KV keys are not listed; and the smaller points of the third pass (a too-long
 * search, dates on hover in one time zone, the new-memory form's defaults, labelled counts, the
 * login page's words on where the token is).
 */
async function seed(a: TestServer) {
  const projectDir = tempDir("recollect-e2e-honest-");
  const ids: string[] = [];
  for (const text of ["Deploys go through the blue pipeline.", "The pipeline caches node_modules.", "Pipeline runs take ten minutes."]) {
    ids.push((await createMemory(a, { content: text, category: "fact", directory: projectDir })).id);
  }
  const projectId = ((await (await a.api(`/api/memories/${ids[0]}`)).json()) as { projectId: string }).projectId;
  await createMemory(a, { content: "Never push to main.", category: "constraint", pinned: true, directory: projectDir });
  // A session of this project: the "current" project for the new-memory form.
  seedActivity(a.dataDir, projectId);
  return { projectId, ids };
}

const test = appTest("honest-dashboard", seed);

type Stats = {
  activity: { searches: number; memoriesReturned: number; deliveries: number; memoriesInjected: number; recalls: number; memoriesRecalled: number };
  embeddings: { provider: string; queueDepth: number };
};
const stats = async (a: TestServer) => (await (await a.api("/api/stats")).json()) as Stats;

test("the activity chart counts searches and deliveries, with the memories beside them, as /api/stats does", async ({ page, ownApp }) => {
  const a = ownApp.server;
  const { projectId } = ownApp.data;
  // Two agent searches (each returns several memories), a recall, and the stable block delivered.
  for (const query of ["pipeline", "pipeline deploys"]) {
    expect((await a.api("/api/search", { method: "POST", json: { query, project: projectId, sessionId: "ses_e2e_1" } })).status).toBe(200);
  }
  await a.api("/api/context/recall", {
    method: "POST",
    json: { project: projectId, query: "how long do pipeline runs take", sessionID: "ses_e2e_1", messageID: "m1" },
  });
  await a.api(`/api/context/stable?project=${projectId}&sessionID=ses_e2e_1`);
  // Injections are written in batches off the hot path: wait for both deliveries (the stable
  // block and the recall block) to be recorded.
  await expect.poll(async () => (await stats(a)).activity.deliveries, { timeout: 30_000 }).toBe(2);
  const s = (await stats(a)).activity;
  expect(s.searches).toBe(2);
  expect(s.memoriesReturned).toBeGreaterThan(s.searches);

  await login(page, a);
  const summary = page.getByTestId("chart-access-summary");
  await expect(summary).toHaveText(
    `${s.searches} searches returned ${s.memoriesReturned} memories; ${s.deliveries} deliveries injected ${s.memoriesInjected} memories; ${s.recalls} recalls returned ${s.memoriesRecalled} memories.`,
  );
  await expect(page.getByTestId("chart-access")).toContainText("Agent searches, deliveries and recalls per day");
});

test("no embedding provider: the dashboard says so, as /api/health and /api/stats do; empty charts say they are empty", async ({ page, app }) => {
  const a = app.server;
  const health = (await (await a.api("/api/health")).json()) as { search: { model: string | null; queueDepth: number } };
  expect(health.search.model).toBeNull();
  expect(health.search.queueDepth).toBe(0);
  expect((await stats(a)).embeddings.provider).toBe("off");
  await login(page, a);
  await expect(page.getByTestId("queue-depth")).toContainText("off: no embedding provider is running");
  await expect(page.getByTestId("queue-depth")).not.toContainText("waiting");
  // Nothing searched or delivered on this server: the chart says so; one with data draws.
  await expect(page.getByTestId("chart-access").getByTestId("chart-empty")).toHaveText("No searches, deliveries or recalls by the agent in these days.");
  await expect(page.getByTestId("chart-memories").getByRole("img")).toBeVisible();
  await expect(page.getByTestId("chart-memories").getByTestId("chart-empty")).toHaveCount(0);
  // Counts say what they cover: the dashboard's live memories, the projects page's every status.
  await expect(page.getByTestId("count-project")).toContainText("By project (active and suggested)");
  await page.goto(`${a.url}/projects`);
  await expect(page.getByRole("columnheader", { name: "Memories (any status)" })).toBeVisible();
});

test("Recollect's own KV keys are not listed", async ({ page, app }) => {
  const a = app.server;
  // A started server has written its own bookkeeping key (the entity parser's version).
  const internalKeys = () => {
    const db = readDb(a.dataDir);
    try {
      return (db.prepare("SELECT count(*) AS n FROM kv WHERE project_id = '_recollect'").get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  await expect.poll(internalKeys).toBeGreaterThan(0);
  await login(page, a, "/kv");
  await expect(page.getByTestId("kv-item").filter({ hasText: "deploy/last-tag" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("parser-version");
  await expect(page.locator("main")).not.toContainText("_recollect");
});

test("a 5,000-character search is refused in words, not answered with the whole list", async ({ page, app }) => {
  const a = app.server;
  await login(page, a, "/memories");
  await page.goto(`${a.url}/memories?q=${"a".repeat(5000)}`);
  await expect(page.getByTestId("query-too-long")).toHaveText("The search is 5,000 characters long; the limit is 4,000. Search with fewer words.");
  await expect(page.getByTestId("memory-item")).toHaveCount(0);
});

test("ages show their date on hover, every date in UTC", async ({ page, app }) => {
  const a = app.server;
  await login(page, a, "/memories");
  const age = page.getByTestId("row-age").first();
  await expect(age).toHaveAttribute("title", /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  await page.getByTestId("memory-item").first().getByTestId("memory-link").click();
  await expect(page.getByTestId("memory-detail")).toBeVisible();
  for (const t of await page.locator("main time[title]").all()) await expect(t).toHaveAttribute("title", / UTC$/);
});

test("a new memory defaults to the current project's scope and the category fact", async ({ page, app }) => {
  const a = app.server;
  await login(page, a, "/memories/new");
  await expect(page.getByTestId("field-scope")).toHaveValue("project");
  await expect(page.getByTestId("field-project")).toHaveValue(app.data.projectId);
  await expect(page.getByTestId("field-category")).toHaveValue("fact");
});

test("the login page says where the token file is in words, not a variable", async ({ page, app }) => {
  await page.goto(`${app.server.url}/login`);
  await expect(page.getByTestId("login-page")).not.toContainText("$RECOLLECT_DATA_DIR");
  await expect(page.getByTestId("token-where")).toContainText("the file named token in Recollect's data folder: ~/.local/share/recollect/token");
});
